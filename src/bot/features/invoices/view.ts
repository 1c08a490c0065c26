/** How an invoice is shown: its card text and the buttons under it. */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import { payerName } from "../../../domain/payer-name.js";
import type { KnownPerson } from "../../../domain/people.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import {
  type Invoice,
  type InvoicePayment,
  type InvoicePaymentAddress,
  paymentPayer,
} from "../../../service/schemas.js";
import { formatTime, shareUrl } from "../../shared/format.js";
import { menu } from "../../menu-data.js";
import { INVOICE_DATA } from "./callback-data.js";
import { withWorth, type Worth } from "../../shared/worth.js";

const KNOWN_STATUSES = new Set(["active", "paid", "expired", "deleted"]);

/** The invoice's price currency (the asset it is paid in). */
export const invoiceAsset = (inv: Invoice): string => inv.priceCurrency ?? "—";

/** The price, or the minimum payment of an invoice that takes any amount above it. */
export const invoiceAmount = (inv: Invoice): string => inv.priceAmount ?? inv.minPayment ?? "0";

/** An invoice's amount for a sentence: `pricing` selects "for 5 USDT" or "for any amount from 5 USDT". */
export function invoiceTerms(inv: Pick<Invoice, "priceAmount" | "minPayment" | "priceCurrency">): { pricing: "fixed" | "any"; amount: string } {
  return {
    pricing: inv.priceAmount != null ? "fixed" : "any",
    amount: formatAmount(inv.priceAmount ?? inv.minPayment ?? "0", inv.priceCurrency ?? "—"),
  };
}

/** What the invoice asks, for lists and titles: its price, or "any amount (min …)" — never a minimum shown as a price. */
export function invoicePrice(t: Translate, inv: Pick<Invoice, "priceAmount" | "minPayment" | "priceCurrency">): string {
  const asset = inv.priceCurrency ?? "—";
  if (inv.priceAmount != null) return formatAmount(inv.priceAmount, asset);
  return t("invoices-any-amount", { min: formatAmount(inv.minPayment ?? "0", asset) });
}

/** A status in the user's words; one the service added since is shown as it comes. */
const statusText = (t: Translate, status: string | null) =>
  status === null ? "—" : KNOWN_STATUSES.has(status) ? t(`invoices-status-${status}`) : status;

/** The invoice's terms, status and links, under a heading. */
export function invoiceCard(t: Translate, inv: Invoice, heading: string, zone?: string, worth?: Worth): string {
  const amount = formatAmount(invoiceAmount(inv), invoiceAsset(inv)) + withWorth(t, invoiceAmount(inv), worth);
  const lines = [
    heading,
    inv.priceAmount !== null
      ? t("invoices-field-amount", { amount })
      : t("invoices-field-min-payment", { amount }),
  ];
  if ((inv.numPayments ?? 1) > 1) lines.push(t("invoices-field-payments", { count: inv.numPayments ?? 1 }));
  lines.push(
    t("invoices-field-status", { status: statusText(t, inv.status) }),
    quotedField(t("invoices-field-description"), inv.description),
    t("invoices-field-expires", { expires: inv.expiresAt ? formatTime(inv.expiresAt, zone) : t("invoices-never") }),
  );
  if (inv.status === "active") {
    if (inv.links.telegramBotLink) lines.push("", t("invoices-field-link", { link: inv.links.telegramBotLink }));
    if (inv.links.webLink) lines.push(t("invoices-field-web", { link: inv.links.webLink }));
  }
  return lines.join("\n");
}

/** The Telegram ids of the payers named by `payments` (to look up the names the bot knows for them). */
export function payerIdsOf(payments: readonly InvoicePayment[]): number[] {
  return payments.flatMap((p) => {
    const id = Number(paymentPayer(p)?.telegramId);
    return Number.isSafeInteger(id) ? [id] : [];
  });
}

