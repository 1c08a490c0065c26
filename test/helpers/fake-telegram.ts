/**
 * A fake Telegram Bot API behind grammY's `client.fetch`: it sees every call, including those made
 * inside conversations, records them, and answers with plausible results. Tests read what a user was
 * shown from the recorded calls.
 */
import type { InlineKeyboardMarkup } from "grammy/types";

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** Raw multipart body for uploads (sendDocument): the file's text is inside. */
  raw?: string;
}

export interface ShownMessage {
  chatId: number;
  messageId: number;
  text: string;
  keyboard?: InlineKeyboardMarkup;
  /** For documents: the uploaded file's name and content (as text). */
  document?: { fileName: string; content: string };
}

type Failure = { error_code: number; description: string; parameters?: { retry_after?: number } };

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** Current state of every message the bot sent, by chat and id (edits applied). */
  readonly messages = new Map<string, ShownMessage>();
  /** Messages in the order they were first sent. */
  readonly sent: ShownMessage[] = [];
  readonly deleted: { chatId: number; messageId: number }[] = [];
  /** Files the bot may download: file_id → content. */
  readonly files = new Map<string, string>();
  /** Callback queries answered so far; Telegram refuses a second answer as "too old". */
  readonly answeredQueries = new Set<string>();
  #nextMessageId = 5000;
  #failures: { method: string; chatId?: number; failure: Failure; times: number }[] = [];

  /** Makes the next `times` calls of `method` (to `chatId`, if given) fail like Telegram would. */
  failNext(method: string, failure: Failure, opts: { chatId?: number; times?: number } = {}): void {
    this.#failures.push({ method, chatId: opts.chatId, failure, times: opts.times ?? 1 });
  }

  readonly fetch = (async (input: unknown, init?: { body?: unknown; headers?: unknown }) => {
    const url = String(input);
    const method = url.slice(url.lastIndexOf("/") + 1);
    const { payload, raw } = await readBody(init?.body);
    this.calls.push({ method, payload, ...(raw === undefined ? {} : { raw }) });
    const failure = this.#takeFailure(method, Number(payload.chat_id)) ?? this.#secondAnswer(method, payload);
    const body = failure
      ? { ok: false, ...failure }
      : { ok: true, result: this.#respond(method, payload, raw) };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof fetch;

  #secondAnswer(method: string, p: Record<string, unknown>): Failure | undefined {
    if (method !== "answerCallbackQuery") return undefined;
    const id = String(p.callback_query_id);
    if (!this.answeredQueries.has(id)) {
      this.answeredQueries.add(id);
      return undefined;
    }
    return {
      error_code: 400,
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    };
  }

  #takeFailure(method: string, chatId: number): Failure | undefined {
    const i = this.#failures.findIndex(
      (f) => f.method === method && (f.chatId === undefined || f.chatId === chatId),
    );
    if (i < 0) return undefined;
    const entry = this.#failures[i]!;
    entry.times -= 1;
    if (entry.times <= 0) this.#failures.splice(i, 1);
    return entry.failure;
  }

  #respond(method: string, p: Record<string, unknown>, raw: string | undefined): unknown {
    const chatId = Number(p.chat_id);
    const date = Math.floor(Date.now() / 1000);
    switch (method) {
      case "sendMessage":
      case "sendDocument": {
        const messageId = ++this.#nextMessageId;
        const shown: ShownMessage = {
          chatId,
          messageId,
          text: String(p.text ?? p.caption ?? ""),
          ...(p.reply_markup ? { keyboard: parseMarkup(p.reply_markup) } : {}),
          ...(method === "sendDocument" && raw ? { document: parseUpload(raw) } : {}),
        };
        this.messages.set(`${chatId}:${messageId}`, shown);
        this.sent.push(shown);
        return { message_id: messageId, date, chat: { id: chatId, type: "private" }, text: shown.text };
      }
      case "editMessageText": {
        const key = `${chatId}:${Number(p.message_id)}`;
        const shown = this.messages.get(key);
        if (shown) {
          shown.text = String(p.text);
          shown.keyboard = p.reply_markup ? parseMarkup(p.reply_markup) : undefined;
        }
        return {
          message_id: Number(p.message_id),
          date,
          chat: { id: chatId, type: "private" },
          text: String(p.text),
        };
      }
      case "editMessageReplyMarkup": {
        const shown = this.messages.get(`${chatId}:${Number(p.message_id)}`);
        if (shown) shown.keyboard = p.reply_markup ? parseMarkup(p.reply_markup) : undefined;
        return true;
      }
      case "deleteMessage":
        this.deleted.push({ chatId, messageId: Number(p.message_id) });
        return true;
      case "getFile":
        return {
          file_id: p.file_id,
          file_unique_id: `u${String(p.file_id)}`,
          file_path: `documents/${String(p.file_id)}`,
        };
      default:
        return true;
    }
  }

  /** Every text shown in `chatId` (current state of each message), oldest first. */
  textsIn(chatId: number): string[] {
    return this.sent
      .filter((m) => m.chatId === chatId)
      .map((m) => this.messages.get(`${chatId}:${m.messageId}`)!.text);
  }

  /** The last message shown in `chatId`, with edits applied. */
  lastIn(chatId: number): ShownMessage | undefined {
    const last = [...this.sent].reverse().find((m) => m.chatId === chatId);
    return last ? this.messages.get(`${chatId}:${last.messageId}`) : undefined;
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }
}

function parseMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  const value = typeof markup === "string" ? JSON.parse(markup) : markup;
  return value && typeof value === "object" && "inline_keyboard" in value
    ? (value as InlineKeyboardMarkup)
    : undefined;
}

async function readBody(body: unknown): Promise<{ payload: Record<string, unknown>; raw?: string }> {
  if (body === undefined || body === null) return { payload: {} };
  if (typeof body === "string") return { payload: JSON.parse(body) as Record<string, unknown> };
  // Multipart uploads arrive as a stream of chunks.
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  const raw = Buffer.concat(chunks).toString("utf8");
  const payload: Record<string, unknown> = {};
  for (const m of raw.matchAll(/name="([^"]+)"\r\n\r\n([\s\S]*?)\r\n--/g)) payload[m[1]!] = m[2];
  return { payload, raw };
}

function parseUpload(raw: string): { fileName: string; content: string } {
  // grammY writes the file name unquoted (filename=report.csv); browsers and curl quote it.
  const m = /filename=(?:"([^"]*)"|([^\r\n;]*))[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/.exec(raw);
  return { fileName: m?.[1] ?? m?.[2] ?? "", content: m?.[3] ?? "" };
}
