/**
 * The environment, parsed once at start with zod. A missing or malformed variable stops startup with
 * a message naming it. Secrets (BOT_TOKEN, KEY_ENCRYPTION_KEY) are never part of an error message.
 */
import { z } from "zod";
import { DECIMAL_PATTERN } from "./service/schemas.js";

export const SERVICE_DEFAULTS = {
  EXCHANGE_BASE_URL: "https://exchange.api.xrocket.exchange",
  PAY_BASE_URL: "https://pay.api.xrocket.exchange",
  EXCHANGE_TESTNET_BASE_URL: "https://exchange.api.testnet.xrocket.exchange",
  PAY_TESTNET_BASE_URL: "https://pay.api.testnet.xrocket.exchange",
} as const;

const url = z.url({ protocol: /^https?$/ });
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

/** 32 bytes, base64: the AES-256-GCM key that encrypts users' service keys and webhook secrets at rest. */
const encryptionKey = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const bytes = Buffer.from(v, "base64");
    if (bytes.length !== 32 || bytes.toString("base64").replace(/=+$/, "") !== v.replace(/=+$/, "")) {
      ctx.addIssue({
        code: "custom",
        message: "must be 32 bytes encoded as base64 (openssl rand -base64 32)",
      });
      return z.NEVER;
    }
    return bytes;
  });

/** "1:<base64>,2:<base64>": keys of earlier versions, still needed to read keys stored before a rotation. */
const previousKeys = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const keys = new Map<number, Buffer>();
    for (const part of (v ?? "")
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [version, key] = part.split(":");
      const bytes = Buffer.from(key ?? "", "base64");
      if (!/^[1-9][0-9]{0,5}$/.test(version ?? "") || bytes.length !== 32) {
        ctx.addIssue({
          code: "custom",
          message: "must be a comma-separated list of <version>:<32 bytes base64>",
        });
        return z.NEVER;
      }
      keys.set(Number(version), bytes);
    }
    return keys;
  });

const adminIds = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parts = (v ?? "").split(/[\s,]+/).filter(Boolean);
    const ids: number[] = [];
    for (const p of parts) {
      // Telegram user ids fit in 52 bits; a longer number would silently lose digits as a JS number.
      if (!/^[1-9][0-9]{0,15}$/.test(p) || !Number.isSafeInteger(Number(p))) {
        ctx.addIssue({ code: "custom", message: "must be a comma-separated list of Telegram user ids" });
        return z.NEVER;
      }
      ids.push(Number(p));
    }
    return ids;
  });

export const ServiceConfigSchema = z.object({
  EXCHANGE_BASE_URL: url.default(SERVICE_DEFAULTS.EXCHANGE_BASE_URL),
  PAY_BASE_URL: url.default(SERVICE_DEFAULTS.PAY_BASE_URL),
  EXCHANGE_TESTNET_BASE_URL: url.default(SERVICE_DEFAULTS.EXCHANGE_TESTNET_BASE_URL),
  PAY_TESTNET_BASE_URL: url.default(SERVICE_DEFAULTS.PAY_TESTNET_BASE_URL),
  SERVICE_TIMEOUT_MS: int(15_000, 100, 120_000),
});

