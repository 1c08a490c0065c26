/**
 * The state behind the Bot API stand-in: users, their private chats and the groups the bot is in, the
 * messages in them (as Telegram's `Message` objects), uploaded files, callback queries awaiting an
 * answer and the update queue. Every
 * change to a chat is emitted as a `ChatEvent` with a timestamp, so a benchmark can time update →
 * reply and a web page can mirror the chats.
 */
import { EventEmitter } from "node:events";
import { performance } from "node:perf_hooks";
import type { Chat, Message, MessageEntity, Update, User } from "grammy/types";

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
  /** Groups, supergroups and channels the bot is in (private chats are described by their user). */
  readonly groups = new Map<number, Chat>();
  /** Users who blocked the bot: sending to them is refused. */
  readonly blocked = new Set<number>();
  /** Users who have written to the bot (started it): only they may be written to in private. */
  readonly started = new Set<number>();
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

  /** A group, supergroup or channel the bot is a member of: it may post there unprompted. */
  group(chat: Exclude<Chat, Chat.PrivateChat>): void {
    if (!this.chats.has(chat.id)) this.chats.set(chat.id, new Map());
    this.groups.set(chat.id, chat);
  }

  chat(chatId: number): Map<number, Message> | undefined {
    return this.chats.get(chatId);
  }

  /** The chat as Telegram describes it in a message. */
  chatObject(chatId: number): Chat {
    const group = this.groups.get(chatId);
    if (group) return group;
    const u = this.users.get(chatId);
    return {
      id: chatId,
      type: "private",
      first_name: u?.first_name ?? "",
      ...(u?.username ? { username: u.username } : {}),
    } as Chat;
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
    if (!fromBot && message.chat.type === "private") this.started.add(chatId);
    // A message numbered elsewhere (an update a test wrote) moves the chat's numbering past it.
    if (message.message_id > (this.#nextMessageId.get(chatId) ?? 0)) this.#nextMessageId.set(chatId, message.message_id);
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

  /** The stored file at a `file_path` given out by getFile. */
  fileAt(path: string): StoredFile | undefined {
    for (const file of this.files.values()) if (file.path === path) return file;
    return undefined;
  }

  pushUpdate(chatId: number, body: Omit<Update, "update_id">): Update {
    const update = { update_id: this.#nextUpdateId++, ...body } as Update;
    this.queue.push(update);
    this.emit("change", { type: "update", at: this.now(), chatId, update });
    return update;
  }

  /** A callback query to answer; `id` is given when the press was written elsewhere (a test's update). */
  openQuery(chatId: number, id = `cq${this.#nextQuery++}`): PendingQuery {
    const query = { id, chatId, createdAt: this.now(), answered: false };
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
