/**
 * Invoices: nothing moves when one is created; paying it (testnet only) moves the amount into the
 * owner's Pay balance. An active invoice past its `expiresAt` by the world's clock turns `expired`
 * the next time it is looked at.
 */
import { announce } from "../callbacks.js";
import { createHash } from "node:crypto";
import type { InvoicePaymentAddress } from "../../service/schemas.js";
import { findAsset } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst } from "../paging.js";
import { problems } from "../problems.js";
import type * as S from "../../service/schemas.js";
import type { SimAccount, World } from "../types.js";
import { credit, debit, requireAccount } from "../world.js";
import { paymentLinks } from "./links.js";
import { checkAmount, parseUserId, requireAsset, requireNewClientId } from "./rules.js";
import { type InvoiceRecord, lookup, payAccount, payModule, record } from "./state.js";

/** Payer recorded when payInvoiceTestnet names none: a testnet user below the simulator's account ids. */
export const DEFAULT_TESTNET_PAYER = "1000";

export const invoiceHandlers = defineHandlers({
  createInvoice: (input, { account, world }) => {
    const owner = requireAccount(account);
    const { invoices } = payAccount(world, owner.userId);
    requireNewClientId(invoices, "clientInvoiceId", input.clientInvoiceId);
    const asset = requireAsset(input.asset);
    checkAmount(input.amount, asset.precision, asset.pay.minInvoice);
    const now = world.now();
    const invoiceId = world.nextId("inv");
    const rec: InvoiceRecord = {
      owner: owner.userId,
      callbackUrl: input.callback?.callbackUrl,
      payments: [],
      invoice: {
        invoiceId,
        clientInvoiceId: input.clientInvoiceId,
        asset: input.asset,
        amount: input.amount,
        description: input.description ?? null,
        status: "active",
        createdAt: now.toISOString(),
        expiresAt:
          input.expiresIn === undefined
            ? null
            : new Date(now.getTime() + input.expiresIn * 1000).toISOString(),
        paidAt: null,
        payerId: null,
        links: paymentLinks(world, "invoice", invoiceId),
      },
    };
    payModule(world).invoicesById.set(invoiceId, rec);
    return record(invoices, invoiceId, input.clientInvoiceId, rec).invoice;
  },

  getInvoices: ({ cursor, limit }, { account, world }) => {
    const { invoices } = payAccount(world, requireAccount(account).userId);
    const page = pageNewestFirst(invoices.list, { cursor, limit }, (r) => current(world, r) === "active");
    return { items: page.items.map((r) => r.invoice), pagination: page.pagination };
  },

  getInvoice: ({ invoiceId, clientInvoiceId }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), invoiceId, clientInvoiceId);
    current(world, rec);
    return rec.invoice;
  },

  getInvoicePayments: ({ invoiceId, clientInvoiceId, cursor, limit }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), invoiceId, clientInvoiceId);
    const page = pageNewestFirst(rec.payments, { cursor, limit });
    return { items: page.items, pagination: page.pagination };
  },

  createInvoicePaymentAddress: ({ invoiceId, clientInvoiceId, payNetwork }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), invoiceId, clientInvoiceId);
    requireActive(world, rec);
    const { asset, amount } = rec.invoice;
    const network = findAsset(asset)?.networks.find((n) => n.network === payNetwork);
    if (network === undefined) {
      throw problems.validation("payNetwork", `${asset} cannot be paid on ${payNetwork}.`);
    }
    return paymentAddress(rec.invoice.invoiceId, asset, payNetwork, amount, rec.invoice.expiresAt);
  },

  deleteInvoice: ({ invoiceId, clientInvoiceId }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), invoiceId, clientInvoiceId);
    requireActive(world, rec);
    rec.invoice.status = "deleted";
    statusChanged(world, rec);
    return rec.invoice;
  },

  payInvoiceTestnet: ({ invoiceId, payerId }, { world }) => {
    if (world.network !== "testnet") throw problems.testnetOnly();
    return payInvoice(world, invoiceId, payerId);
  },
});

/**
 * Pays an active invoice of any account of `world` as `payerId` (the testnet call and the `/_sim/`
 * control endpoint of both networks): a payer with an account pays from its balance, any other user
 * from thin air. 404 for an unknown invoice, 409 `invalid_state` unless it is active.
 */
export function payInvoice(world: World, invoiceId: string, payerId?: string): S.Invoice {
  const rec = payModule(world).invoicesById.get(invoiceId);
  if (rec === undefined) throw problems.notFound("invoice");
  requireActive(world, rec);
  const payer = payerId ?? DEFAULT_TESTNET_PAYER;
  const payerAccount = world.accounts.get(parseUserId(payer, "payerId"));
  const { asset, amount } = rec.invoice;
  if (payerAccount !== undefined) debit(payerAccount.pay, asset, amount);
  credit((world.accounts.get(rec.owner) as SimAccount).pay, asset, amount);
  const paidAt = world.now().toISOString();
  Object.assign(rec.invoice, { status: "paid", paidAt, payerId: payer });
  rec.payments.push({
    id: world.nextId("ipm"),
    status: "paid",
    finalizedAt: paidAt,
    payAmount: amount,
    payCurrency: asset,
    receiveAmount: amount,
    receiveCurrency: asset,
    transactions: [
      { id: world.nextId("itx"), status: "confirmed", type: "internal", createdAt: paidAt, payer: { telegramId: payer } },
    ],
  });
  statusChanged(world, rec);
  return rec.invoice;
}

function statusChanged(world: World, rec: InvoiceRecord): void {
  announce(world, rec.owner, rec.callbackUrl, "invoice", {
    event: "invoice_status_changed",
    invoice: rec.invoice,
  });
}

/**
 * A deposit address for the invoice on `network`: derived from the invoice, so asking again gives the
 * same one. Its shape follows the network's (the simulator never receives on chain).
 */
function paymentAddress(
  invoiceId: string,
  asset: string,
  network: string,
  minAmount: string,
  expiresAt: string | null,
): InvoicePaymentAddress {
  const hex = createHash("sha256").update(`${invoiceId}:${network}`).digest("hex");
  const address =
    network === "TON"
      ? `UQ${Buffer.from(hex, "hex").toString("base64url").slice(0, 46).padEnd(46, "A")}`
      : network === "ETH" || network === "BSC"
        ? `0x${hex.slice(0, 40)}`
        : `${network.toLowerCase()}-${hex.slice(0, 40)}`;
  return { address, payCurrency: asset, payNetwork: network, expiresAt, minAmount };
}

/** The invoice's status after applying expiry by the world's clock. */
function current(world: World, rec: InvoiceRecord): string {
  const inv = rec.invoice;
  if (
    inv.status === "active" &&
    inv.expiresAt !== null &&
    world.now().getTime() > Date.parse(inv.expiresAt)
  ) {
    inv.status = "expired";
    statusChanged(world, rec);
  }
  return inv.status;
}

function requireActive(world: World, rec: InvoiceRecord): void {
  const status = current(world, rec);
  if (status !== "active") throw problems.invalidState(`The invoice is ${status}.`, { status });
}

function findOwn(world: World, owner: SimAccount, id?: string, clientId?: string): InvoiceRecord {
  const rec = lookup(payAccount(world, owner.userId).invoices, id, clientId);
  if (rec === undefined) throw problems.notFound("invoice");
  return rec;
}
