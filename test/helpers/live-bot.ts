/**
 * The real entry point (src/main.ts) as a child process, fed over HTTP: the Bot API stand-in served
 * on loopback (read through the same view as the flow tests), and updates posted to the bot's
 * webhook with its secret.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Update } from "grammy/types";
import { BotApiServer } from "../../src/dev/telegram-stand-in/bot-api-server.js";
import { commandEntities } from "../../src/dev/telegram-stand-in/chat-model.js";
import { BOT_INFO } from "./bot-harness.js";
import { TelegramView } from "./telegram-view.js";

/** The Bot API stand-in over HTTP at `url` (TELEGRAM_API_ROOT), with the tests' view of it. */
export class TelegramOverHttp {
  readonly server = new BotApiServer({ bot: BOT_INFO });
  readonly tg = new TelegramView(this.server);
  #nextUpdateId = 1;

  get url(): string {
    return this.server.apiRoot;
  }

  async start(): Promise<void> {
    await this.server.listen();
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  /** Updates as Telegram posts them to a webhook, from a private chat with `userId` (kept in the chat). */
  readonly updates = {
    text: (userId: number, text: string): Update => {
      this.#person(userId);
      const entities = commandEntities(text);
      const message = this.server.personMessage(userId, { text, ...(entities ? { entities } : {}) });
      return { update_id: this.#nextUpdateId++, message } as Update;
    },
    press: (userId: number, data: string, messageId: number): Update => {
      this.#person(userId);
      return { update_id: this.#nextUpdateId++, ...this.server.pressOf(userId, messageId, data) };
    },
  };

  #person(userId: number): void {
    if (!this.server.state.users.has(userId))
      this.server.state.user(userId, { first_name: `User${userId}`, language_code: "en" });
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

/** The callback data and message of the newest button in `chatId` whose label matches. */
export function button(tg: TelegramView, chatId: number, label: RegExp): { data: string; messageId: number } {
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
