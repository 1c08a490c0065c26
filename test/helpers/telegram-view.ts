/**
 * What the bot did in Telegram, as tests read it: a view over the Bot API stand-in (the one
 * implementation of Telegram's behaviour, in process or over HTTP). It keeps the calls, the messages
 * the bot sent (edits applied), the deletions and the answered queries; `fetch` hands grammY's calls
 * to the stand-in in process.
 */
import type { InlineKeyboardMarkup, Message, MessageEntity } from "grammy/types";
import { ApiRefusal, type BotApi } from "../../src/dev/telegram-stand-in/bot-api.js";
import type { ChatEvent } from "../../src/dev/telegram-stand-in/chat-model.js";
import { toHtml } from "../../src/dev/telegram-stand-in/formatting.js";

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

export interface ShownMessage {
  chatId: number;
  messageId: number;
  /** The text (or caption) as a person reads it. */
  text: string;
  /** The same with the formatting the bot asked for written back as Telegram HTML (`<code>`, `<pre>` …). */
  html: string;
  /** The entities of the text or caption, as Telegram holds them. */
  entities: MessageEntity[];
  keyboard?: InlineKeyboardMarkup;
  /** For documents: the file's name and content (as text). */
  document?: { fileName: string; content: string };
  /** For photos: the PNG uploaded with this message (none when an earlier file id was sent). */
  photo?: { png?: Buffer; fileId: string };
}

type Failure = { error_code: number; description: string; parameters?: { retry_after?: number } };

export class TelegramView {
  /** Current state of every message the bot sent, by `chatId:messageId` (edits applied). */
  readonly messages = new Map<string, ShownMessage>();
  /** Messages in the order they were first sent. */
  readonly sent: ShownMessage[] = [];
  /** Every message deleted (the bot's or a person's), in order. */
  readonly deleted: { chatId: number; messageId: number }[] = [];
  #deletedKeys = new Set<string>();
  #calls: ApiCall[] = [];
  #seenFiles = new Set<string>();

  constructor(readonly api: BotApi) {
    api.state.on("change", (e) => this.#apply(e));
  }

  /** grammY's `client.fetch`: every call, including those made inside conversations. */
  get fetch(): typeof fetch {
    return this.api.fetch;
  }

  /** Every method called, in order. */
  get calls(): ApiCall[] {
    const all = this.api.calls;
    for (let i = this.#calls.length; i < all.length; i++) this.#calls.push({ method: all[i]!.method, payload: all[i]!.params });
    return this.#calls;
  }

  /** Ids of the callback queries answered so far (Telegram refuses a second answer as "too old"). */
  get answeredQueries(): Set<string> {
    return new Set([...this.api.state.queries.values()].filter((q) => q.answered).map((q) => q.id));
  }

  /** Makes the next `times` calls of `method` (to `chatId`, if given) fail like Telegram would. */
  failNext(method: string, failure: Failure, opts: { chatId?: number; times?: number } = {}): void {
    this.api.refuseNext(method, new ApiRefusal(failure.error_code, failure.description, failure.parameters), opts);
  }

  /** People who started the bot earlier (their /start is in the chat), so it may write to them. */
  started(...userIds: number[]): void {
    for (const id of userIds) this.api.personMessage(id, { text: "/start" });
  }

  /** Every text shown in `chatId` now (current state of each message not deleted), oldest first. */
  textsIn(chatId: number): string[] {
    return this.sent.flatMap((m) => (m.chatId === chatId && !this.#deletedKeys.has(key(m)) ? [m.text] : []));
  }

  /** The last message shown in `chatId` now, with edits applied. */
  lastIn(chatId: number): ShownMessage | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const m = this.sent[i]!;
      if (m.chatId === chatId && !this.#deletedKeys.has(key(m))) return m;
    }
    return undefined;
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  #apply(e: ChatEvent): void {
    if (e.type === "message" && e.fromBot) {
      const shown: ShownMessage = { chatId: e.chatId, messageId: e.message.message_id, text: "", html: "", entities: [] };
      this.#show(shown, e.message);
      this.messages.set(key(shown), shown);
      this.sent.push(shown);
    } else if (e.type === "edit") {
      const shown = this.messages.get(`${e.chatId}:${e.message.message_id}`);
      if (shown) this.#show(shown, e.message);
    } else if (e.type === "delete") {
      this.deleted.push({ chatId: e.chatId, messageId: e.messageId });
      this.#deletedKeys.add(`${e.chatId}:${e.messageId}`);
    }
  }

  #show(shown: ShownMessage, m: Message): void {
    const entities = m.entities ?? m.caption_entities;
    const text = m.text ?? m.caption ?? "";
    shown.text = text;
    shown.html = entities?.length ? toHtml(text, entities) : text;
    shown.entities = entities ?? [];
    shown.keyboard = m.reply_markup;
    delete shown.document;
    delete shown.photo;
    if (m.document) {
      const file = this.api.state.files.get(m.document.file_id);
      shown.document = { fileName: m.document.file_name ?? "", content: file?.content.toString("utf8") ?? "" };
    }
    const photo = m.photo?.at(-1);
    if (photo) {
      const uploaded = !this.#seenFiles.has(photo.file_id);
      const png = uploaded ? this.api.state.files.get(photo.file_id)?.content : undefined;
      shown.photo = { fileId: photo.file_id, ...(png ? { png } : {}) };
    }
    if (m.document) this.#seenFiles.add(m.document.file_id);
    if (photo) this.#seenFiles.add(photo.file_id);
  }
}

const key = (m: { chatId: number; messageId: number }) => `${m.chatId}:${m.messageId}`;
