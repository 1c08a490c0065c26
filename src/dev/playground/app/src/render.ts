// Telegram messages as DOM: text with its entities, media, forwarded headers and inline keyboards.
import type { InlineKeyboardButton, Message, MessageEntity } from "grammy/types";

export interface MessageHandlers {
  press(message: Message, data: string): void;
  openLink(url: string): void;
  command(text: string): void;
  /** The page's own words (locales/<lang>/playground.ftl) in the language of the open chat's person. */
  t(key: string, args?: Record<string, string | number>): string;
  /** The tag the open chat's person reads figures and times in (as the bot writes them). */
  figuresTag(): string;
}

/** How the server classed a bot message (src/dev/playground/reply-timing.ts). */
export interface Timing {
  /** Milliseconds from the person's update to this reply. */
  replyMs?: number;
  /** Sent by the bot on its own. */
  notice?: true;
}

export interface MessageMeta {
  fromBot: boolean;
  timing?: Timing;
}

const BARE_URL = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;
/** A bot command in plain text, as Telegram's apps find one: "/word" not inside a word, a path or a pair. */
const BARE_COMMAND = /(?<![\w/])\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?![\w/-])/g;
/** Entities whose text keeps its own meaning: no link or command is found inside them. */
const LITERAL = new Set(["code", "pre", "text_link", "url", "bot_command", "mention", "hashtag", "cashtag", "email", "phone_number"]);

/** One bubble: header, media, text or caption, a meta line and the inline keyboard. */
export function renderMessage(message: Message, meta: MessageMeta, on: MessageHandlers): HTMLElement {
  const row = el("div", `row ${meta.fromBot ? "bot" : "me"}`);
  row.dataset.messageId = String(message.message_id);
  row.dataset.testid = "message";
  const bubble = el("div", "bubble");
  row.append(bubble);

  const origin = message.forward_origin;
  if (origin) {
    const name = origin.type === "user" ? origin.sender_user.first_name : origin.type === "hidden_user" ? origin.sender_user_name : undefined;
    bubble.append(el("div", "forwarded", name === undefined ? on.t("playground-forwarded-from-chat") : on.t("playground-forwarded-from", { name })));
  }
  if (message.via_bot) bubble.append(el("div", "forwarded", `via @${message.via_bot.username ?? message.via_bot.first_name}`));
  if (message.photo?.length) {
    const photo = message.photo.at(-1)!;
    const link = el("a", "photo") as HTMLAnchorElement;
    link.href = fileUrl(photo.file_id);
    link.target = "_blank";
    const img = el("img") as HTMLImageElement;
    img.src = fileUrl(photo.file_id);
    img.alt = message.caption ?? "photo";
    img.loading = "lazy";
    link.append(img);
    bubble.append(link);
  }
  if (message.document) {
    const doc = message.document;
    const card = el("a", "document") as HTMLAnchorElement;
    card.href = `${fileUrl(doc.file_id)}?download`;
    card.download = doc.file_name ?? "file";
    card.dataset.testid = "document";
    card.append(el("span", "doc-icon", "📄"), el("span", "doc-name", doc.file_name ?? "file"), el("span", "muted", sizeText(doc.file_size)));
    bubble.append(card);
  }
  const shared = (message as Message & { users_shared?: { users: { user_id: number; first_name?: string }[] } }).users_shared;
  if (shared) bubble.append(el("div", "service", on.t("playground-shared", { name: shared.users.map((u) => u.first_name ?? u.user_id).join(", ") })));

  const text = message.text ?? message.caption;
  if (text) {
    const body = el("div", "text");
    body.append(renderEntities(text, message.entities ?? message.caption_entities ?? [], on, meta.fromBot));
    bubble.append(body);
  }

  const metaLine = el("div", "meta");
  if (message.edit_date) metaLine.append(el("span", "edited", on.t("playground-edited")));
  const ms = meta.timing?.replyMs;
  if (ms !== undefined) {
    const latency = el("span", `latency-tag ${ms > 300 ? "slow" : ""}`, `⚡ ${ms} ms`);
    latency.title = on.t("playground-reply-time-hint");
    metaLine.append(latency);
  } else if (meta.timing?.notice) {
    const notice = el("span", "notice-tag", on.t("playground-notice"));
    notice.title = on.t("playground-notice-hint");
    metaLine.append(notice);
  }
  metaLine.append(el("span", "", new Date(message.date * 1000).toLocaleTimeString(on.figuresTag(), { hour: "2-digit", minute: "2-digit" })));
  bubble.append(metaLine);

  const keyboard = message.reply_markup?.inline_keyboard;
  if (keyboard?.length) {
    const kb = el("div", "inline-keyboard");
    for (const buttons of keyboard) {
      const line = el("div", "kb-row");
      for (const b of buttons) line.append(inlineButton(message, b, on));
      kb.append(line);
    }
    row.append(kb);
  }
  return row;
}

