/**
 * Invoices: nothing moves when one is created; paying it (testnet only) moves the amount into the
 * owner's Pay balance. An active invoice past its `expiresAt` by the world's clock turns `expired`
 * the next time it is looked at.
 */
import { createHash } from "node:crypto";
import { money } from "../../../domain/money.js";
import { type InvoicePaymentAddress, INVOICE_EXPIRES_IN_MS_PER_UNIT } from "../../../service/schemas.js";
import { findAsset } from "../catalogue.js";
import type * as S from "../../../service/schemas.js";
import { announce } from "../callbacks.js";
import { defineHandlers } from "../define.js";
import { pageNewestFirst } from "../paging.js";
import { problems } from "../problems.js";
import { type SimAccount, SimProblem, type World } from "../types.js";
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
    const asset = requireAsset(input.priceCurrency);
    if (input.payCurrencies !== undefined && input.payCurrencies.some((c) => c !== input.priceCurrency)) {
      // As the real service does (S6): payable only in the price currency for now.
      throw new SimProblem(400, "not_implemented", "Invoices are payable in their price currency only.");
    }
    const price = input.priceAmount ?? input.minPayment ?? "0";
    checkAmount(price, asset.precision, asset.pay.minInvoice);
    const now = world.now();
    const invoiceId = world.nextId("inv");
    const links = paymentLinks(world, "invoice", invoiceId);
    const rec: InvoiceRecord = {
      owner: owner.userId,
      payments: [],
      terms: { asset: input.priceCurrency, min: price, fixed: input.priceAmount !== undefined },
      invoice: {
        id: invoiceId,
        clientInvoiceId: input.clientInvoiceId ?? null,
        priceCurrency: input.priceCurrency,
        priceAmount: input.priceAmount ?? null,
        minPayment: input.minPayment ?? null,
        numPayments: input.numPayments ?? 1,
        payCurrencies: input.payCurrencies ?? [input.priceCurrency],
        description: input.description ?? null,
        expiresIn: input.expiresIn ?? null,
        status: "active",
        createdAt: now.toISOString(),
        expiresAt:
          input.expiresIn === undefined
            ? null
            : new Date(now.getTime() + input.expiresIn * INVOICE_EXPIRES_IN_MS_PER_UNIT).toISOString(),
        links: { telegramBotLink: links.telegramBotLink, webLink: links.webLink },
        // Echoed as sent (S3's Invoice model reads them back).
        ...(input.callback === undefined ? {} : { callback: input.callback }),
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.customer === undefined ? {} : { customer: input.customer }),
      },
    };
    payModule(world).invoicesById.set(invoiceId, rec);
    return record(invoices, invoiceId, input.clientInvoiceId, rec).invoice;
  },

  getInvoices: ({ asset, fiat, ids, status, cursor, limit }, { account, world }) => {
    const { invoices } = payAccount(world, requireAccount(account).userId);
    const wanted = ids === undefined ? undefined : new Set(ids);
    // Every invoice is priced in a crypto asset here, so a fiat filter keeps none.
    const page = pageNewestFirst(
      invoices.list,
      { cursor, limit },
      (r) =>
        fiat === undefined &&
        (asset === undefined || r.invoice.priceCurrency === asset) &&
        (wanted === undefined || wanted.has(r.invoice.id)) &&
        (status === undefined || current(world, r) === status),
    );
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
    const { terms } = rec;
    const network = findAsset(terms.asset)?.networks.find((n) => n.network === payNetwork);
    if (network === undefined) {
      throw problems.validation("payNetwork", `${terms.asset} cannot be paid on ${payNetwork}.`);
    }
    return paymentAddress(rec.invoice.id, terms.asset, payNetwork, terms.min, rec.invoice.expiresAt);
  },

  deleteInvoice: ({ invoiceId, clientInvoiceId }, { account, world }) => {
    const rec = findOwn(world, requireAccount(account), invoiceId, clientInvoiceId);
    requireActive(world, rec);
    rec.invoice.status = "deleted";
    statusChanged(world, rec);
  },

  payInvoiceTestnet: ({ invoiceId, payerId, amount: offered }, { world }) => {
    if (world.network !== "testnet") throw problems.testnetOnly();
    return payInvoice(world, invoiceId, payerId, offered);
  },
});

/**
 * Pays an active invoice of any account of `world` as `payerId` (the testnet call and the `/_sim/`
 * control endpoint of both networks): a payer with an account pays from its balance, any other user
 * from thin air. A fixed price is paid as it is; above a minimum payment the payer chooses (the
 * minimum by default). 404 for an unknown invoice, 409 `invalid_state` unless it is active.
 */
export function payInvoice(world: World, invoiceId: string, payerId?: string, offered?: string): S.Invoice {
  const rec = payModule(world).invoicesById.get(invoiceId);
  if (rec === undefined) throw problems.notFound("invoice");
  requireActive(world, rec);
  const payer = payerId ?? DEFAULT_TESTNET_PAYER;
  const payerAccount = world.accounts.get(parseUserId(payer, "payerId"));
  const { asset, min, fixed } = rec.terms;
  const amount = fixed ? min : (offered ?? min);
  if (!fixed && money.lt(amount, min)) throw problems.outOfRange(min);
  if (payerAccount !== undefined) debit(payerAccount.pay, asset, amount);
  credit((world.accounts.get(rec.owner) as SimAccount).pay, asset, amount);
  const paidAt = world.now().toISOString();
  const payment: S.InvoicePayment = {
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
  };
  rec.payments.push(payment);
  // The invoice closes with its last expected payment; a payment before that is told on its own.
  if (rec.payments.length >= (rec.invoice.numPayments ?? 1)) {
    rec.invoice.status = "paid";
    statusChanged(world, rec);
  } else {
    announce(world, rec.owner, rec.invoice.callback?.callbackUrl, "invoice", {
      event: "payment_status_changed",
      invoice: rec.invoice,
      payment,
    });
  }
  return rec.invoice;
}

/** Tells the invoice's callback (when it has one) about its new status. */
function statusChanged(world: World, rec: InvoiceRecord): void {
  announce(world, rec.owner, rec.invoice.callback?.callbackUrl, "invoice", {
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
  return inv.status ?? "active";
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
