/**
 * The real entry point (src/main.ts) as a child process, fed over HTTP: a fake Telegram Bot API
 * served on loopback (the FakeTelegram of the flow tests behind an HTTP server, so a test reads what
 * people were shown the same way), and updates posted to the bot's webhook with its secret.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { BOT_INFO } from "./bot-harness.js";
import { FakeTelegram } from "./fake-telegram.js";

/** FakeTelegram over HTTP at `url` (TELEGRAM_API_ROOT). */
export class TelegramOverHttp {
  readonly tg = new FakeTelegram();
  url = "";
  #server: Server | undefined;

  async start(): Promise<void> {
    this.#server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const method = (req.url ?? "").split("/").pop() ?? "";
      if (method === "getMe") {
        res.end(JSON.stringify({ ok: true, result: BOT_INFO }));
        return;
      }
      const json = /json/.test(req.headers["content-type"] ?? "");
      const reply = await this.tg.fetch(`http://x/${method}`, {
        body: body.length === 0 ? undefined : json ? body.toString("utf8") : [body],
      } as RequestInit);
      res.writeHead(200, { "content-type": "application/json" }).end(await reply.text());
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

export const WEBHOOK_SECRET = "test-secret-1234567890";

/** A bot process in webhook mode on a port the system picks (PORT=0), read from its "bot started" line. */
export class LiveBot {
  output = "";
  port = 0;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        BOT_MODE: "webhook",
        WEBHOOK_URL: `https://bot.example.org/telegram/hook`,
        WEBHOOK_SECRET,
        PORT: "0",
        LOG_LEVEL: "debug",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (d) => (this.output += String(d)));
    this.child.stderr!.on("data", (d) => (this.output += String(d)));
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async started(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let line: RegExpExecArray | null;
    while (!(line = /"port":([1-9][0-9]*)[^\n]*"msg":"bot started"/.exec(this.output))) {
      if (Date.now() > deadline || this.child.exitCode !== null) throw new Error(`did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    this.port = Number(line[1]);
  }

  /** Posts an update to the webhook (with the right secret unless told otherwise); returns the status. */
  async post(update: object, secret: string | null = WEBHOOK_SECRET): Promise<number> {
    const res = await fetch(`${this.url}/telegram/hook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }),
      },
      body: JSON.stringify(update),
    });
    await res.text();
    return res.status;
  }
}

let nextUpdateId = 1;
let nextMessageId = 1;

/** Updates as Telegram sends them, from a private chat with `userId`. */
export const updates = {
  text(userId: number, text: string, updateId = nextUpdateId++) {
    return {
      update_id: updateId,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: "private", first_name: `User${userId}` },
        from: { id: userId, is_bot: false, first_name: `User${userId}`, language_code: "en" },
        text,
        ...(text.startsWith("/")
          ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] }
          : {}),
      },
    };
  },
  press(userId: number, data: string, messageId: number, updateId = nextUpdateId++) {
    return {
      update_id: updateId,
      callback_query: {
        id: `cq${updateId}`,
        chat_instance: "ci",
        from: { id: userId, is_bot: false, first_name: `User${userId}`, language_code: "en" },
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: userId, type: "private", first_name: `User${userId}` },
          text: "…",
        },
      },
    };
  },
};

/** The callback data and message of the newest button in `chatId` whose label matches. */
export function button(tg: FakeTelegram, chatId: number, label: RegExp): { data: string; messageId: number } {
  for (const m of [...tg.sent].reverse()) {
    const shown = tg.messages.get(`${chatId}:${m.messageId}`) ?? m;
    if (shown.chatId !== chatId) continue;
    for (const row of shown.keyboard?.inline_keyboard ?? []) {
      for (const b of row) {
        if (label.test(b.text) && "callback_data" in b) return { data: b.callback_data!, messageId: m.messageId };
      }
    }
  }
  throw new Error(`no button ${label} in chat ${chatId}`);
}

/** Waits until `check` holds. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
