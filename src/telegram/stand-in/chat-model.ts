/**
 * The state behind the Bot API stand-in: users, private chats, the messages in them (as Telegram's
 * `Message` objects), uploaded files, callback queries awaiting an answer and the update queue. Every
 * change to a chat is emitted as a `ChatEvent` with a timestamp, so a benchmark can time update →
 * reply and a web page can mirror the chats.
 */
import { EventEmitter } from "node:events";
import { performance } from "node:perf_hooks";
import type { Message, MessageEntity, Update, User } from "grammy/types";

/** A change in a chat, in the order it happened; `at` is `performance.now()` (ms). */
export type ChatEvent =
  | { type: "update"; at: number; chatId: number; update: Update }
  | { type: "update-delivered"; at: number; chatId: number; updateId: number }
  | { type: "message"; at: number; chatId: number; message: Message; fromBot: boolean }
  | { type: "edit"; at: number; chatId: number; message: Message }
  | { type: "delete"; at: number; chatId: number; messageId: number }
  | {
      type: "callback-answer";
      at: number;
      chatId: number;
      queryId: string;
      text?: string;
      showAlert: boolean;
    };

export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  path: string;
  name: string;
  mimeType: string;
  content: Buffer;
}

export interface PendingQuery {
  id: string;
  chatId: number;
  createdAt: number;
  answered: boolean;
}

export interface ChatModelOptions {
  /** How long a callback query can still be answered (Telegram: about 15 s). */
  callbackAnswerTimeoutMs?: number;
  /** Clock in ms, for expiry; defaults to performance.now(). */
  now?: () => number;
  /** The first update id (Telegram's keep increasing for a bot's whole life); 1 when unset. */
  firstUpdateId?: number;
}

export class ChatModel extends EventEmitter<{ change: [ChatEvent] }> {
  readonly users = new Map<number, User>();
  /** Messages per chat by id, current state (edits applied). */
  readonly chats = new Map<number, Map<number, Message>>();
  /** Users who blocked the bot: sending to them is refused. */
  readonly blocked = new Set<number>();
  readonly files = new Map<string, StoredFile>();
  readonly queries = new Map<string, PendingQuery>();
  /** Updates not yet confirmed by an offset. */
  readonly queue: Update[] = [];
  readonly callbackAnswerTimeoutMs: number;
  readonly now: () => number;
  #nextUpdateId = 1;
  #nextMessageId = new Map<number, number>();
  #nextFile = 1;
  #nextQuery = 1;

  constructor(options: ChatModelOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.callbackAnswerTimeoutMs = options.callbackAnswerTimeoutMs ?? 15_000;
    this.#nextUpdateId = options.firstUpdateId ?? 1;
    this.now = options.now ?? (() => performance.now());
  }

  user(id: number, fields: Partial<Omit<User, "id">> = {}): User {
    let user = this.users.get(id);
    if (!user) {
      user = { id, is_bot: false, first_name: fields.first_name ?? `User ${id}`, ...fields };
      this.users.set(id, user);
      this.chats.set(id, new Map());
    } else Object.assign(user, fields);
    return user;
  }

  chat(chatId: number): Map<number, Message> | undefined {
    return this.chats.get(chatId);
  }

  /** Messages of a chat in order (current state). */
  history(chatId: number): Message[] {
    return [...(this.chats.get(chatId)?.values() ?? [])].sort((a, b) => a.message_id - b.message_id);
  }

  newMessageId(chatId: number): number {
    const next = (this.#nextMessageId.get(chatId) ?? 0) + 1;
    this.#nextMessageId.set(chatId, next);
    return next;
  }

  addMessage(chatId: number, message: Message, fromBot: boolean): void {
    this.chats.get(chatId)?.set(message.message_id, message);
    this.emit("change", { type: "message", at: this.now(), chatId, message, fromBot });
  }

  replaceMessage(chatId: number, message: Message): void {
    this.chats.get(chatId)?.set(message.message_id, message);
    this.emit("change", { type: "edit", at: this.now(), chatId, message });
  }

  deleteMessage(chatId: number, messageId: number): void {
    this.chats.get(chatId)?.delete(messageId);
    this.emit("change", { type: "delete", at: this.now(), chatId, messageId });
  }

  pushUpdate(chatId: number, body: Omit<Update, "update_id">): Update {
    const update = { update_id: this.#nextUpdateId++, ...body } as Update;
    this.queue.push(update);
    this.emit("change", { type: "update", at: this.now(), chatId, update });
    return update;
  }

  openQuery(chatId: number): PendingQuery {
    const query = { id: `cq${this.#nextQuery++}`, chatId, createdAt: this.now(), answered: false };
    this.queries.set(query.id, query);
    return query;
  }

  /** Answers a query once, within the timeout; false when Telegram would refuse the answer. */
  answerQuery(id: string, text: string | undefined, showAlert: boolean): boolean {
    const query = this.queries.get(id);
    if (!query || query.answered || this.now() - query.createdAt > this.callbackAnswerTimeoutMs) return false;
    query.answered = true;
    this.emit("change", {
      type: "callback-answer",
      at: this.now(),
      chatId: query.chatId,
      queryId: id,
      ...(text === undefined ? {} : { text }),
      showAlert,
    });
    return true;
  }

  storeFile(name: string, mimeType: string, content: Buffer, kind = "documents"): StoredFile {
    const n = this.#nextFile++;
    const file = {
      fileId: `file-${n}`,
      fileUniqueId: `u-file-${n}`,
      path: `${kind}/file_${n}_${name.replace(/[^\w.-]/g, "_")}`,
      name,
      mimeType,
      content,
    };
    this.files.set(file.fileId, file);
    return file;
  }
}

/** Entities for a text a person types: a leading /command, and its length in UTF-16 units. */
export function commandEntities(text: string): MessageEntity[] | undefined {
  const m = /^\/[A-Za-z0-9_]{1,32}(@\w+)?/.exec(text);
  return m ? [{ type: "bot_command", offset: 0, length: m[0].length }] : undefined;
}
