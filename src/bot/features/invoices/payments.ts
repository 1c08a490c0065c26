/**
 * An invoice's payments (getInvoicePayments) and an on-chain address to pay it to
 * (createInvoicePaymentAddress): buttons under the invoice's details. Reads only; asking for an
 * address again is harmless, so neither needs a confirmation.
 */
import { Composer, InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import type { InvoicePayment, InvoicePaymentAddress } from "../../../service/schemas.js";
import type { BotContext, BotDeps } from "../../context.js";
import { clientsFor } from "../../shared/account.js";
import type { Translate } from "../../shared/errors.js";
import { formatTime } from "../../shared/format.js";

const ID = "([A-Za-z0-9_-]{1,50})";
const PAYMENTS = new RegExp(`^inv:pays:${ID}$`);
const NETWORKS = new RegExp(`^inv:addr:${ID}$`);
const ADDRESS = new RegExp(`^inv:addr:${ID}:([A-Z]{2,10})$`);
const PAYMENTS_SHOWN = 20;

export const paymentsData = (invoiceId: string) => `inv:pays:${invoiceId}`;
export const addressData = (invoiceId: string) => `inv:addr:${invoiceId}`;

function paymentsText(t: Translate, invoiceId: string, payments: InvoicePayment[]): string {
  const lines = payments.map((p) =>
    t("invoices-payment-line", {
      status: p.status,
      paid: formatAmount(p.payAmount, p.payCurrency),
      received:
        p.receiveAmount !== null && p.receiveCurrency !== null ? formatAmount(p.receiveAmount, p.receiveCurrency) : "—",
      time: formatTime(p.finalizedAt),
    }),
  );
  return [t("invoices-payments-title", { id: invoiceId }), ...(lines.length ? lines : [t("invoices-payments-none")])].join(
    "\n",
  );
}

function addressText(t: Translate, a: InvoicePaymentAddress): string {
  return [
    t("invoices-address-title", { asset: a.payCurrency, network: a.payNetwork }),
    a.address,
    ...(a.minAmount !== null ? [t("invoices-address-min", { min: formatAmount(a.minAmount, a.payCurrency) })] : []),
    ...(a.expiresAt !== null ? [t("invoices-address-expires", { time: formatTime(a.expiresAt) })] : []),
  ].join("\n");
}

/** The handlers of the Payments and Pay-on-chain buttons. */
export function invoicePaymentsComposer(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const back = (t: Translate, invoiceId: string) =>
    new InlineKeyboard().text(t("common-back"), `inv:show:${invoiceId}`);

  pm.callbackQuery(PAYMENTS, async (ctx) => {
    await ctx.answerCallbackQuery();
    const invoiceId = ctx.match[1]!;
    const { pay } = await clientsFor(deps, ctx.from.id);
    const page = await pay.getInvoicePayments({ invoiceId, limit: PAYMENTS_SHOWN });
    await ctx.reply(paymentsText(ctx.t, invoiceId, page.items), { reply_markup: back(ctx.t, invoiceId) });
  });

  // Which network: those the invoice's asset can be paid on.
  pm.callbackQuery(NETWORKS, async (ctx) => {
    await ctx.answerCallbackQuery();
    const invoiceId = ctx.match[1]!;
    const { pay } = await clientsFor(deps, ctx.from.id);
    const [invoice, currencies] = await Promise.all([pay.getInvoice({ invoiceId }), pay.getCurrencies()]);
    const networks = currencies.find((c) => c.asset === invoice.asset)?.networks ?? [];
    const kb = new InlineKeyboard();
    for (const n of networks) {
      if (Buffer.byteLength(`${addressData(invoiceId)}:${n}`) <= 64 && /^[A-Z]{2,10}$/.test(n)) {
        kb.text(n, `${addressData(invoiceId)}:${n}`);
      }
    }
    await ctx.reply(ctx.t("invoices-address-ask-network", { asset: invoice.asset }), {
      reply_markup: kb.row().text(ctx.t("common-back"), `inv:show:${invoiceId}`),
    });
  });

  pm.callbackQuery(ADDRESS, async (ctx) => {
    await ctx.answerCallbackQuery();
    const invoiceId = ctx.match[1]!;
    const { pay } = await clientsFor(deps, ctx.from.id);
    const address = await pay.createInvoicePaymentAddress({ invoiceId, payNetwork: ctx.match[2]! });
    await ctx.reply(addressText(ctx.t, address), { reply_markup: back(ctx.t, invoiceId) });
  });

  return composer;
}
