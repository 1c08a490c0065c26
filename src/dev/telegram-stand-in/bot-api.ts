/**
 * The Telegram Bot API as a local stand-in: the methods the bot uses with Telegram's semantics — long
 * polling with `timeout`/`offset`, edits, deletes, callback answers, uploads and downloads, command
 * lists per scope and language — refusing what Telegram refuses, with Telegram's descriptions. One core
 * for every use: tests hand it grammY's calls in process through `fetch` (no port, no HTTP), and
 * `BotApiServer` serves the same core over HTTP for the bot's own wiring, benchmarks and the
 * playground. Simulated people act through `user(id)`; every change to a chat is an event.
 */
import type {
  BotCommand,
  Chat,
  InlineKeyboardMarkup,
  InlineQueryResult,
  Message,
  MessageEntity,
  Update,
  User,
} from "grammy/types";
import { ChatModel, type ChatModelOptions, type StoredFile } from "./chat-model.js";
import { ParseError, parseHtml } from "./formatting.js";
import { BodyError, type Params, readParams, type Upload } from "./request-body.js";
import { SimulatedUser } from "./simulated-user.js";

export interface BotApiOptions extends ChatModelOptions {
  /** The only token accepted; any token when unset. */
  token?: string;
  bot?: Partial<User> & { username?: string; supports_inline_queries?: boolean };
  /**
   * Telegram's limit on a bot's messages to different chats, per second: past it a message is refused
   * with 429 and `retry_after` 1, as Telegram does (unset: no limit, the stand-in's default).
   */
  broadcastPerSecond?: number;
}

/** The methods that send a new message, which Telegram's broadcast limit counts. */
const SENDING = new Set(["sendmessage", "senddocument", "sendphoto"]);

/** A refusal as Telegram words it. */
export class ApiRefusal extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
  }
}

/** A Bot API request as it arrives, over HTTP or in process. */
export interface ApiRequest {
  /** `/bot<token>/<method>` or `/file/bot<token>/<file_path>`. */
  path: string;
  query?: URLSearchParams;
  contentType?: string;
  body?: Buffer | string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const badRequest = (what: string) => new ApiRefusal(400, `Bad Request: ${what}`);
const QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid";
const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const MAX_CALLBACK_DATA_BYTES = 64;

type Handler = (params: Params, uploads: Map<string, Upload>) => unknown | Promise<unknown>;

interface InlineQueryState {
  userId: number;
  createdAt: number;
  results?: InlineQueryResult[];
  settle: (results: InlineQueryResult[]) => void;
}

interface CommandList {
  scope: string;
  language: string;
  commands: BotCommand[];
}

interface PlannedRefusal {
  method: string;
  refusal: ApiRefusal;
  times: number;
  chatId?: number;
}

export class BotApi {
  readonly state: ChatModel;
  readonly botUser: User & { username: string };
  /** Every method called, in order (name and params), for tests and the playground's log. */
  readonly calls: { method: string; params: Params; at: number }[] = [];
  readonly commandLists: CommandList[] = [];
  menuButtons = new Map<string, unknown>();
  webhook: { url: string; secret?: string } | undefined;
  #token: string | undefined;
  #poll: { resolve: (updates: Update[]) => void; reject: (e: ApiRefusal) => void; timer: NodeJS.Timeout; limit: number } | undefined;
  #handlers: Record<string, Handler>;
  /** Inline queries awaiting the bot's answer, and the answers kept for the person to pick from. */
  #inline = new Map<string, InlineQueryState>();
  #nextInline = 1;
  #refusals: PlannedRefusal[] = [];
  /** When the messages of the last second went out (for `broadcastPerSecond`). */
  #recentSends: number[] = [];
  /** How many messages the broadcast limit refused with 429. */
  rateLimited = 0;

  constructor(readonly options: BotApiOptions = {}) {
    this.state = new ChatModel(options);
    this.#token = options.token;
    this.botUser = {
      id: 777000001,
      is_bot: true,
      first_name: "Local Bot",
      username: "local_playground_bot",
      ...options.bot,
    } as User & { username: string };
    this.#handlers = this.#methods();
  }