export const ConfigSchema = ServiceConfigSchema.extend({
  BOT_TOKEN: z.string().regex(/^[0-9]+:[A-Za-z0-9_-]+$/, "must look like 123456:ABC-DEF… (from @BotFather)"),
  TELEGRAM_API_ROOT: url.optional(),
  DATABASE_URL: optionalText,
  KEY_ENCRYPTION_KEY: encryptionKey,
  /** Stored with every ciphertext so that the key can be rotated later. */
  KEY_ENCRYPTION_KEY_VERSION: int(1, 1, 1_000_000),
  KEY_ENCRYPTION_PREVIOUS_KEYS: previousKeys,
  ADMIN_IDS: adminIds,
  CONFIRM_TTL_SECONDS: int(120, 10, 3600),
  /** Messages a second to many chats (notifications), over the whole process; replies are never paced. */
  BROADCAST_PER_SECOND: int(30, 1, 1000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Updates one person may send in each window of RATE_LIMIT_SECONDS (per instance; 0: no limit); the
   * rest are dropped and the person is told to slow down, once a minute. Confirm and Cancel presses are
   * never dropped.
   */
  RATE_LIMIT_UPDATES: int(30, 0, 1_000_000),
  RATE_LIMIT_SECONDS: int(10, 1, 3600),
  /** Updates of one chat waiting behind the one being handled (per instance); past it they are dropped. */
  CHAT_BACKLOG: int(10, 1, 1000),
  /**
   * PostgreSQL: a chat's turn (one update of a chat at a time across instances) outlives an instance
   * that died or froze holding it by this long; renewed every third of it while its update is handled.
   */
  CHAT_TURN_LEASE_SECONDS: int(10, 1, 600),
  MASS_MAX_ROWS: int(10_000, 1, 100_000),
  /** Payouts per mass-payout call, one asset a call; the service takes 1 to 500 (real-api.md, S6). */
  MASS_BATCH_SIZE: int(500, 1, 500),
  /** Above this total (per asset) the operator also types the total to confirm a mass transfer. */
  MASS_CONFIRM_TOTAL: z
    .string()
    .regex(DECIMAL_PATTERN, "must be a plain decimal such as 1000")
    .default("1000"),
  // Notifications: the watcher, price alerts, the notice sender and signed callbacks.
  WATCH_ENABLED: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  WATCH_MIN_INTERVAL_SECONDS: int(10, 1, 3600),
  WATCH_MAX_INTERVAL_SECONDS: int(300, 1, 86_400),
  WATCH_IDLE_INTERVAL_SECONDS: int(1500, 1, 86_400),
  WATCH_USER_CALLS_PER_MINUTE: int(20, 1, 1000),
  /**
   * Service calls the watcher makes per minute in all, at most. When the slots' intervals would need
   * more, the intervals of long-quiet slots are lengthened to fit (fresh ones keep theirs), logged at
   * warn. The defaults carry 100,000 users with 1–3 open objects each (≈ 44,000 calls a minute, within
   * 80 % of 60,000), as one instance was measured to (docs/performance.md).
   */
  WATCH_CALLS_PER_MINUTE: int(60_000, 60, 1_000_000),
  WATCH_CONCURRENCY: int(32, 1, 256),
  ALERT_INTERVAL_SECONDS: int(15, 1, 3600),
  ALERT_REPEAT_MIN_GAP_SECONDS: int(300, 0, 86_400),
  /**
   * The public base URL of the bot's web server (PORT); when set, new objects of users who stored a
   * webhook secret carry a callback to <url>/callbacks/pay/<user id>.
   */
  CALLBACK_PUBLIC_URL: url.optional(),
  CALLBACK_MAX_AGE_SECONDS: int(300, 10, 3600),
  /** The Exchange WebSocket (wss://…) per network; when set, order changes and prices stream in. */
  EXCHANGE_WS_URL: z.url({ protocol: /^wss?$/ }).optional(),
  EXCHANGE_TESTNET_WS_URL: z.url({ protocol: /^wss?$/ }).optional(),
  // Running for real: webhook mode, the HTTP server, the outbox, shutdown, logs.
  /** polling (default) or webhook (Telegram posts updates to WEBHOOK_URL). */
  BOT_MODE: z.enum(["polling", "webhook"]).default("polling"),
  /** The public HTTPS address Telegram posts updates to; its path is where the server takes them. */
  WEBHOOK_URL: url.optional(),
  /** Sent by Telegram in X-Telegram-Bot-Api-Secret-Token with every update. */
  WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{12,256}$/, "must be 12–256 characters of A–Z, a–z, 0–9, _ and -")
    .optional(),
  /** Port of the HTTP server (webhook, /healthz, /metrics, callbacks); 0: one the system picks, logged with "bot started". */
  PORT: int(3000, 0, 65535),
  /**
   * Address the HTTP server listens on. Unset: every interface (0.0.0.0) when something outside must
   * reach it (webhook mode, or CALLBACK_PUBLIC_URL set), else loopback only (127.0.0.1): see webHost.
   */
  WEB_HOST: optionalText,
  /**
   * When set, GET /metrics requires `Authorization: Bearer <token>`. Without it, the web port serves
   * /metrics only while it listens on loopback (see metricsOnWebPort); METRICS_PORT serves it apart.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, "must be 16–256 visible ASCII characters (e.g. openssl rand -hex 32)")
    .optional(),
  /** A listener of its own for GET /metrics on METRICS_HOST; 0: a port the system picks (logged with "bot started"). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of the METRICS_PORT listener: loopback unless METRICS_TOKEN is set. */
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** The database figures in /metrics (journal, mass rows, outbox) are read at most this often. */
  METRICS_REFRESH_SECONDS: int(15, 1, 3600),
  /** /healthz checks the database and the service at most this often; requests in between get the last result. */
  HEALTH_CHECK_SECONDS: int(5, 1, 300),
  SHUTDOWN_TIMEOUT_SECONDS: int(25, 1, 600),
  /** PostgreSQL schema of the job engine's tables (pg-boss). */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL identifier")
    .default("pgboss"),
  /**
   * PostgreSQL limits on the bot's sessions, in milliseconds (0: none). The server ends a session left
   * idle inside a transaction (an instance frozen mid-transaction) so its row locks stop blocking the
   * other instances; the job engine's sessions get the same idle limit.
   */
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(5000, 0, 3_600_000),
  PG_LOCK_TIMEOUT_MS: int(5000, 0, 3_600_000),
  PG_STATEMENT_TIMEOUT_MS: int(30_000, 0, 3_600_000),
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),

  // Exchange in chat: inline mode and charts.
  /**
   * A chat (e.g. a private channel with the bot as admin) where charts are uploaded once to get the
   * Telegram file id that inline photo results need; unset: inline chart results only reuse charts
   * already sent by /chart in the same minute.
   */
  CHART_UPLOAD_CHAT_ID: z.coerce.number().int().optional(),
  /** Seconds Telegram may cache a user's inline results. */
  INLINE_CACHE_SECONDS: int(10, 0, 300),
}).superRefine((c, ctx) => {
  if (c.METRICS_PORT !== undefined && !c.METRICS_TOKEN && !isLoopback(c.METRICS_HOST))
    ctx.addIssue({
      code: "custom",
      path: ["METRICS_HOST"],
      message: "is not a loopback address: metrics beyond this machine need METRICS_TOKEN",
    });
  if (c.BOT_MODE !== "webhook") return;
  if (!c.WEBHOOK_URL) ctx.addIssue({ code: "custom", path: ["WEBHOOK_URL"], message: "is required in webhook mode" });
  if (!c.WEBHOOK_SECRET)
    ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET"], message: "is required in webhook mode" });
});