/**
 * The payments towards an invoice: who paid (named as the paid notice names them, from the names the
 * bot knows), how much and in which asset, their status as it comes and when it was settled.
 */
export function paymentsText(
  t: Translate,
  payments: readonly InvoicePayment[],
  zone?: string,
  nameOf: (telegramId: number) => KnownPerson | undefined = () => undefined,
): string {
  if (payments.length === 0) return t("invoices-payments-none");
  const lines = payments.map((p) => {
    const payer = paymentPayer(p);
    return t("invoices-payment-line", {
      amount: formatAmount(p.payAmount, p.payCurrency),
      payer: payerName(t, payer, payer?.telegramId ? nameOf(Number(payer.telegramId)) : undefined),
      status: p.status,
      // A time already carries its zone's brackets: the line puts none around it.
      time: p.finalizedAt ? formatTime(p.finalizedAt, zone) : "none",
    });
  });
  return [t("invoices-payments-title"), ...lines].join("\n");
}

/** Where and how much to send on chain. */
export function addressText(t: Translate, a: InvoicePaymentAddress, zone?: string): string {
  return t("invoices-onchain-address", {
    asset: a.payCurrency,
    network: a.payNetwork,
    address: copyable(a.address),
    min: a.minAmount ? formatAmount(a.minAmount, a.payCurrency) : "—",
    expires: a.expiresAt ? formatTime(a.expiresAt, zone) : t("invoices-never"),
  });
}

/** The networks an invoice can be paid on, one button each, and Back to the invoice. */
export function networksKeyboard(t: Translate, invoiceId: string, networks: readonly string[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const network of networks) kb.text(network, INVOICE_DATA.address.build({ network, invoiceId }));
  return kb.row().text(t("common-back"), INVOICE_DATA.show.build({ invoiceId }));
}

/** Share, Delete, Pay on chain and (on testnet) Pay for an active invoice; Back to the list always. */
export function invoiceKeyboard(t: Translate, inv: Invoice, testnet: boolean): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (inv.status === "active") {
    const link = inv.links.telegramBotLink ?? inv.links.webLink;
    if (link) kb.url(t("common-share"), shareUrl(link)).text(t("common-qr"), INVOICE_DATA.qr.build({ invoiceId: inv.id }));
    kb.text(t("invoices-delete"), INVOICE_DATA.remove.build({ invoiceId: inv.id })).row();
    kb.text(t("invoices-onchain"), INVOICE_DATA.networks.build({ invoiceId: inv.id })).row();
    if (testnet) kb.text(t("invoices-pay-test"), INVOICE_DATA.pay.build({ invoiceId: inv.id })).row();
  }
  return kb.text(t("invoices-back-to-list"), INVOICE_DATA.list.build({}));
}

/**
 * A payment request's QR caption: what it asks, the link to pay, until when, and whether a notice
 * follows when it is paid (only when invoice notices are on: the screen promises nothing else).
 */
export function requestCaption(t: Translate, inv: Invoice, link: string, watched: boolean, zone?: string, worth?: Worth): string {
  return [
    t("invoices-request-created", { amount: invoicePrice(t, inv) + withWorth(t, invoiceAmount(inv), worth), link: copyable(link) }),
    t("invoices-field-expires", { expires: inv.expiresAt ? formatTime(inv.expiresAt, zone) : t("invoices-never") }),
    "",
    t(watched ? "invoices-request-watched" : "invoices-request-unwatched"),
  ].join("\n");
}

/** Share the link, send it into a chat through inline mode, the request's details, and back to the menu. */
export function requestKeyboard(t: Translate, inv: Invoice, link: string): InlineKeyboard {
  return new InlineKeyboard()
    .url(t("common-share"), shareUrl(link))
    .switchInline(t("invoices-request-in-chat"), "")
    .row()
    .text(t("invoices-request-details"), INVOICE_DATA.show.build({ invoiceId: inv.id }))
    .text(t("common-back"), menu("main"));
}