  /** Ends a waiting getUpdates (with no updates), as when the stand-in stops. */
  async close(): Promise<void> {
    if (this.#poll) {
      clearTimeout(this.#poll.timer);
      this.#poll.resolve([]);
      this.#poll = undefined;
    }
  }

  /**
   * Makes the next `times` calls of `method` (to `chatId`, if given) fail with `refusal` (a 429 with
   * retry_after, a 403 of a blocked person, a 502 of an outage).
   */
  refuseNext(method: string, refusal: ApiRefusal, opts: { times?: number; chatId?: number } = {}): void {
    this.#refusals.push({ method: method.toLowerCase(), refusal, times: opts.times ?? 1, chatId: opts.chatId });
  }

  /** A simulated person in a private chat with the bot. */
  user(id: number, fields: Partial<Omit<User, "id">> = {}): SimulatedUser {
    this.state.user(id, fields);
    return new SimulatedUser(this, id);
  }

  /** A group, supergroup or channel the bot is a member of (it may post there without being written to). */
  group(chat: Exclude<Chat, Chat.PrivateChat>): void {
    this.state.group(chat);
  }

  /** Queues an update and wakes a waiting getUpdates. */
  deliver(chatId: number, body: Omit<Update, "update_id">): Update {
    const update = this.state.pushUpdate(chatId, body);
    if (this.#poll) {
      const poll = this.#poll;
      this.#poll = undefined;
      clearTimeout(poll.timer);
      poll.resolve(this.state.queue.slice(0, poll.limit));
    }
    return update;
  }

  /**
   * Learns what Telegram knows of an update that reaches the bot another way (a test handing it over
   * directly, a webhook post): its people, chat and message, its callback or inline query. Idempotent,
   * so a redelivery changes nothing (an answered query stays answered).
   */
  observe(update: Omit<Update, "update_id">): void {
    const message = update.message;
    if (message) {
      if (message.from) this.#person(message.from);
      if (message.chat.type === "private") this.#person({ id: message.chat.id, is_bot: false, first_name: message.chat.first_name });
      else if (!this.state.groups.has(message.chat.id)) this.state.group(message.chat);
      if (!this.state.chat(message.chat.id)?.has(message.message_id))
        this.state.addMessage(message.chat.id, message, message.from?.id === this.botUser.id);
    }
    const press = update.callback_query;
    if (press) {
      this.#person(press.from);
      if (!this.state.queries.has(press.id)) this.state.openQuery(press.message?.chat.id ?? press.from.id, press.id);
    }
    const inline = update.inline_query;
    if (inline) {
      this.#person(inline.from);
      if (!this.#inline.has(inline.id))
        this.#inline.set(inline.id, { userId: inline.from.id, createdAt: this.state.now(), settle: () => undefined });
    }
  }

  #person(user: User): void {
    if (this.state.users.has(user.id)) return;
    const { id, ...fields } = user;
    this.state.user(id, fields);
  }

  /** Answers one request: a method call, or a download of a stored file. Never throws. */
  async answer(request: ApiRequest): Promise<ApiResponse> {
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.path);
    if (file) return this.#download(file[1]!, decodeURIComponent(file[2]!));
    const call = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(request.path);
    if (!call) return refused(new ApiRefusal(404, "Not Found"));
    if (this.#token !== undefined && call[1] !== this.#token) return refused(new ApiRefusal(401, "Unauthorized"));
    const method = call[2]!;
    const handler = this.#handlers[method.toLowerCase()];
    if (!handler) return refused(new ApiRefusal(404, "Not Found"));
    try {
      const { params, uploads } = readParams(request.query, request.contentType ?? "", request.body);
      this.calls.push({ method, params, at: this.state.now() });
      if (!wellFormed(params)) throw badRequest("strings must be encoded in UTF-8");
      this.#plannedRefusal(method, params);
      const result = await handler(params, uploads);
      return json(200, { ok: true, result });
    } catch (err) {
      if (err instanceof ApiRefusal) return refused(err);
      if (err instanceof ParseError) return refused(badRequest(err.message.replace(/^Bad Request: /, "")));
      if (err instanceof BodyError) return refused(badRequest(err.message));
      return refused(new ApiRefusal(500, `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  /**
   * The core as a `fetch` for grammY's `client.fetch`: every call, including those made inside
   * conversations, answered in process exactly as over HTTP.
   */
  readonly fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const { body, contentType } = await bodyOf(init?.body ?? (input instanceof Request ? input.body : undefined));
    const res = await this.answer({
      path: url.pathname,
      query: url.searchParams,
      contentType: headers.get("content-type") ?? contentType ?? "",
      ...(body === undefined ? {} : { body }),
    });
    return new Response(res.body, { status: res.status, headers: res.headers });
  }) as typeof fetch;

  #plannedRefusal(method: string, params: Params): void {
    const name = method.toLowerCase();
    const limit = this.options.broadcastPerSecond;
    if (limit !== undefined && SENDING.has(name)) {
      const now = Date.now();
      while (this.#recentSends.length > 0 && this.#recentSends[0]! <= now - 1000) this.#recentSends.shift();
      if (this.#recentSends.length >= limit) {
        this.rateLimited++;
        throw new ApiRefusal(429, "Too Many Requests: retry after 1", { retry_after: 1 });
      }
      this.#recentSends.push(now);
    }
    const planned = this.#refusals.find(
      (r) => r.method === name && (r.chatId === undefined || Number(params.chat_id) === r.chatId),
    );
    if (!planned) return;
    if (--planned.times <= 0) this.#refusals.splice(this.#refusals.indexOf(planned), 1);
    throw planned.refusal;
  }

  #download(token: string, path: string): ApiResponse {
    const stored = this.state.fileAt(path);
    if ((this.#token !== undefined && token !== this.#token) || !stored) return refused(new ApiRefusal(404, "Not Found"));
    return {
      status: 200,
      headers: { "content-type": stored.mimeType, "content-length": String(stored.content.length) },
      body: stored.content,
    };
  }

  #methods(): Record<string, Handler> {
    const h: Record<string, Handler> = {
      getme: () => this.botUser,
      logout: () => true,
      close: () => true,
      getupdates: (p) => this.#getUpdates(p),
      setwebhook: (p) => {
        const url = str(p.url);
        this.webhook = url ? { url, ...(p.secret_token ? { secret: str(p.secret_token) } : {}) } : undefined;
        return true;
      },
      deletewebhook: (p) => {
        this.webhook = undefined;
        if (p.drop_pending_updates === true || p.drop_pending_updates === "true") this.state.queue.length = 0;
        return true;
      },
      getwebhookinfo: () => ({
        url: this.webhook?.url ?? "",
        has_custom_certificate: false,
        pending_update_count: this.state.queue.length,
      }),
      sendmessage: (p) => {
        const chatId = this.#targetChat(p);
        const { text, entities } = formatted(p.text, p.parse_mode, p.entities, MAX_TEXT, "text");
        return this.#post(chatId, p, { text, ...(entities.length ? { entities } : {}) });
      },
      senddocument: (p, uploads) => this.#sendMedia("document", p, uploads),
      sendphoto: (p, uploads) => this.#sendMedia("photo", p, uploads),
      sendchataction: (p) => {
        this.#targetChat(p);
        return true;
      },
      editmessagetext: (p) => {
        const { chatId, message } = this.#editable(p);
        if (message.text === undefined) throw badRequest("there is no text in the message to edit");
        const { text, entities } = formatted(p.text, p.parse_mode, p.entities, MAX_TEXT, "text");
        const markup = markupOf(p.reply_markup);
        if (text === message.text && sameEntities(entities, message.entities) && sameMarkup(markup, message.reply_markup))
          throw badRequest(NOT_MODIFIED);
        return this.#replace(chatId, message, { text, entities: entities.length ? entities : undefined, reply_markup: markup });
      },
      editmessagecaption: (p) => {
        const { chatId, message } = this.#editable(p);
        if (message.text !== undefined) throw badRequest("there is no caption in the message to edit");
        const { text, entities } = formatted(p.caption ?? "", p.parse_mode, p.caption_entities, MAX_CAPTION, "caption", true);
        const markup = markupOf(p.reply_markup);
        if (text === (message.caption ?? "") && sameMarkup(markup, message.reply_markup)) throw badRequest(NOT_MODIFIED);
        return this.#replace(chatId, message, {
          caption: text || undefined,
          caption_entities: entities.length ? entities : undefined,
          reply_markup: markup,
        });
      },
      editmessagereplymarkup: (p) => {
        const { chatId, message } = this.#editable(p);
        const markup = markupOf(p.reply_markup);
        if (sameMarkup(markup, message.reply_markup)) throw badRequest(NOT_MODIFIED);
        return this.#replace(chatId, message, { reply_markup: markup });
      },
      editmessagemedia: (p, uploads) => {
        const { chatId, message } = this.#editable(p);
        if (message.text !== undefined) throw badRequest("there is no media in the message to edit");
        const media = parseJson(p.media) as { type?: string; media?: string; caption?: string } | undefined;
        if (!media || (media.type !== "document" && media.type !== "photo")) throw badRequest("can't parse InputMedia: media type is not specified");
        const file = this.#fileFrom(media.media, uploads, media.type);
        const fields = mediaFields(media.type, file);
        return this.#replace(
          chatId,
          { ...message, document: undefined, photo: undefined } as Message,
          { ...fields, caption: media.caption || undefined, reply_markup: markupOf(p.reply_markup) },
        );
      },
      deletemessage: (p) => {
        const chatId = this.#knownChat(p.chat_id);
        const messageId = Number(p.message_id);
        if (!this.state.chat(chatId)?.has(messageId)) throw badRequest("message to delete not found");
        this.state.deleteMessage(chatId, messageId);
        return true;
      },
      answercallbackquery: (p) => {
        const text = p.text === undefined ? undefined : str(p.text);
        if (text !== undefined && text.length > 200) throw badRequest("MESSAGE_TOO_LONG");
        if (!this.state.answerQuery(str(p.callback_query_id), text, p.show_alert === true || p.show_alert === "true"))
          throw badRequest(QUERY_TOO_OLD);
        return true;
      },
      getfile: (p) => {
        const file = this.state.files.get(str(p.file_id));
        if (!file) throw badRequest("invalid file_id");
        return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.content.length, file_path: file.path };
      },
      setmycommands: (p) => {
        const commands = parseJson(p.commands);
        if (!Array.isArray(commands) || commands.length > 100) throw badRequest("BOT_COMMANDS_TOO_MUCH");
        for (const c of commands as BotCommand[]) {
          if (!/^[a-z0-9_]{1,32}$/.test(String(c?.command ?? ""))) throw badRequest("BOT_COMMAND_INVALID");
          const d = String(c?.description ?? "");
          if (d.length < 1 || d.length > 256) throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
        }
        const { scope, language } = this.#commandKey(p);
        const i = this.commandLists.findIndex((l) => l.scope === scope && l.language === language);
        if (i >= 0) this.commandLists.splice(i, 1);
        this.commandLists.push({ scope, language, commands: commands as BotCommand[] });
        return true;
      },
      getmycommands: (p) => {
        const { scope, language } = this.#commandKey(p);
        return this.commandLists.find((l) => l.scope === scope && l.language === language)?.commands ?? [];
      },
      deletemycommands: (p) => {
        const { scope, language } = this.#commandKey(p);
        const i = this.commandLists.findIndex((l) => l.scope === scope && l.language === language);
        if (i >= 0) this.commandLists.splice(i, 1);
        return true;
      },
      setchatmenubutton: (p) => {
        this.menuButtons.set(p.chat_id === undefined ? "default" : String(p.chat_id), parseJson(p.menu_button) ?? { type: "default" });
        return true;
      },
      getchatmenubutton: (p) =>
        this.menuButtons.get(p.chat_id === undefined ? "default" : String(p.chat_id)) ?? { type: "commands" },
      answerinlinequery: (p) => {
        const query = this.#inline.get(str(p.inline_query_id));
        if (!query || query.results || this.state.now() - query.createdAt > this.state.callbackAnswerTimeoutMs)
          throw badRequest(QUERY_TOO_OLD);
        const results = parseJson(p.results);
        if (!Array.isArray(results)) throw badRequest("can't parse inline query results JSON object");
        if (results.length > 50) throw badRequest("RESULTS_TOO_MUCH");
        const ids = new Set<string>();
        for (const r of results as InlineQueryResult[]) {
          if (!r?.id || Buffer.byteLength(String(r.id)) > 64) throw badRequest("RESULT_ID_INVALID");
          if (ids.has(String(r.id))) throw badRequest("RESULT_ID_DUPLICATE");
          ids.add(String(r.id));
          if (r.type === "photo" && "photo_file_id" in r && !this.state.files.has(String(r.photo_file_id)))
            throw badRequest("wrong file identifier/HTTP URL specified");
          if (r.reply_markup) markupOf(r.reply_markup);
        }
        query.results = results as InlineQueryResult[];
        query.settle(query.results);
        return true;
      },
    };
    return h;
  }


  /**
   * A person types "@bot query": delivers an inline_query update and resolves with the results the
   * bot answers (rejects when it does not answer within the callback timeout).
   */
  personQueriesInline(userId: number, text: string): Promise<{ queryId: string; results: InlineQueryResult[] }> {
    const id = `iq${this.#nextInline++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#inline.delete(id);
        reject(new Error(`the bot did not answer inline query ${id}`));
      }, this.state.callbackAnswerTimeoutMs);
      this.#inline.set(id, {
        userId,
        createdAt: this.state.now(),
        settle: (results) => {
          clearTimeout(timer);
          resolve({ queryId: id, results });
        },
      });
      this.deliver(userId, {
        inline_query: { id, from: this.state.user(userId), query: text, offset: "", chat_type: "sender" },
      } as Omit<Update, "update_id">);
    });
  }

