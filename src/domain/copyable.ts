/**
 * Tap-to-copy values (ids, addresses, links) in the bot's plain-text messages. Text is built as plain
 * strings (Fluent messages, summaries kept in the journal, notices in the outbox), so a value to copy
 * is marked inside the string by two private-use characters, and the marks become Telegram `code`
 * entities (or `<code>` tags under parse_mode HTML) on the way out, in one place: the API transformer
 * of src/telegram/copyable-entities.ts. Text people typed cannot carry the marks (user-text.ts drops
 * them), and marks that do not pair up are dropped without an entity.
 */
/** What this module needs of a Telegram message entity. */
export interface TextEntity {
  type: string;
  offset: number;
  length: number;
}

export const COPY_OPEN = "\uE000";
export const COPY_CLOSE = "\uE001";
const MARKS = /[\uE000\uE001]/g;

/** `value` marked to be shown as tap-to-copy code; an empty value stays empty. */
export function copyable(value: string | number): string {
  const plain = String(value).replace(MARKS, "");
  return plain === "" ? "" : `${COPY_OPEN}${plain}${COPY_CLOSE}`;
}

export function hasCopyMarks(text: string): boolean {
  return text.includes(COPY_OPEN) || text.includes(COPY_CLOSE);
}

/** The text without marks (for places that take no entities: button labels, alerts, file names). */
export function stripCopyMarks(text: string): string {
  return hasCopyMarks(text) ? text.replace(MARKS, "") : text;
}

/**
 * The text without its marks, with a `code` entity over each marked value; `entities` already given
 * (offsets in the marked text) are moved to the unmarked text. Offsets count UTF-16 units, as
 * Telegram's do and JavaScript strings do.
 */
export function codeEntities<E extends TextEntity>(
  marked: string,
  entities: readonly E[] = [],
): { text: string; entities: (E | TextEntity)[] } {
  // removedBefore[i]: marks removed before index i of the marked text.
  const removedBefore = new Array<number>(marked.length + 1);
  const code: TextEntity[] = [];
  let text = "";
  let open: number | undefined;
  let removed = 0;
  for (let i = 0; i < marked.length; i++) {
    removedBefore[i] = removed;
    const ch = marked[i];
    if (ch === COPY_OPEN) {
      open = text.length;
      removed++;
    } else if (ch === COPY_CLOSE) {
      if (open !== undefined && text.length > open) code.push({ type: "code", offset: open, length: text.length - open });
      open = undefined;
      removed++;
    } else {
      text += ch;
    }
  }
  removedBefore[marked.length] = removed;
  const moved = entities.flatMap((e) => {
    const start = e.offset - (removedBefore[Math.min(e.offset, marked.length)] ?? removed);
    const end = e.offset + e.length - (removedBefore[Math.min(e.offset + e.length, marked.length)] ?? removed);
    return end > start ? [{ ...e, offset: start, length: end - start }] : [];
  });
  // Telegram wants no code inside another entity that forbids it (pre, code): those values stay plain.
  const literal = moved.filter((e) => e.type === "pre" || e.type === "code");
  const inside = (c: TextEntity) => literal.some((l) => l.offset <= c.offset && l.offset + l.length >= c.offset + c.length);
  const all: (E | TextEntity)[] = [...moved, ...code.filter((c) => !inside(c))].sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities: all };
}

/** Marked text under parse_mode HTML: each pair of marks becomes `<code>…</code>`, a stray mark goes. */
export function codeTags(marked: string): string {
  return marked.replace(/\uE000([^\uE000\uE001]*)\uE001/g, "<code>$1</code>").replace(MARKS, "");
}

/**
 * The reverse, for a message rebuilt from what Telegram sent back (a summary under a pressed button):
 * its `code` entities marked again, so they survive the edit.
 */
export function markCodeEntities(text: string, entities: readonly TextEntity[] | undefined): string {
  const code = (entities ?? []).filter((e) => e.type === "code").sort((a, b) => b.offset - a.offset);
  let marked = text;
  for (const e of code) {
    if (e.offset + e.length > marked.length) continue;
    marked =
      marked.slice(0, e.offset) +
      COPY_OPEN +
      marked.slice(e.offset, e.offset + e.length) +
      COPY_CLOSE +
      marked.slice(e.offset + e.length);
  }
  return marked;
}
