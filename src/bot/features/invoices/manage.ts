/**
 * The active invoices: a list paged by the service's cursor, the details of one, deleting it through
 * the shared confirmation step, and (testnet only) paying it to try the whole cycle.
 */
import { replyWithQr } from "../../shared/qr.js";
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import type { PrivateEntries } from "../../entries.js";
import { clientsFor } from "../../../accounts/clients.js";
import { inlineUserText, quotedField } from "../../../domain/user-text.js";
import { isNotFound, outcomeMayBeApplied, ServiceRefusedError } from "../../../service/errors.js";
import type { Reconciled } from "../../../service/reconcile.js";
import type { Invoice } from "../../../service/schemas.js";
import type { BotContext, BotDeps } from "../../context.js";
import { type ActionDefinition, type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { createCursorPages } from "../../shared/cursor-pages.js";
import { showInPlace } from "../../shared/show.js";
import {
  addressText,
  invoiceAmount,
  invoicePrice,
  invoiceTerms,
  invoiceAsset,
  invoiceCard,
  invoiceKeyboard,
  networksKeyboard,
  payerIdsOf,
  paymentsText,
} from "./view.js";
import { INVOICE_DATA } from "./callback-data.js";
import { zoneOf } from "../../shared/user-on-arrival.js";
import { worthOf } from "../../shared/worth.js";

export const DELETE_KIND = "invoice_delete";
const PAGE_SIZE = 5;
/** Payments listed under an invoice's details (the newest). */
const PAYMENTS_SHOWN = 10;
/** Characters of an invoice's button in the list: its price and the start of its description. */
const LIST_LABEL_MAX = 48;
/** The invoice a pressed button names (its handler matched the codec's pattern, so it parses). */
const pressedInvoice = (ctx: BotContext, codec: typeof INVOICE_DATA.show): string =>
  codec.parse(ctx.callbackQuery?.data ?? "")!.invoiceId;

/** `anyAmount`: the invoice took any amount from `amount` up (absent in rows journaled before it was kept). */
type DeletePayload = { invoiceId: string; asset: string; amount: string; anyAmount?: boolean };

const isInvalidState = (err: unknown) => err instanceof ServiceRefusedError && err.reason === "invalid_state";

/**
 * Deleting an unpaid invoice. The call has no client id, so the invoice's own status is the proof.
 * It answers no body; what the user is told comes from the payload.
 */
export function deleteInvoiceAction(): ActionDefinition<DeletePayload> {
  return {
    kind: DELETE_KIND,
    idPrefix: "invdel",
    async execute({ payload, clients }) {
      try {
        await clients.pay.deleteInvoice({ invoiceId: payload.invoiceId });
        return {};
      } catch (err) {
        // A lost reply, or a delete that raced another one: if it is deleted now, it is done.
        if (!outcomeMayBeApplied(err) && !isInvalidState(err)) throw err;
        const now = await clients.pay.getInvoice({ invoiceId: payload.invoiceId });
        if (now.status === "deleted") return now;
        throw err;
      }
    },
    async reconcile({ payload, clients }): Promise<Reconciled<Invoice>> {
      try {
        const now = await clients.pay.getInvoice({ invoiceId: payload.invoiceId });
        return now.status === "deleted" ? { done: true, resource: now } : { done: false };
      } catch (err) {
        if (isNotFound(err)) return { done: false };
        throw err;
      }
    },
    describeDone: (t, payload) =>
      t(
        "invoices-deleted",
        invoiceTerms({
          priceCurrency: payload.asset,
          priceAmount: payload.anyAmount ? null : payload.amount,
          minPayment: payload.amount,
        }),
      ),
  };
}

const isTestnet = async (deps: BotDeps, telegramId: number) =>
  (await deps.storage.users.get(telegramId))?.network === "testnet";

/** The list, details, delete and test-pay handlers, and a function that shows the list's first page. */
export function invoiceManagement(
  deps: BotDeps,
  actions: ActionRegistry,
  entries: PrivateEntries,
): { showList: (ctx: BotContext) => Promise<void> } {
  const pages = createCursorPages(deps.storage, "invoices-pages");

  const showPage = async (ctx: BotContext, page: number, edit: boolean) => {
    const at = await pages.open(ctx.from!.id, page);
    const { index } = at;
    const { pay } = await clientsFor(deps, ctx.from!.id);
    // The list lists every status unless asked (docs/decisions/047): the unpaid ones are shown.
    const result = await pay.getInvoices({ status: "active", cursor: at.cursor, limit: PAGE_SIZE });
    await at.remember(result.pagination.next);

    const kb = new InlineKeyboard();
    for (const inv of result.items) {
      const price = invoicePrice(ctx.t, inv);
      // The price is ours and plain; the whole line is fitted to the button by graphemes.
      const label = inv.description ? inlineUserText(`${price} · ${inv.description}`, LIST_LABEL_MAX) : price;
      kb.text(label, INVOICE_DATA.show.build({ invoiceId: inv.id })).row();
    }
    if (index > 0) kb.text(ctx.t("common-prev"), INVOICE_DATA.page.build({ page: index - 1 }));
    if (result.pagination.next) kb.text(ctx.t("common-next"), INVOICE_DATA.page.build({ page: index + 1 }));
    kb.row().text(ctx.t("invoices-new"), INVOICE_DATA.create.build({}));
    const text =
      result.items.length === 0 && index === 0
        ? ctx.t("invoices-list-empty")
        : ctx.t("invoices-list-title", { page: index + 1 });
    await showInPlace(ctx, text, { reply_markup: kb }, { edit });
  };

  entries.callback(INVOICE_DATA.list, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, 0, false);
  });
  entries.callback(INVOICE_DATA.page, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, INVOICE_DATA.page.parse(ctx.callbackQuery.data)!.page, true);
  });

  entries.callback(INVOICE_DATA.show, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const invoiceId = pressedInvoice(ctx, INVOICE_DATA.show);
    const [inv, payments] = await Promise.all([
      pay.getInvoice({ invoiceId }),
      pay.getInvoicePayments({ invoiceId, limit: PAYMENTS_SHOWN }),
    ]);
    const [zone, names, worth] = await Promise.all([
      zoneOf(deps.storage.users, ctx),
      deps.storage.people.namesOf(payerIdsOf(payments.items)),
      worthOf(deps, ctx.from.id, invoiceAsset(inv)),
    ]);
    const card = invoiceCard(ctx.t, inv, ctx.t("invoices-details", { id: copyable(inv.id) }), zone, worth);
    const paid = paymentsText(ctx.t, payments.items, zone, (id) => names.get(id));
    await ctx.reply(`${card}\n\n${paid}`, {
      reply_markup: invoiceKeyboard(ctx.t, inv, await isTestnet(deps, ctx.from.id)),
      link_preview_options: { is_disabled: true },
    });
  });

  entries.callback(INVOICE_DATA.remove, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const inv = await pay.getInvoice({ invoiceId: pressedInvoice(ctx, INVOICE_DATA.remove) });
    if (inv.status !== "active") {
      await ctx.reply(ctx.t("invoices-cannot-delete", { status: ctx.t(`invoices-status-${inv.status}`) }));
      return;
    }
    await proposeAction<DeletePayload>(ctx, deps, actions, {
      kind: DELETE_KIND,
      payload: {
        invoiceId: inv.id,
        asset: invoiceAsset(inv),
        amount: invoiceAmount(inv),
        ...(inv.priceAmount == null ? { anyAmount: true } : {}),
      },
      summary: ctx.t("invoices-delete-summary", {
        id: copyable(inv.id),
        amount: invoicePrice(ctx.t, inv),
        description: quotedField(ctx.t("invoices-field-description"), inv.description),
      }),
    });
  });

  // Paying on chain: the payer sends the asset from any wallet to an address the service gives out.
  entries.callback(INVOICE_DATA.networks, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const invoiceId = pressedInvoice(ctx, INVOICE_DATA.networks);
    const [inv, currencies] = await Promise.all([pay.getInvoice({ invoiceId }), pay.getCurrencies({ kind: "crypto" })]);
    const networks = (currencies.find((c) => c.code === inv.priceCurrency)?.networks ?? []).map((n) => n.code);
    if (inv.status !== "active" || networks.length === 0) {
      await ctx.reply(ctx.t("invoices-onchain-unavailable"));
      return;
    }
    await ctx.reply(ctx.t("invoices-onchain-ask-network", { asset: invoiceAsset(inv) }), {
      reply_markup: networksKeyboard(ctx.t, inv.id, networks),
    });
  });
  entries.callback(INVOICE_DATA.address, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { network: payNetwork, invoiceId } = INVOICE_DATA.address.parse(ctx.callbackQuery.data)!;
    const { pay } = await clientsFor(deps, ctx.from.id);
    // Asking for an address moves nothing, and asking again gives the same one: no confirmation.
    const address = await pay.createInvoicePaymentAddress({ invoiceId, payNetwork });
    // The address as a QR code a wallet scans, with what to send and until when as its caption.
    await replyWithQr(ctx, address.address, {
      caption: addressText(ctx.t, address, await zoneOf(deps.storage.users, ctx)),
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), INVOICE_DATA.show.build({ invoiceId })),
    });
  });

  // The invoice's link as a QR code, for a payer to scan with their phone.
  entries.callback(INVOICE_DATA.qr, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const inv = await pay.getInvoice({ invoiceId: pressedInvoice(ctx, INVOICE_DATA.qr) });
    const link = inv.links.telegramBotLink ?? inv.links.webLink;
    if (!link || inv.status !== "active") {
      await ctx.reply(ctx.t("invoices-qr-unavailable"));
      return;
    }
    await replyWithQr(ctx, link, {
      caption: ctx.t("invoices-qr-caption", { link: copyable(link) }),
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), INVOICE_DATA.show.build({ invoiceId: inv.id })),
    });
  });

  // Testnet only: the payer's money is test money, and the service refuses this call on production,
  // so it moves nothing real and needs no confirmation.
  entries.callback(INVOICE_DATA.pay, async (ctx) => {
    if (!(await isTestnet(deps, ctx.from.id))) {
      await ctx.answerCallbackQuery({ text: ctx.t("error-testnet-only"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const invoiceId = pressedInvoice(ctx, INVOICE_DATA.pay);
    const { pay } = await clientsFor(deps, ctx.from.id);
    let inv: Invoice;
    try {
      inv = await pay.payInvoiceTestnet({ invoiceId });
    } catch (err) {
      // A lost reply, or paid already (a second press): the invoice's status says what happened.
      if (!outcomeMayBeApplied(err) && !isInvalidState(err)) throw err;
      inv = await pay.getInvoice({ invoiceId });
    }
    const heading = ctx.t(inv.status === "paid" ? "invoices-paid" : "invoices-not-paid");
    await ctx.reply(invoiceCard(ctx.t, inv, heading, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: invoiceKeyboard(ctx.t, inv, true),
    });
  });

  return { showList: (ctx) => showPage(ctx, 0, false) };
}