  /** The person sends one of the answered results into their chat with the bot ("via @bot"). */
  personSendsInlineResult(userId: number, queryId: string, resultId: string): Message {
    const query = this.#inline.get(queryId);
    const result = query?.userId === userId ? query.results?.find((r) => String(r.id) === resultId) : undefined;
    if (!result) throw badRequest("inline result not found");
    const markup = markupOf(result.reply_markup);
    let content: Partial<Message>;
    if (result.type === "photo" && "photo_file_id" in result) {
      const file = this.state.files.get(String(result.photo_file_id))!;
      const caption = formatted(result.caption ?? "", result.parse_mode, result.caption_entities, MAX_CAPTION, "caption", true);
      content = {
        ...mediaFields("photo", file),
        ...(caption.text ? { caption: caption.text } : {}),
        ...(caption.entities.length ? { caption_entities: caption.entities } : {}),
      };
    } else if (result.type === "article" && "message_text" in result.input_message_content) {
      const m = result.input_message_content;
      const body = formatted(m.message_text, m.parse_mode, m.entities, MAX_TEXT, "text");
      content = { text: body.text, ...(body.entities.length ? { entities: body.entities } : {}) };
    } else throw badRequest("this kind of inline result is not supported by the stand-in");
    return this.personSays(userId, { ...content, via_bot: this.botUser, ...(markup ? { reply_markup: markup } : {}) } as Partial<Message>)
      .message;
  }

