/**
 * Text that people typed (a note, a description, a memo) or that Telegram passes on from them (a
 * display name), shown set apart from the bot's own lines so that it can never pass for one. Messages
 * here are plain text, so the setting apart is plain text too: a block is quoted line by line ("│ "
 * before each of its lines, as Telegram draws a quote), a name stays on one line inside quote marks.
 * Line separators of every kind become line breaks (or spaces, on one line), and the characters that
 * reorder or hide the text around them (direction controls, other controls) are left out of the
 * display; what was typed is sent to the service as it was.
 */

/** Every way to start a new line: CR LF, CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/**
 * Direction marks, embeddings, overrides and isolates, controls other than line breaks and tabs, and
 * the two private-use characters that mark tap-to-copy values (copyable.ts).
 */
const HIDDEN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uE000\uE001]|(?![\n\t])\p{Cc}/gu;
/** Quote marks that could close the marks a name is shown in. */
const QUOTE_MARKS = /["“”„«»‹›]/g;
const BAR = "│";

/** The text's lines: line breaks unified, hidden characters out, tabs as spaces, no blank lines at either end. */
function lines(text: string): string[] {
  const all = text
    .replace(LINE_BREAK, "\n")
    .replace(HIDDEN, "")
    .replace(/\t/g, " ")
    .split("\n")
    .map((line) => line.trimEnd());
  while (all.length > 0 && all[0]!.trim() === "") all.shift();
  while (all.length > 0 && all.at(-1)!.trim() === "") all.pop();
  return all;
}

/** Typed text as a quote: each of its lines after "│ " (an empty line as "│"); empty when nothing shows. */
export function quoteBlock(text: string): string {
  return lines(text)
    .map((line) => (line === "" ? BAR : `${BAR} ${line}`))
    .join("\n");
}

/** A field holding typed text: its label, then the text quoted on the lines below; "label —" when empty. */
export function quotedField(label: string, text: string | null | undefined): string {
  const quote = text ? quoteBlock(text) : "";
  return quote === "" ? `${label} —` : `${label}\n${quote}`;
}

/**
 * A name or other short text for one line inside quote marks: line breaks as spaces, no quote marks of
 * its own (which could close ours), no hidden characters, at most `max` characters ("…" after).
 */
export function inlineUserText(text: string, max = 64): string {
  const flat = lines(text)
    .join(" ")
    .replace(QUOTE_MARKS, "'")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
}