function inlineButton(message: Message, b: InlineKeyboardButton, on: MessageHandlers): HTMLElement {
  const button = el("button", "kb-button", b.text) as HTMLButtonElement;
  button.type = "button";
  if ("callback_data" in b && b.callback_data !== undefined) {
    button.dataset.callback = b.callback_data;
    button.addEventListener("click", () => on.press(message, b.callback_data!));
  } else if ("url" in b && b.url) {
    button.classList.add("url");
    button.title = b.url;
    button.addEventListener("click", () => on.openLink(b.url!));
  } else {
    button.disabled = true;
    button.title = on.t("playground-unavailable");
  }
  return button;
}

/**
 * Text with Telegram's entities (offsets in UTF-16 units, as JavaScript strings count). The text is
 * cut at every entity boundary and each piece is wrapped in the entities covering it, so nested and
 * overlapping entities both render. Outside literal entities, bare addresses become links and, in the
 * bot's messages, bare /commands too (Telegram finds both in any text).
 */
export function renderEntities(text: string, entities: readonly MessageEntity[], on: MessageHandlers, fromBot = false): DocumentFragment {
  const out = document.createDocumentFragment();
  const cuts = new Set([0, text.length]);
  for (const e of entities) {
    cuts.add(e.offset);
    cuts.add(Math.min(text.length, e.offset + e.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  // Blocks (pre, blockquote) are wrapped once around all their pieces.
  let block: { entity: MessageEntity; node: HTMLElement } | undefined;
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    const piece = text.slice(from, to);
    const covering = entities.filter((e) => e.offset <= from && e.offset + e.length >= to);
    const blockEntity = covering.find((e) => e.type === "pre" || e.type === "blockquote" || e.type === "expandable_blockquote");
    if (blockEntity !== block?.entity) {
      block = blockEntity ? { entity: blockEntity, node: blockNode(blockEntity) } : undefined;
      if (block) out.append(block.node);
    }
    let node: Node = covering.some((e) => LITERAL.has(e.type)) ? document.createTextNode(piece) : autolink(piece, on, fromBot);
    for (const e of covering) if (e !== blockEntity) node = wrap(node, e, piece, on);
    (block ? (block.node.querySelector("code") ?? block.node) : out).append(node);
  }
  return out;
}

function blockNode(e: MessageEntity): HTMLElement {
  if (e.type === "pre") {
    const pre = el("pre");
    pre.append(el("code"));
    return pre;
  }
  return el("blockquote");
}

function wrap(inner: Node, e: MessageEntity, piece: string, on: MessageHandlers): Node {
  const tag: Record<string, string> = { bold: "b", italic: "i", underline: "u", strikethrough: "s", code: "code" };
  if (tag[e.type]) {
    const node = el(tag[e.type]!);
    node.append(inner);
    return node;
  }
  if (e.type === "text_link" || e.type === "url") return link(e.type === "text_link" ? e.url : piece, inner, on);
  if (e.type === "spoiler") {
    const node = el("span", "spoiler");
    node.title = on.t("playground-show");
    node.addEventListener("click", () => node.classList.add("shown"));
    node.append(inner);
    return node;
  }
  if (e.type === "bot_command") return commandLink(piece, inner, on);
  if (e.type === "mention" || e.type === "hashtag" || e.type === "cashtag") {
    const node = el("span", "mention");
    node.append(inner);
    return node;
  }
  return inner;
}

/** Plain text with bare addresses (and, in the bot's messages, /commands) made clickable, as Telegram's clients do. */
function autolink(piece: string, on: MessageHandlers, commands: boolean): Node {
  const out = document.createDocumentFragment();
  let last = 0;
  for (const m of piece.matchAll(BARE_URL)) {
    out.append(commands ? commandLinks(piece.slice(last, m.index), on) : piece.slice(last, m.index));
    out.append(link(m[0], document.createTextNode(m[0]), on));
    last = m.index + m[0].length;
  }
  const rest = piece.slice(last);
  out.append(commands ? commandLinks(rest, on) : rest);
  return out;
}

function commandLinks(text: string, on: MessageHandlers): Node {
  const out = document.createDocumentFragment();
  let last = 0;
  for (const m of text.matchAll(BARE_COMMAND)) {
    out.append(text.slice(last, m.index), commandLink(m[0], document.createTextNode(m[0]), on));
    last = m.index + m[0].length;
  }
  out.append(text.slice(last));
  return out;
}

/** A command the person sends by clicking it. */
function commandLink(command: string, inner: Node, on: MessageHandlers): HTMLElement {
  const node = el("a", "command") as HTMLAnchorElement;
  node.href = "#";
  node.title = on.t("playground-send-command", { command });
  node.addEventListener("click", (ev) => {
    ev.preventDefault();
    on.command(command);
  });
  node.append(inner);
  return node;
}

function link(url: string, inner: Node, on: MessageHandlers): HTMLElement {
  const a = el("a") as HTMLAnchorElement;
  a.href = url;
  a.rel = "noopener noreferrer";
  a.addEventListener("click", (ev) => {
    ev.preventDefault();
    on.openLink(url);
  });
  a.append(inner);
  return a;
}

export function fileUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}`;
}

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return "";
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function el(tag: string, className = "", text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
