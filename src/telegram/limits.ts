/**
 * Telegram's size limits, held in one place, and the API transformer that keeps every outgoing text
 * inside them: a text or caption over its limit is cut at a line boundary and ends with a localized
 * "…and N more lines", so Telegram never refuses it ("message text is too long") and the person is
 * never left without an answer. Callback data over 64 bytes is a bug in our keyboards: it fails loudly
 * here, naming the data, instead of as Telegram's bare BUTTON_DATA_INVALID.
 * The transformer must be on every Api that sends: the bot's, each conversation's and the broadcasts'.
 */
import type { Transformer } from "grammy";
import { headWithin } from "../domain/user-text.js";

export const TELEGRAM_LIMITS = {
  /** Characters (UTF-16 code units, after entity parsing) of a message text. */
  text: 4096,
  /** Characters of a photo's or document's caption. */
  caption: 1024,
  /** Bytes of an inline button's callback data. */
  callbackDataBytes: 64,
  /** Characters of the text a button press is answered with. */
  callbackAnswer: 200,
} as const;

/** The line that ends a shortened text, in the chat's language. */
export type MoreLinesNote = (chatId: number | string | undefined, hiddenLines: number) => Promise<string> | string;

/** Methods whose `text` is a message text. */
const TEXT_METHODS = new Set(["sendMessage", "editMessageText"]);
/** Methods whose `caption` is a caption. */
const CAPTION_METHODS = new Set([
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "editMessageCaption",
  "copyMessage",
]);

/** What Telegram counts of a text: HTML tags do not count, an entity counts as one character. */
function visibleLength(text: string, html: boolean): number {
  if (!html) return text.length;
  return text.replace(/<[^>]*>/g, "").replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/gi, "_").length;
}

/**
 * `text` unchanged when it fits `max`; else its first whole lines and `note(hidden)`, the note saying
 * how many lines were left out. A single line too long for the message is cut with "…". Telegram trims
 * surrounding whitespace before it measures, and so does this.
 */
export async function fitText(
  text: string,
  max: number,
  note: (hiddenLines: number) => Promise<string> | string,
  html = false,
): Promise<string> {
  const trimmed = text.trim();
  if (visibleLength(trimmed, html) <= max) return text;
  const lines = trimmed.split("\n");
  // The note's own length depends on the count only by a few digits: measured with the largest count.
  const longestNote = await note(lines.length);
  const room = max - visibleLength(longestNote, html) - 1;
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = visibleLength(line, html) + (kept.length > 0 ? 1 : 0);
    if (used + cost > room) break;
    kept.push(line);
    used += cost;
  }
  if (kept.length === 0) {
    // One line longer than the whole message (no markup to keep intact when cut in plain text).
    const head = html ? lines[0]!.replace(/<[^>]*>/g, "") : lines[0]!;
    // Cut between graphemes: half an emoji would make Telegram refuse the whole message.
    kept.push(`${headWithin(head, Math.max(0, room - 1))}…`);
  }
  const hidden = lines.length - kept.length;
  return hidden > 0 ? `${kept.join("\n")}\n${await note(hidden)}` : kept.join("\n");
}

function checkCallbackData(markup: unknown): void {
  const keyboard = (markup as { inline_keyboard?: unknown[][] } | undefined)?.inline_keyboard;
  if (!Array.isArray(keyboard)) return;
  for (const row of keyboard) {
    for (const button of row as { callback_data?: string }[]) {
      const data = button.callback_data;
      if (data !== undefined && Buffer.byteLength(data) > TELEGRAM_LIMITS.callbackDataBytes)
        throw new Error(
          `callback data over ${TELEGRAM_LIMITS.callbackDataBytes} bytes (${Buffer.byteLength(data)}): ${data}`,
        );
    }
  }
}

/** The transformer: every text and caption fitted, every keyboard's callback data checked. */
export function fitToTelegram(note: MoreLinesNote): Transformer {
  return async (prev, method, payload, signal) => {
    const p = payload as Record<string, unknown>;
    const field = TEXT_METHODS.has(method) ? "text" : CAPTION_METHODS.has(method) ? "caption" : undefined;
    if ("reply_markup" in p) checkCallbackData(p.reply_markup);
    if (method === "answerCallbackQuery" && typeof p.text === "string" && p.text.length > TELEGRAM_LIMITS.callbackAnswer)
      return prev(method, { ...p, text: `${headWithin(p.text, TELEGRAM_LIMITS.callbackAnswer - 1)}…` } as typeof payload, signal);
    const value = field === undefined ? undefined : p[field];
    if (field === undefined || typeof value !== "string") return prev(method, payload, signal);
    const max = field === "text" ? TELEGRAM_LIMITS.text : TELEGRAM_LIMITS.caption;
    const html = p.parse_mode === "HTML";
    const fitted = await fitText(value, max, (hidden) => note(p.chat_id as number | string | undefined, hidden), html);
    if (fitted === value) return prev(method, payload, signal);
    // Entities given by offset would point past the cut: the shortened text goes without them.
    const { entities: _e, caption_entities: _c, ...rest } = p;
    return prev(method, { ...rest, [field]: fitted } as typeof payload, signal);
  };
}

/** The transformer with the note in the chat's language (a private chat's id is its person's id). */
export function telegramLimits(
  translatorFor: (telegramId: number) => Promise<(key: string, vars?: Record<string, string | number>) => string>,
): Transformer {
  return fitToTelegram(async (chatId, hidden) =>
    (await translatorFor(typeof chatId === "number" ? chatId : 0))("common-more-lines", { count: hidden }),
  );
}
