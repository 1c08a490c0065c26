/** How an invoice is shown: its card text and the buttons under it. */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import type { Invoice } from "../../../service/schemas.js";
import type { Translate } from "../../shared/errors.js";
import { formatTime, shareUrl } from "../../shared/format.js";

/** The invoice's terms, status and links, under a heading. */
export function invoiceCard(t: Translate, inv: Invoice, heading: string): string {
  const lines = [
    heading,
    t("invoices-field-amount", { amount: formatAmount(inv.amount, inv.asset) }),
    t("invoices-field-status", { status: t(`invoices-status-${inv.status}`) }),
    t("invoices-field-description", { description: inv.description ?? "—" }),
    t("invoices-field-expires", { expires: inv.expiresAt ? formatTime(inv.expiresAt) : t("invoices-never") }),
  ];
  if (inv.paidAt) lines.push(t("invoices-field-paid", { paid: formatTime(inv.paidAt) }));
  if (inv.status === "active") {
    lines.push("", t("invoices-field-link", { link: inv.links.telegramBotLink }));
    lines.push(t("invoices-field-web", { link: inv.links.webLink }));
  }
  return lines.join("\n");
}

/** Share, Delete and (on testnet) Pay for an active invoice; Back to the list always. */
export function invoiceKeyboard(t: Translate, inv: Invoice, testnet: boolean): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (inv.status === "active") {
    kb.url(t("common-share"), shareUrl(inv.links.telegramBotLink));
    kb.text(t("invoices-delete"), `inv:del:${inv.invoiceId}`).row();
    if (testnet) kb.text(t("invoices-pay-test"), `inv:pay:${inv.invoiceId}`).row();
  }
  return kb.text(t("invoices-back-to-list"), "inv:list");
}