  /** The commands a person sees: the most specific list for their chat and language (Telegram's order). */
  commandsFor(chatId: number, language?: string): BotCommand[] {
    const scopes = [`chat:${chatId}`, "all_private_chats", "default"];
    for (const scope of scopes) {
      for (const lang of [language ?? "", ""]) {
        const list = this.commandLists.find((l) => l.scope === scope && l.language === lang);
        if (list) return list.commands;
      }
    }
    return [];
  }

  #commandKey(p: Params): { scope: string; language: string } {
    const scope = parseJson(p.scope) as { type?: string; chat_id?: number | string } | undefined;
    const type = scope?.type ?? "default";
    if (type === "chat") this.#knownChat(scope?.chat_id);
    return { scope: type === "chat" ? `chat:${Number(scope?.chat_id)}` : type, language: str(p.language_code ?? "") };
  }

  #getUpdates(p: Params): Promise<Update[]> | Update[] {
    if (this.webhook) throw new ApiRefusal(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    const offset = p.offset === undefined ? 0 : Number(p.offset);
    const limit = Math.min(Math.max(p.limit === undefined ? 100 : Number(p.limit), 1), 100);
    const timeout = p.timeout === undefined ? 0 : Number(p.timeout);
    // An offset confirms every update below it; they are never sent again.
    const queue = this.state.queue;
    if (offset > 0) while (queue.length > 0 && queue[0]!.update_id < offset) queue.shift();
    else if (offset < 0) queue.splice(0, Math.max(0, queue.length + offset));
    if (this.#poll) {
      // Telegram ends the earlier request of a second poller.
      const earlier = this.#poll;
      this.#poll = undefined;
      clearTimeout(earlier.timer);
      earlier.reject(new ApiRefusal(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"));
    }
    if (queue.length > 0 || timeout <= 0) return this.#delivered(queue.slice(0, limit));
    return new Promise<Update[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#poll = undefined;
        resolve([]);
      }, timeout * 1000);
      this.#poll = { resolve: (u) => resolve(this.#delivered(u)), reject, timer, limit };
    });
  }

  #delivered(updates: Update[]): Update[] {
    for (const u of updates) {
      const chatId = chatOf(u);
      this.state.emit("change", { type: "update-delivered", at: this.state.now(), chatId, updateId: u.update_id });
    }
    return updates;
  }

  #knownChat(value: unknown): number {
    const chatId = Number(value);
    if (!Number.isSafeInteger(chatId) || !this.state.chat(chatId)) throw badRequest("chat not found");
    return chatId;
  }

  #targetChat(p: Params): number {
    const chatId = this.#knownChat(p.chat_id);
    if (this.state.groups.has(chatId)) return chatId;
    if (this.state.blocked.has(chatId)) throw new ApiRefusal(403, "Forbidden: bot was blocked by the user");
    if (!this.state.started.has(chatId)) throw new ApiRefusal(403, "Forbidden: bot can't initiate conversation with a user");
    return chatId;
  }


  #post(chatId: number, p: Params, content: Partial<Message>): Message {
    const markup = markupOf(p.reply_markup);
    const replyTo = (parseJson(p.reply_parameters) as { message_id?: number } | undefined)?.message_id ?? p.reply_to_message_id;
    const message = {
      message_id: this.state.newMessageId(chatId),
      date: Math.floor(Date.now() / 1000),
      chat: this.state.chatObject(chatId),
      from: this.botUser,
      ...content,
      ...(markup ? { reply_markup: markup } : {}),
      ...(replyTo !== undefined && this.state.chat(chatId)?.has(Number(replyTo))
        ? { reply_to_message: this.state.chat(chatId)!.get(Number(replyTo)) }
        : {}),
    } as Message;
    // A reply keyboard (or its removal) is shown to the person, not kept on the message.
    const keyboard = parseJson(p.reply_markup) as Record<string, unknown> | undefined;
    if (keyboard && !("inline_keyboard" in keyboard)) (message as Message & { keyboard?: unknown }).keyboard = keyboard;
    this.state.addMessage(chatId, message, true);
    return message;
  }

  #sendMedia(kind: "document" | "photo", p: Params, uploads: Map<string, Upload>): Message {
    const chatId = this.#targetChat(p);
    const file = this.#fileFrom(p[kind], uploads, kind);
    const { text, entities } = formatted(p.caption ?? "", p.parse_mode, p.caption_entities, MAX_CAPTION, "caption", true);
    return this.#post(chatId, p, {
      ...mediaFields(kind, file),
      ...(text ? { caption: text } : {}),
      ...(entities.length ? { caption_entities: entities } : {}),
    });
  }

  #fileFrom(value: unknown, uploads: Map<string, Upload>, kind: string): StoredFile {
    if (typeof value === "string" && value.startsWith("attach://")) value = uploads.get(value.slice(9));
    if (value && typeof value === "object" && "content" in value) {
      const u = value as Upload;
      return this.state.storeFile(u.name, u.type, u.content, kind === "photo" ? "photos" : "documents");
    }
    const known = this.state.files.get(str(value));
    if (!known) throw badRequest("wrong file identifier/HTTP URL specified");
    return known;
  }

  #editable(p: Params): { chatId: number; message: Message } {
    if (p.inline_message_id !== undefined) throw badRequest("MESSAGE_ID_INVALID");
    const chatId = this.#knownChat(p.chat_id);
    const message = this.state.chat(chatId)?.get(Number(p.message_id));
    if (!message) throw badRequest("message to edit not found");
    if (message.from?.id !== this.botUser.id) throw badRequest("message can't be edited");
    return { chatId, message };
  }

  #replace(chatId: number, message: Message, changes: Partial<Message>): Message {
    const next = { ...message, ...changes, edit_date: Math.floor(Date.now() / 1000) } as Message;
    for (const key of Object.keys(next) as (keyof Message)[]) if (next[key] === undefined) delete next[key];
    this.state.replaceMessage(chatId, next);
    return next;
  }

  /**
   * The user a person shares through the bot's `request_users` button `requestId` in their chat, as
   * Telegram sends it: the name only when the button asked for it (`request_name`), the username only
   * when it asked for that (`request_username`) and the person has one. The newest reply keyboard
   * showing that button decides; without one, only the id.
   */
  sharedUser(chatId: number, requestId: number, userId: number): { user_id: number; first_name?: string; last_name?: string; username?: string } {
    type RequestUsers = { request_id: number; request_name?: boolean; request_username?: boolean };
    let request: RequestUsers | undefined;
    for (const m of [...this.state.history(chatId)].reverse()) {
      const keyboard = (m as Message & { keyboard?: { keyboard?: unknown[][] } }).keyboard?.keyboard;
      const button = keyboard
        ?.flat()
        .find((b): b is { request_users: RequestUsers } =>
          typeof b === "object" && b !== null && "request_users" in b && (b as { request_users: RequestUsers }).request_users.request_id === requestId,
        );
      if (button) {
        request = button.request_users;
        break;
      }
    }
    const known = this.state.users.get(userId);
    return {
      user_id: userId,
      ...(request?.request_name && known?.first_name ? { first_name: known.first_name } : {}),
      ...(request?.request_name && known?.last_name ? { last_name: known.last_name } : {}),
      ...(request?.request_username && known?.username ? { username: known.username } : {}),
    };
  }

  /** A message from a person, stored in their chat (not delivered: `personSays` delivers). */
  personMessage(userId: number, content: Partial<Message>): Message {
    const user = this.state.user(userId);
    const message = {
      message_id: this.state.newMessageId(userId),
      date: Math.floor(Date.now() / 1000),
      chat: this.state.chatObject(userId),
      from: user,
      ...content,
    } as Message;
    this.state.addMessage(userId, message, false);
    return message;
  }

  /** Used by SimulatedUser: a message from a person, stored in the chat and delivered as an update. */
  personSays(userId: number, content: Partial<Message>): { message: Message; update: Update } {
    const message = this.personMessage(userId, content);
    const update = this.deliver(userId, { message } as Omit<Update, "update_id">);
    return { message, update };
  }

  /** Used by SimulatedUser: a press of an inline button under a bot message. */
  personPresses(userId: number, messageId: number, data: string): { queryId: string; update: Update } {
    const message = this.state.chat(userId)?.get(messageId);
    if (!message) throw new Error(`message ${messageId} is not in chat ${userId}`);
    const exists = (message.reply_markup?.inline_keyboard ?? []).some((row) =>
      row.some((b) => "callback_data" in b && b.callback_data === data),
    );
    if (!exists) throw new Error(`message ${messageId} has no button with data ${data}`);
    return this.pressAnyway(userId, messageId, data);
  }

  /** A press with any data (a stale client, a forged button): Telegram delivers it as it is. */
  pressAnyway(userId: number, messageId: number | undefined, data: string): { queryId: string; update: Update } {
    const press = this.pressOf(userId, messageId, data);
    return { queryId: press.callback_query!.id, update: this.deliver(userId, press) };
  }

  /**
   * The callback query of a press on a message of the person's chat (its current state), not
   * delivered; its query id is open for one answer.
   */
  pressOf(userId: number, messageId: number | undefined, data: string): Omit<Update, "update_id"> {
    const message = messageId === undefined ? undefined : this.state.chat(userId)?.get(messageId);
    const query = this.state.openQuery(userId);
    return {
      callback_query: {
        id: query.id,
        from: this.state.user(userId),
        chat_instance: `ci${userId}`,
        data,
        ...(message ? { message } : {}),
      },
    } as Omit<Update, "update_id">;
  }
}