/** Whether `host` is this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return /^(?:localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3}|\[::1\])$/i.test(host);
}

/** The address the HTTP server listens on: WEB_HOST, else all interfaces only when it must be reachable from outside. */
export function webHost(c: Pick<Config, "WEB_HOST" | "BOT_MODE" | "CALLBACK_PUBLIC_URL">): string {
  if (c.WEB_HOST) return c.WEB_HOST;
  return c.BOT_MODE === "webhook" || c.CALLBACK_PUBLIC_URL ? "0.0.0.0" : "127.0.0.1";
}

/**
 * Whether the web port serves GET /metrics: with METRICS_TOKEN (the scraper proves itself), or while
 * the port listens on loopback only. A web port reachable from outside without a token never does:
 * metrics are then served by the METRICS_PORT listener, or not at all.
 */
export function metricsOnWebPort(c: Pick<Config, "METRICS_TOKEN" | "WEB_HOST" | "BOT_MODE" | "CALLBACK_PUBLIC_URL">): boolean {
  return c.METRICS_TOKEN !== undefined || isLoopback(webHost(c));
}

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError naming every bad variable (never echoing a value). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(ConfigSchema, env);
}

/** What `npm run rotate-keys` needs: the database and the encryption keys, nothing of Telegram. */
export const KeyConfigSchema = z.object({
  DATABASE_URL: optionalText,
  KEY_ENCRYPTION_KEY: encryptionKey,
  KEY_ENCRYPTION_KEY_VERSION: int(1, 1, 1_000_000),
  KEY_ENCRYPTION_PREVIOUS_KEYS: previousKeys,
});

export function loadKeyConfig(env: NodeJS.ProcessEnv = process.env): z.infer<typeof KeyConfigSchema> {
  return parseEnv(KeyConfigSchema, env);
}

function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? "(environment)");
      return i.code === "invalid_type" && cleaned[name] === undefined
        ? `${name} is required`
        : `${name}: ${i.message}`;
    }),
  );
}
