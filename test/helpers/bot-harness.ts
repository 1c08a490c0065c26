/**
 * The real bot (createBot) wired to the in-process simulator over HTTP, real storage (SQLite, or
 * PostgreSQL in a fresh schema) and the Bot API stand-in in process. Tests drive it as users would:
 * messages, commands, button presses, documents; and assert what the service holds and what users
 * were shown.
 */
import type { Update } from "grammy/types";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { BotDeps } from "../../src/bot/context.js";
import { type BotApp, type BotParts, type CreateBotOptions, createBot } from "../../src/bot/index.js";
import { createI18n, Languages, translatorsFor } from "../../src/bot/i18n.js";
import { createInProcessJobs } from "../../src/jobs/in-process.js";
import { createOutbox } from "../../src/outbox/worker.js";
import { BroadcastPacer, broadcastApi, DEFAULT_BROADCAST_PER_SECOND } from "../../src/telegram/broadcast-pacer.js";
import { telegramLimits } from "../../src/telegram/limits.js";
import type { NetworkName } from "../../src/domain/networks.js";
import { createLogger } from "../../src/logger.js";
import { noticeButtons } from "../../src/bot/notice-buttons.js";
import { noteServiceAttempt } from "../../src/bot/update-effects.js";
import { createNotifications, type Notifications, type NotificationsConfig } from "../../src/notifications/index.js";
import { worthOf } from "../../src/bot/shared/worth.js";
import { createServiceFactory } from "../../src/service/factory.js";
import { startSimulator } from "../../src/dev/simulator/server.js";
import { createStorage, type OpenDatabaseOptions, type SqlStorage } from "../../src/storage/index.js";
import { BotApi } from "../../src/dev/telegram-stand-in/bot-api.js";
import { commandEntities } from "../../src/dev/telegram-stand-in/chat-model.js";
import { pgExec } from "./pg.js";
import { type ShownMessage, TelegramView } from "./telegram-view.js";

