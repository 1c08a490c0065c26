/**
 * Creating an invoice: asset → a fixed price or any amount from a minimum → amount → number of
 * payments → description → expiry → the invoice with its links. Creating
 * one moves no money (the payer pays), so there is no confirmation step; the create is still sent
 * exactly once, under a client id chosen before it.
 */
import { clientsFor } from "../../../accounts/clients.js";
import { newClientId } from "../../../domain/ids.js";
import { formatAmount, MAX_DECIMALS } from "../../../domain/money.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import { type Currency, type Invoice, invoiceExpiresIn } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { askAmount, askAsset, askChoice, askText } from "../../shared/inputs.js";
import { replyWithQr } from "../../shared/qr.js";
import { worthOf } from "../../shared/worth.js";
import { invoiceCard, invoiceKeyboard, requestCaption, requestKeyboard } from "./view.js";

export const CREATE_INVOICE = "invoices-create";
/** The kind of a created invoice's row in the journal, which /history reads. */
export const INVOICE_CREATED_KIND = "invoice_create";

/** The expiry buttons: seconds, or "none" for an invoice that never expires. */
const EXPIRIES = [
  { key: "invoices-expiry-hour", value: "3600" },
  { key: "invoices-expiry-day", value: "86400" },
  { key: "invoices-expiry-week", value: "604800" },
  { key: "invoices-expiry-none", value: "none" },
];

/** How many payments may close one invoice: one, or several (the real `numPayments`). */
const PAYMENT_COUNTS = ["1", "2", "3", "5", "10", "25", "50", "100"];

/**
 * A payment request (Receive): only the asset and the amount are asked; it is paid once, at that
 * price, within a week, and answered with its QR code and ways to share it.
 */
export interface PaymentRequest {
  request: true;
}

/** How long a payment request can be paid. */
const REQUEST_EXPIRY_SECONDS = "604800";

/** The create-invoice conversation; `preset` makes it a payment request. */
export function createInvoiceConversation(deps: BotDeps) {
  return async (conversation: BotConversation, ctx: ConvContext, preset?: PaymentRequest): Promise<void> => {
    const request = preset?.request === true;
    const start = await conversation.external((octx) =>
      attempt(octx, async () => {
        const { pay } = await clientsFor(deps, octx.from!.id);
        const currencies: Currency[] = await pay.getCurrencies({ kind: "crypto" });
        // Chosen now and stored with the conversation: a replay after a crash sends the same id, and
        // the service answers with the invoice already made instead of making a second one.
        return { currencies, clientInvoiceId: newClientId("inv") };
      }),
    );
    if (!start.ok) return tellFailure(ctx, start);
    const { currencies, clientInvoiceId } = start.value;

    const asset = await askAsset(
      conversation,
      ctx,
      currencies.map((c) => c.code),
      ctx.t("invoices-ask-asset"),
    );
    const currency = currencies.find((c) => c.code === asset)!;
    // The real service takes exactly one of priceAmount and minPayment (S6).
    const pricing = request
      ? "fixed"
      : await askChoice(
          conversation,
          ctx,
          ctx.t("invoices-ask-pricing"),
          [
            { label: ctx.t("invoices-pricing-fixed"), value: "fixed" },
            { label: ctx.t("invoices-pricing-minimum"), value: "minimum" },
          ],
          1,
        );
    // No minimum or precision in the reply: the service's refusal is the check.
    const minInvoice = currency.minInvoice ?? "0";
    const min = formatAmount(minInvoice, asset);
    // Read once: the prompt's rate, a fiat amount's conversion and the invoice's worth agree.
    const worth = (await conversation.external(async (octx) => (await worthOf(deps, octx.from!.id, asset)) ?? null)) ?? undefined;
    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: currency.precision ?? MAX_DECIMALS,
      min: minInvoice,
      ...(worth ? { worth } : {}),
      prompt:
        pricing === "fixed"
          ? ctx.t("invoices-ask-amount", { asset, min })
          : ctx.t("invoices-ask-min-payment", { asset, min }),
    });
    const numPayments = request
      ? 1
      : Number(
          await askChoice(
            conversation,
            ctx,
            ctx.t("invoices-ask-payments", { pricing }),
            PAYMENT_COUNTS.map((n) => ({ label: n === "1" ? ctx.t("invoices-payments-one") : n, value: n })),
            4,
          ),
        );
    const description = request
      ? undefined
      : await askText(conversation, ctx, ctx.t("invoices-ask-description"), {
          optional: true,
          maxLength: 1000,
        });
    const expiry = request
      ? REQUEST_EXPIRY_SECONDS
      : await askChoice(
          conversation,
          ctx,
          ctx.t("invoices-ask-expiry"),
          EXPIRIES.map((e) => ({ label: ctx.t(e.key), value: e.value })),
          2,
        );

    const created = await conversation.external((octx) =>
      attempt(octx, async (): Promise<Invoice> => {
        const { pay } = await clientsFor(deps, octx.from!.id);
        const request = {
          clientInvoiceId,
          priceCurrency: asset,
          ...(pricing === "fixed" ? { priceAmount: amount } : { minPayment: amount }),
          numPayments,
          ...(description === undefined ? {} : { description }),
          ...(expiry === "none" ? {} : { expiresIn: invoiceExpiresIn(Number(expiry)) }),
          ...(await deps.watch?.callbackFor(octx.from!.id)),
        };
        return createOnce({
          send: () => pay.createInvoice(request),
          lookup: () => reconcile.invoice(pay, clientInvoiceId),
        });
      }),
    );
    if (!created.ok) {
      await ctx.reply(
        ctx.t("invoices-create-failed", { reason: ctx.t(created.error.key, created.error.vars) }),
      );
      return;
    }
    const { testnet, zone, watched } = await conversation.external(async (octx) => {
      await deps.watch?.invoiceCreated(octx.from!.id, created.value).catch((err: unknown) => octx.log.warn({ err }, "a new invoice is not watched yet"));
      const user = await deps.storage.users.get(octx.from!.id);
      // Into the person's history (no confirmation journals it); a failure costs only that entry.
      await deps.storage.operations
        .recordDone({
          id: clientInvoiceId,
          telegramId: octx.from!.id,
          chatId: octx.chat!.id,
          kind: INVOICE_CREATED_KIND,
          network: user?.network ?? "production",
          payload: { asset, amount, pricing },
          result: { id: created.value.id },
        })
        .catch((err: unknown) => octx.log.warn({ err }, "a created invoice could not be written to the history"));
      const topics = deps.watch ? (await deps.storage.notifySettings.get(octx.from!.id)).topics : undefined;
      return { testnet: user?.network === "testnet", zone: user?.timeZone ?? null, watched: topics?.invoices === true };
    });
    const link = created.value.links.telegramBotLink ?? created.value.links.webLink;
    if (request && link) {
      await replyWithQr(ctx, link, {
        caption: requestCaption(ctx.t, created.value, link, watched, zone ?? undefined, worth),
        reply_markup: requestKeyboard(ctx.t, created.value, link),
      });
      return;
    }
    await ctx.reply(invoiceCard(ctx.t, created.value, ctx.t("invoices-created"), zone ?? undefined, worth), {
      reply_markup: invoiceKeyboard(ctx.t, created.value, testnet),
      link_preview_options: { is_disabled: true },
    });
  };
}
