/**
 * Turns the tap-to-copy marks of src/domain/copyable.ts into what Telegram shows: `code` entities on
 * a message's text or caption (or `<code>` tags under parse_mode HTML), and plain text where Telegram
 * takes no entities (button labels, a press's answer, inline results' titles). One transformer on
 * every Api the bot sends with (the bot's, the conversations', the outbox's), so every message path
 * gets the same treatment and no mark ever reaches a person.
 */
import type { Transformer } from "grammy";
import { codeEntities, codeTags, hasCopyMarks, stripCopyMarks, type TextEntity } from "../domain/copyable.js";

type Payload = Record<string, unknown>;

/** A text field with its entities field: marks become entities, or tags under HTML. */
function rewriteText(p: Payload, textKey: string, entitiesKey: string): Payload {
  const text = p[textKey];
  if (typeof text !== "string" || !hasCopyMarks(text)) return p;
  if (p.parse_mode === "HTML") return { ...p, [textKey]: codeTags(text) };
  if (p.parse_mode !== undefined) return { ...p, [textKey]: stripCopyMarks(text) };
  const given = p[entitiesKey];
  const parsed = typeof given === "string" ? (JSON.parse(given) as TextEntity[]) : (given as TextEntity[] | undefined);
  const out = codeEntities(text, parsed ?? []);
  return { ...p, [textKey]: out.text, ...(out.entities.length ? { [entitiesKey]: out.entities } : {}) };
}

/** Button labels carry no entities: the marks go. */
function rewriteMarkup(markup: unknown): unknown {
  if (!markup || typeof markup !== "object") return markup;
  const m = markup as { inline_keyboard?: { text: string }[][]; keyboard?: ({ text: string } | string)[][] };
  const rows = m.inline_keyboard ?? m.keyboard;
  if (!rows || !rows.some((row) => row.some((b) => hasCopyMarks(typeof b === "string" ? b : b.text)))) return markup;
  const strip = (b: { text: string } | string) =>
    typeof b === "string" ? stripCopyMarks(b) : { ...b, text: stripCopyMarks(b.text) };
  return m.inline_keyboard
    ? { ...m, inline_keyboard: m.inline_keyboard.map((row) => row.map(strip)) }
    : { ...m, keyboard: m.keyboard!.map((row) => row.map(strip)) };
}

function rewriteInlineResult(r: Payload): Payload {
  let out = r;
  for (const key of ["title", "description"]) {
    if (typeof out[key] === "string") out = { ...out, [key]: stripCopyMarks(out[key]) };
  }
  out = rewriteText(out, "caption", "caption_entities");
  if (out.input_message_content && typeof out.input_message_content === "object") {
    out = { ...out, input_message_content: rewriteText(out.input_message_content as Payload, "message_text", "entities") };
  }
  if (out.reply_markup) out = { ...out, reply_markup: rewriteMarkup(out.reply_markup) };
  return out;
}

export function rewriteCopyMarks(method: string, payload: Payload): Payload {
  let p = payload;
  if (method === "answerCallbackQuery" || method === "answerInlineQuery") {
    if (typeof p.text === "string") p = { ...p, text: stripCopyMarks(p.text) };
    if (Array.isArray(p.results)) p = { ...p, results: (p.results as Payload[]).map(rewriteInlineResult) };
    return p;
  }
  p = rewriteText(p, "text", "entities");
  p = rewriteText(p, "caption", "caption_entities");
  if (p.reply_markup) {
    const markup = rewriteMarkup(p.reply_markup);
    if (markup !== p.reply_markup) p = { ...p, reply_markup: markup };
  }
  if (p.media && typeof p.media === "object" && !Array.isArray(p.media)) {
    p = { ...p, media: rewriteText(p.media as Payload, "caption", "caption_entities") };
  }
  return p;
}

/** Installed on every Api the bot sends with. */
export const copyableEntities: Transformer = (prev, method, payload, signal) =>
  prev(method, rewriteCopyMarks(method, payload as unknown as Payload) as typeof payload, signal);