export const BOT_INFO = {
  id: 424242,
  is_bot: true as const,
  first_name: "Test Bot",
  username: "test_payments_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

const TOKEN = "123456:TEST-TOKEN";

/** A bot app with the parts it was built from (its jobs, outbox and translations). */
export type TestBotApp = BotApp & BotParts;

export interface HarnessOptions {
  adminIds?: number[];
  /** Unset: a fresh SQLite file in memory. A postgres:// URL: a fresh schema in that database. */
  databaseUrl?: string;
  confirmTtlSeconds?: number;
  massBatchSize?: number;
  massConfirmTotal?: string;
  massMaxRows?: number;
  /** More options for createBot (e.g. onUpdate). */
  botOptions?: Partial<CreateBotOptions>;
  /** The bot's public URL for signed callbacks (notifications). */
  callbackPublicUrl?: string;
  /**
   * Updates a person may send per window (RATE_LIMIT_UPDATES); tests drive people faster than anyone
   * types, so the limit is off unless a test sets it.
   */
  rateLimit?: { updates: number; seconds: number };
  /** CHAT_BACKLOG (the configuration's default when unset). */
  chatBacklog?: number;
  /** CHAT_TURN_LEASE_SECONDS (the configuration's default when unset). */
  chatTurnLeaseSeconds?: number;
  /** More options for the database (e.g. a shorter SQLite busy timeout). */
  databaseOptions?: OpenDatabaseOptions;
  /** The languages: a folder of .ftl files each (default: the project's locales/). */
  localesDir?: string;
}

export type SimBalances = {
  pay?: Record<string, string>;
  funding?: Record<string, string>;
  trading?: Record<string, string>;
};

export interface SimAccountView {
  userId: number;
  pay: Record<string, { balance: string; available: string; holds: string }>;
  funding: Record<string, string>;
  trading: Record<string, string>;
}

export class Harness {
  readonly tg = new TelegramView(new BotApi({ bot: BOT_INFO }));
  readonly logLines: string[] = [];
  #updateId = 1;
  #clockOffsetMs = 0;
  #pgSchema: string | undefined;
  app!: TestBotApp;
  deps!: BotDeps;
  storage!: SqlStorage;
  sim!: Awaited<ReturnType<typeof startSimulator>>;
  /** The notification machinery, not scheduled: tests run its rounds themselves. */
  notifications!: Notifications;

  static async create(opts: HarnessOptions = {}): Promise<Harness> {
    const h = new Harness();
    await h.#init(opts);
    return h;
  }

  async #init(opts: HarnessOptions): Promise<void> {
    this.sim = await startSimulator({ port: 0, seed: false });
    const lines = this.logLines;
    const logger = createLogger(
      "debug",
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    // As in src/app.ts: the database tells its outages to the log.
    const database: OpenDatabaseOptions = { log: logger, ...opts.databaseOptions };
    if (opts.databaseUrl?.startsWith("postgres")) {
      this.#pgSchema = `bot_${randomBytes(6).toString("hex")}`;
      await pgExec(opts.databaseUrl, `CREATE SCHEMA ${this.#pgSchema}`);
      database.schema = this.#pgSchema;
    }
    this.storage = await createStorage({
      databaseUrl: opts.databaseUrl ?? ":memory:",
      keyEncryptionKey: randomBytes(32),
      keyVersion: 1,
      database,
    });
    this.#pgUrl = opts.databaseUrl;
    this.#localesDir = opts.localesDir;
    const services = createServiceFactory(
      {
        EXCHANGE_BASE_URL: this.sim.baseUrls.exchange,
        PAY_BASE_URL: this.sim.baseUrls.pay,
        EXCHANGE_TESTNET_BASE_URL: this.sim.baseUrls.exchangeTestnet,
        PAY_TESTNET_BASE_URL: this.sim.baseUrls.payTestnet,
        SERVICE_TIMEOUT_MS: 5000,
      },
      // As in src/app.ts: the bot learns which updates asked the service for a change.
      { backoffMs: 5, logger, onAttempt: noteServiceAttempt },
    );
    this.deps = {
      config: {
        ADMIN_IDS: opts.adminIds ?? [],
        CONFIRM_TTL_SECONDS: opts.confirmTtlSeconds ?? 120,
        MASS_MAX_ROWS: opts.massMaxRows ?? 10_000,
        // The configuration's default: the service's most payouts a call.
        MASS_BATCH_SIZE: opts.massBatchSize ?? 500,
        MASS_CONFIRM_TOTAL: opts.massConfirmTotal ?? "1000",
        TELEGRAM_API_ROOT: undefined,
        // Notifications in tests go out unpaced in practice; pacing has its own test.
        BROADCAST_PER_SECOND: 1000,
        RATE_LIMIT_UPDATES: opts.rateLimit?.updates ?? 0,
        ...(opts.rateLimit ? { RATE_LIMIT_SECONDS: opts.rateLimit.seconds } : {}),
        ...(opts.chatBacklog === undefined ? {} : { CHAT_BACKLOG: opts.chatBacklog }),
        ...(opts.chatTurnLeaseSeconds === undefined ? {} : { CHAT_TURN_LEASE_SECONDS: opts.chatTurnLeaseSeconds }),
      },
      logger,
      storage: this.storage,
      services,
      now: () => new Date(Date.now() + this.#clockOffsetMs),
      downloadFile: async (filePath) => {
        const file = this.tg.api.state.fileAt(filePath);
        if (!file) throw new Error(`no such file ${filePath}`);
        return file.content;
      },
    };
    // As in src/app.ts: the parts first, the notifications over them, then the bot with both.
    const parts = this.newParts({ fetch: this.tg.fetch });
    this.notifications = this.newNotifications({ CALLBACK_PUBLIC_URL: opts.callbackPublicUrl }, parts);
    this.deps = { ...this.deps, watch: this.notifications.hooks };
    this.app = this.newApp({ ...opts.botOptions }, parts);
  }
  /**
   * What src/app.ts builds for a bot: translations, in-process jobs, the broadcast pacer and the
   * outbox. A second set stands for another process over the same storage.
   */
  newParts(client: CreateBotOptions["client"] = { fetch: this.tg.fetch }): BotParts {
    const languages = new Languages(createI18n(this.#localesDir));
    const translatorFor = translatorsFor(languages, this.storage.users, this.storage.people);
    const jobs = createInProcessJobs({ logger: this.deps.logger });
    const pacer = new BroadcastPacer(() => this.deps.config.BROADCAST_PER_SECOND ?? DEFAULT_BROADCAST_PER_SECOND, this.deps.logger);
    const broadcast = broadcastApi(TOKEN, client ?? {}, pacer, [telegramLimits(translatorFor)]);
    const outbox = createOutbox({ db: this.storage.db, api: broadcast, jobs, logger: this.deps.logger, now: this.deps.now });
    return { languages, translatorFor, jobs, outbox, broadcastApi: broadcast };
  }

  /** A bot over this harness's storage, simulator and Telegram (another instance, or a restarted one). */
  newApp(options: Partial<CreateBotOptions> = {}, parts?: BotParts): TestBotApp {
    const client = options.client ?? { fetch: this.tg.fetch };
    const own = parts ?? this.newParts(client);
    const app = createBot(this.deps, own, { ...options, token: TOKEN, botInfo: BOT_INFO, client });
    return { ...app, ...own };
  }

  #pgUrl: string | undefined;
  #localesDir: string | undefined;

  /**
   * The notification machinery over this bot's storage, services and outbox, not scheduled (tests run
   * its rounds); a second one stands for another process, e.g. after a restart.
   */
  newNotifications(config: Partial<NotificationsConfig> = {}, parts: BotParts = this.app): Notifications {
    return createNotifications({
      storage: this.storage,
      services: this.deps.services,
      outbox: parts.outbox,
      noticeButtons,
      translatorFor: parts.translatorFor,
      log: this.deps.logger,
      now: () => this.deps.now().getTime(),
      // As the composition root wires it: a notice's amount with its worth in the person's fiat.
      worthOf: (telegramId, asset) => worthOf(this.deps, telegramId, asset),
      config: {
        WATCH_MIN_INTERVAL_SECONDS: 10,
        WATCH_MAX_INTERVAL_SECONDS: 300,
        WATCH_IDLE_INTERVAL_SECONDS: 600,
        WATCH_USER_CALLS_PER_MINUTE: 20,
        WATCH_CALLS_PER_MINUTE: 20_000,
        WATCH_CONCURRENCY: 4,
        ALERT_INTERVAL_SECONDS: 15,
        ALERT_REPEAT_MIN_GAP_SECONDS: 300,
        CALLBACK_PUBLIC_URL: undefined,
        CALLBACK_MAX_AGE_SECONDS: 300,
        ...config,
      },
    });
  }

  /** Moves the bot's clock (confirmations expire by it). */
  advanceClock(ms: number): void {
    this.#clockOffsetMs += ms;
  }

  /** Feeds one update through the bot, as the runner would (Telegram learns what it holds first). */
  async handle(update: Omit<Update, "update_id">): Promise<void> {
    this.tg.api.observe(update);
    await this.app.bot.handleUpdate({ update_id: this.#updateId++, ...update } as Update);
  }

  /**
   * Numbers an update as Telegram would (the next update_id) and lets Telegram learn what it holds,
   * without handing it to any bot: for delivering it another way (a webhook post, another instance).
   */
  stamp(update: Omit<Update, "update_id">): Update {
    this.tg.api.observe(update);
    return { update_id: this.#updateId++, ...update } as Update;
  }

  /** Replays an update exactly as Telegram would on a redelivery (same update_id). */
  async replay(update: Update): Promise<void> {
    this.tg.api.observe(update);
    await this.app.bot.handleUpdate(update);
  }

  user(id: number, opts: { languageCode?: string; firstName?: string } = {}): TestUser {
    return new TestUser(this, id, opts.languageCode ?? "en", opts.firstName ?? `User${id}`);
  }

  /** Creates an account on the simulator; its userId is the Telegram id when given. */
  async createAccount(
    balances: SimBalances & { userId?: number } = {},
  ): Promise<{ userId: number; keys: Record<NetworkName, string> }> {
    return this.simFetch("/_sim/accounts", { method: "POST", body: balances });
  }

  async account(userId: number, network: NetworkName = "production"): Promise<SimAccountView> {
    return this.simFetch(`/_sim/accounts/${userId}?network=${network}`);
  }

  async simRequests(
    operationId: string,
  ): Promise<{ method: string; path: string; network: "production" | "testnet"; body: unknown }[]> {
    return this.simFetch(`/_sim/requests?operationId=${operationId}`);
  }

  async fault(spec: { operationId: string; mode: string; count?: number; ms?: number }): Promise<void> {
    await this.simFetch("/_sim/faults", { method: "POST", body: spec });
  }

  async simFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(this.sim.url + path, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json" },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A user with an account on the simulator and its key linked through the real /connect flow. */
  async linkedUser(
    balances: SimBalances = {},
    opts: { network?: NetworkName; languageCode?: string; id?: number } = {},
  ) {
    const network = opts.network ?? "production";
    const account = await this.createAccount({ ...balances, ...(opts.id ? { userId: opts.id } : {}) });
    const user = this.user(account.userId, { languageCode: opts.languageCode });
    await user.send("/start");
    await user.send("/connect");
    await user.press(`keys:net:${network}`);
    await user.send(account.keys[network]);
    const last = user.last()?.text ?? "";
    if (!/✅/.test(last)) throw new Error(`linking failed: ${last}`);
    return { user, account, key: account.keys[network] };
  }

  /** Waits until the outbox has sent everything it owes (notices, reports, notifications go through it). */
  async outboxSent(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { pending } = await this.app.outbox.store.counts();
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`the outbox still owes ${pending} messages`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  #closed = false;

  /** Idempotent, so an afterEach after a failed create (or a second close) does not hide the real error. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Timers the bot set (an expiry watched, an outbox retry) must not fire on closed storage.
    await this.app?.jobs.stop(1000);
    await this.storage.close();
    await this.sim.close();
    if (this.#pgSchema && this.#pgUrl) await pgExec(this.#pgUrl, `DROP SCHEMA ${this.#pgSchema} CASCADE`);
  }
}

export class TestUser {
  constructor(
    readonly h: Harness,
    readonly id: number,
    readonly languageCode: string,
    readonly firstName: string,
  ) {
    h.tg.api.state.user(id, { first_name: firstName, language_code: languageCode });
  }

  get from() {
    return { id: this.id, is_bot: false, first_name: this.firstName, language_code: this.languageCode };
  }
  get chat() {
    return { id: this.id, type: "private" as const, first_name: this.firstName };
  }

  /** Sends a text message (or a /command) in the private chat. */
  async send(text: string): Promise<void> {
    await this.h.handle(this.textUpdate(text));
  }

  /** Builds the update of a text message (or a /command), so a test can deliver it another way. */
  textUpdate(text: string): Omit<Update, "update_id"> {
    const entities = commandEntities(text);
    return { message: this.#says({ text, ...(entities ? { entities } : {}) }) };
  }

  /** Builds the update for pressing a button, so a test can deliver it twice or concurrently. */
  pressUpdate(data: string, messageId?: number): Omit<Update, "update_id"> {
    return this.h.tg.api.pressOf(this.id, messageId ?? this.messageWithButton(data)?.messageId, data);
  }

  /** Presses an inline button by its callback data (on the newest message that shows it). */
  async press(data: string, messageId?: number): Promise<void> {
    await this.h.handle(this.pressUpdate(data, messageId));
  }

  /** Presses the button whose label matches `label` on the newest message that has one. */
  async pressLabel(label: RegExp): Promise<void> {
    const data = this.buttonData(label);
    if (!data) throw new Error(`no button ${label} in: ${JSON.stringify(this.last())}`);
    await this.press(data);
  }

  /** Sends a document (e.g. a CSV) the bot can download. */
  async sendDocument(fileName: string, content: string, caption?: string): Promise<void> {
    const file = this.h.tg.api.state.storeFile(fileName, "text/csv", Buffer.from(content));
    await this.h.handle({
      message: this.#says({
        document: {
          file_id: file.fileId,
          file_unique_id: file.fileUniqueId,
          file_name: fileName,
          mime_type: "text/csv",
          file_size: file.content.length,
        },
        ...(caption ? { caption } : {}),
      }),
    });
  }

  /** Forwards a message from `other` (for the recipient step of Send). */
  async forwardFrom(other: { id: number; first_name: string }): Promise<void> {
    await this.h.handle({
      message: this.#says({
        text: "hello",
        forward_origin: {
          type: "user",
          date: 1,
          sender_user: { id: other.id, is_bot: false, first_name: other.first_name },
        },
      }),
    });
  }

  /** Shares a user through the request-users keyboard button (with what it asks for, as Telegram does). */
  async shareUser(requestId: number, userId: number): Promise<void> {
    const shared = this.h.tg.api.sharedUser(this.id, requestId, userId);
    await this.h.handle({
      message: this.#says({ users_shared: { request_id: requestId, users: [shared] } }),
    });
  }

  /** A message from this person in the private chat, numbered and kept by Telegram. */
  #says(content: Record<string, unknown>) {
    return this.h.tg.api.personMessage(this.id, content) as never;
  }

  /** Texts shown in this chat, oldest first (edits applied). */
  texts(): string[] {
    return this.h.tg.textsIn(this.id);
  }

  last(): ShownMessage | undefined {
    return this.h.tg.lastIn(this.id);
  }

  /** The newest message in this chat showing a button with callback data `data`. */
  messageWithButton(data: string): ShownMessage | undefined {
    return [...this.h.tg.sent]
      .reverse()
      .map((m) => this.h.tg.messages.get(`${m.chatId}:${m.messageId}`)!)
      .find(
        (m) =>
          m.chatId === this.id &&
          m.keyboard?.inline_keyboard.flat().some((b) => "callback_data" in b && b.callback_data === data),
      );
  }

  /** The Confirm button's callback data on the newest message (undefined when it has none). */
  confirmData(): string | undefined {
    return (this.last()?.keyboard?.inline_keyboard.flat() ?? []).flatMap((b) =>
      "callback_data" in b && b.callback_data.startsWith("cf:") ? [b.callback_data] : [],
    )[0];
  }

  /** Callback data of the newest button whose label matches. */
  buttonData(label: RegExp): string | undefined {
    for (const m of [...this.h.tg.sent].reverse()) {
      const shown = this.h.tg.messages.get(`${m.chatId}:${m.messageId}`)!;
      if (shown.chatId !== this.id) continue;
      const button = shown.keyboard?.inline_keyboard
        .flat()
        .find((b) => label.test(b.text) && "callback_data" in b);
      if (button && "callback_data" in button) return button.callback_data;
    }
    return undefined;
  }
}
