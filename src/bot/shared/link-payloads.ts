/**
 * Deep-link payloads (`t.me/<bot>?start=<payload>`): every share button the bot offers builds its
 * link here, and /start reads payloads back here, so the two cannot drift apart. Telegram allows
 * letters, digits, `_` and `-`, at most 64 characters.
 */
import { SymbolCode } from "../../service/schemas.js";

export type StartPayload =
  | { kind: "price"; symbol: string }
  | { kind: "send"; userId: number }
  | { kind: "invoice"; invoiceId: string };

/** The link that opens the bot with `/start <payload>`. */
export function startLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${payload}`;
}

export const priceLink = (bot: string, symbol: string) => startLink(bot, `price_${symbol}`);
export const sendLink = (bot: string, userId: number) => startLink(bot, `send_${userId}`);
export const invoiceLink = (bot: string, invoiceId: string) => startLink(bot, `invoice_${invoiceId}`);

/** What a /start payload asks for; undefined when it is none of ours (or malformed). */
export function parseStartPayload(payload: string): StartPayload | undefined {
  const m = /^(price|send|invoice)_([A-Za-z0-9_-]{1,56})$/.exec(payload.trim());
  if (!m) return undefined;
  const value = m[2]!;
  switch (m[1]) {
    case "price": {
      const symbol = value.toUpperCase();
      return SymbolCode.safeParse(symbol).success ? { kind: "price", symbol } : undefined;
    }
    case "send":
      // Telegram user ids fit in 52 bits; a longer number would lose digits as a JS number.
      return /^[1-9][0-9]{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
        ? { kind: "send", userId: Number(value) }
        : undefined;
    default:
      return { kind: "invoice", invoiceId: value };
  }
}
