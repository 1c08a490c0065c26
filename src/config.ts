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

/** 32 bytes, base64: the AES-256-GCM key that encrypts the users' service keys at rest. */
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MASS_MAX_ROWS: int(10_000, 1, 100_000),
  MASS_BATCH_SIZE: int(100, 1, 100),
  /** Above this total (per asset) the operator also types the total to confirm a mass transfer. */
  MASS_CONFIRM_TOTAL: z
    .string()
    .regex(DECIMAL_PATTERN, "must be a plain decimal such as 1000")
    .default("1000"),
  // Notifications (issue 14): the watcher, price alerts, the notice sender and signed callbacks.
  WATCH_ENABLED: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  WATCH_MIN_INTERVAL_SECONDS: int(10, 1, 3600),
  WATCH_MAX_INTERVAL_SECONDS: int(300, 1, 86_400),
  WATCH_IDLE_INTERVAL_SECONDS: int(600, 1, 86_400),
  WATCH_USER_CALLS_PER_MINUTE: int(20, 1, 1000),
  WATCH_CONCURRENCY: int(16, 1, 256),
  ALERT_INTERVAL_SECONDS: int(15, 1, 3600),
  ALERT_REPEAT_MIN_GAP_SECONDS: int(300, 0, 86_400),
  NOTICES_PER_SECOND: int(25, 1, 30),
  /** The bot's public base URL; when set, objects of users with a webhook secret carry a callback to it. */
  CALLBACK_PUBLIC_URL: url.optional(),
  /** Port of the callback receiver (until the web server of the operability work serves the route). */
  CALLBACK_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  CALLBACK_MAX_AGE_SECONDS: int(300, 10, 3600),
});

export type Config = z.infer<typeof ConfigSchema>;
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError naming every bad variable (never echoing a value). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(cleaned);
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
