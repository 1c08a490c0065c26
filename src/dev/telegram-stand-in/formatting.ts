/**
 * Telegram's `parse_mode: "HTML"`: the plain text and its entities, or the refusal Telegram gives for
 * a tag it does not support. MarkdownV2 is kept as sent (the bot does not use it).
 */
import type { MessageEntity } from "grammy/types";

const TAGS: Record<string, MessageEntity["type"]> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  code: "code",
  pre: "pre",
  a: "text_link",
  "tg-spoiler": "spoiler",
  blockquote: "blockquote",
};

const ESCAPES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

export class ParseError extends Error {}

/** Parses Telegram HTML into text and entities (offsets in UTF-16 units, as Telegram counts). */
export function parseHtml(html: string): { text: string; entities: MessageEntity[] } {
  let text = "";
  const entities: MessageEntity[] = [];
  const open: { tag: string; offset: number; url?: string }[] = [];
  const re = /<(\/?)([a-zA-Z-]+)([^>]*)>|&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);|([<&])/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    text += html.slice(last, m.index);
    last = re.lastIndex;
    const byteOffset = Buffer.byteLength(html.slice(0, m.index));
    if (m[5]) {
      if (m[5] === "<") throw new ParseError(`Bad Request: can't parse entities: Unexpected end tag at byte offset ${byteOffset}`);
      text += "&";
    } else if (m[4]) {
      const e = m[4];
      text += ESCAPES[e] ?? String.fromCodePoint(e.startsWith("#x") ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    } else {
      const tag = m[2]!.toLowerCase();
      if (!(tag in TAGS) && tag !== "span")
        throw new ParseError(`Bad Request: can't parse entities: Unsupported start tag "${tag}" at byte offset ${byteOffset}`);
      if (m[1]) {
        const top = open.pop();
        if (!top || top.tag !== tag)
          throw new ParseError(
            `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${top?.tag ?? tag}"`,
          );
        const length = text.length - top.offset;
        const type = tag === "span" ? "spoiler" : TAGS[tag]!;
        if (length > 0) {
          entities.push(
            type === "text_link"
              ? { type, offset: top.offset, length, url: top.url ?? "" }
              : ({ type, offset: top.offset, length } as MessageEntity),
          );
        }
      } else {
        const href = /href\s*=\s*"([^"]*)"/.exec(m[3] ?? "")?.[1];
        open.push({ tag, offset: text.length, ...(href === undefined ? {} : { url: href }) });
      }
    }
  }
  text += html.slice(last);
  if (open.length > 0)
    throw new ParseError(
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${open.at(-1)!.tag}"`,
    );
  return { text, entities: entities.sort((a, b) => a.offset - b.offset) };
}

const HTML_TAG: Partial<Record<MessageEntity["type"], string>> = {
  bold: "b",
  italic: "i",
  underline: "u",
  strikethrough: "s",
  code: "code",
  pre: "pre",
  text_link: "a",
  spoiler: "tg-spoiler",
  blockquote: "blockquote",
};

/** Text and its formatting entities written back as Telegram HTML (the inverse of `parseHtml`). */
export function toHtml(text: string, entities: MessageEntity[]): string {
  const formatting = entities
    .filter((e) => HTML_TAG[e.type])
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  let html = "";
  let at = 0;
  const open: MessageEntity[] = [];
  const closeUntil = (position: number) => {
    while (open.length > 0 && open.at(-1)!.offset + open.at(-1)!.length <= position) {
      const e = open.pop()!;
      html += escape(text.slice(at, e.offset + e.length)) + `</${HTML_TAG[e.type]}>`;
      at = e.offset + e.length;
    }
  };
  for (const e of formatting) {
    closeUntil(e.offset);
    html += escape(text.slice(at, e.offset));
    at = e.offset;
    html += e.type === "text_link" ? `<a href="${e.url.replace(/"/g, "&quot;")}">` : `<${HTML_TAG[e.type]}>`;
    open.push(e);
  }
  closeUntil(Number.POSITIVE_INFINITY);
  return html + escape(text.slice(at));
}
