/** Who paid an invoice, in the words of its owner: shown on the invoice's card and in payment notices. */
import type { Translate } from "./translate.js";

/** A payer as the service names one (the contract's `InvoicePayer`); any of the fields may be absent. */
export interface Payer {
  telegramId?: string;
  telegramUsername?: string;
  email?: string;
}

/** A payer in the user's words: @username, else the Telegram id, else the e-mail. */
export function payerName(t: Translate, payer: Payer | undefined): string {
  if (payer?.telegramUsername) return `@${payer.telegramUsername}`;
  if (payer?.telegramId) return t("invoices-payer-user", { id: payer.telegramId });
  return payer?.email ?? t("invoices-payer-unknown");
}