function chatOf(u: Update): number {
  return u.message?.chat.id ?? u.callback_query?.from.id ?? u.edited_message?.chat.id ?? u.inline_query?.from.id ?? 0;
}

/**
 * Whether every string in the parameters (nested ones, and those inside a JSON-encoded field such as a
 * keyboard sent as form data) is well-formed UTF-16: Telegram reads UTF-8, and a lone surrogate (half
 * an emoji cut off) cannot be encoded in it, so the whole call is refused.
 */
function wellFormed(value: unknown): boolean {
  if (typeof value === "string") {
    if (!value.isWellFormed()) return false;
    if (!/^[[{]/.test(value)) return true;
    const parsed = parseJson(value);
    return parsed === value || wellFormed(parsed);
  }
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === "object" && !Buffer.isBuffer(value) && !("content" in value)) return Object.values(value).every(wellFormed);
  return true;
}

function str(v: unknown): string {
  return v === undefined || v === null ? "" : String(v);
}

function parseJson(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function formatted(
  raw: unknown,
  parseMode: unknown,
  entities: unknown,
  max: number,
  what: "text" | "caption",
  allowEmpty = false,
): { text: string; entities: MessageEntity[] } {
  const source = str(raw);
  const parsed =
    parseMode === "HTML"
      ? parseHtml(source)
      : { text: source, entities: (parseJson(entities) as MessageEntity[] | undefined) ?? [] };
  // Telegram trims surrounding whitespace before checking.
  const text = parsed.text.trim();
  if (!allowEmpty && text.length === 0) throw badRequest(`message ${what} is empty`);
  if (text.length > max) throw badRequest(`message ${what} is too long`);
  return { text, entities: parsed.entities };
}

function markupOf(v: unknown): InlineKeyboardMarkup | undefined {
  const markup = parseJson(v) as InlineKeyboardMarkup | Record<string, unknown> | undefined;
  if (!markup || typeof markup !== "object" || !("inline_keyboard" in markup)) return undefined;
  const keyboard = (markup as InlineKeyboardMarkup).inline_keyboard;
  if (!Array.isArray(keyboard)) throw badRequest("can't parse reply keyboard markup JSON object");
  for (const row of keyboard) {
    for (const b of row) {
      if (!b.text) throw badRequest("text buttons are unallowed in the inline keyboard");
      if ("callback_data" in b && Buffer.byteLength(String(b.callback_data)) > MAX_CALLBACK_DATA_BYTES)
        throw badRequest("BUTTON_DATA_INVALID");
    }
  }
  // An empty keyboard removes the buttons.
  return keyboard.length === 0 || keyboard.every((r) => r.length === 0) ? undefined : (markup as InlineKeyboardMarkup);
}

function sameMarkup(a: InlineKeyboardMarkup | undefined, b: InlineKeyboardMarkup | undefined): boolean {
  return JSON.stringify(a?.inline_keyboard ?? []) === JSON.stringify(b?.inline_keyboard ?? []);
}

function sameEntities(a: MessageEntity[], b: MessageEntity[] | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b ?? []);
}

function mediaFields(kind: string, file: StoredFile): Partial<Message> {
  const base = { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.content.length };
  return kind === "photo"
    ? { photo: [{ ...base, width: 512, height: 512 }] }
    : { document: { ...base, file_name: file.name, mime_type: file.mimeType } };
}

function json(status: number, body: unknown): ApiResponse {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

function refused(r: ApiRefusal): ApiResponse {
  return json(r.code, {
    ok: false,
    error_code: r.code,
    description: r.description,
    ...(r.parameters ? { parameters: r.parameters } : {}),
  });
}

/** A fetch body as bytes (or the string it already is), and the content type it implies. */
async function bodyOf(body: unknown): Promise<{ body?: Buffer | string; contentType?: string }> {
  if (body === undefined || body === null) return {};
  if (typeof body === "string") return { body };
  if (body instanceof Uint8Array) return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof URLSearchParams) return { body: body.toString(), contentType: "application/x-www-form-urlencoded" };
  // grammY streams multipart uploads as an async iterable of chunks.
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) chunks.push(Buffer.from(chunk));
    return { body: Buffer.concat(chunks) };
  }
  // Anything else a fetch accepts (a Blob, FormData, an ArrayBuffer), read as a Response would.
  const res = new Response(body as ConstructorParameters<typeof Response>[0]);
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get("content-type") ?? undefined };
}
