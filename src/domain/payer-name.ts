/** Who paid an invoice, in the words of its owner: shown on the invoice's card and in payment notices. */
import { copyable } from "./copyable.js";
import { type KnownPerson, personLabel } from "./people.js";
import type { Translate } from "./translate.js";
import { inlineUserText } from "./user-text.js";

/** A payer as the service names one (the contract's `InvoicePayer`); any of the fields may be absent. */
export interface Payer {
  telegramId?: string;
  telegramUsername?: string;
  email?: string;
}

/**
 * A payer in the user's words: the name the bot knows for their Telegram id ("“Sam” (id 1002)"),
 * else @username, else the Telegram id, else the e-mail.
 */
export function payerName(t: Translate, payer: Payer | undefined, known?: KnownPerson): string {
  if (payer?.telegramId && (known?.name || known?.username)) return personLabel(t, payer.telegramId, known);
  if (payer?.telegramUsername) return `@${payer.telegramUsername}`;
  if (payer?.telegramId) return t("invoices-payer-user", { id: copyable(payer.telegramId) });
  // An e-mail is whatever the payer typed on the service's page: shown like any typed text.
  return payer?.email ? inlineUserText(payer.email) : t("invoices-payer-unknown");
}
