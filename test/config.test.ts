import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopback, loadConfig, metricsOnWebPort, webHost } from "../src/config.js";

const KEY = randomBytes(32);
const minimal = { BOT_TOKEN: "123:abc", KEY_ENCRYPTION_KEY: KEY.toString("base64") };

/** The ConfigError thrown for `env` (fails the test if the environment is accepted). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("fills every default from a minimal environment", () => {
    const config = loadConfig(minimal);

    expect(config).toEqual({
      BOT_TOKEN: "123:abc",
      KEY_ENCRYPTION_KEY: KEY,
      KEY_ENCRYPTION_KEY_VERSION: 1,
      KEY_ENCRYPTION_PREVIOUS_KEYS: new Map(),
      EXCHANGE_BASE_URL: "https://exchange.api.xrocket.exchange",
      PAY_BASE_URL: "https://pay.api.xrocket.exchange",
      EXCHANGE_TESTNET_BASE_URL: "https://exchange.api.testnet.xrocket.exchange",
      PAY_TESTNET_BASE_URL: "https://pay.api.testnet.xrocket.exchange",
      SERVICE_TIMEOUT_MS: 15_000,
      ADMIN_IDS: [],
      CONFIRM_TTL_SECONDS: 120,
      BROADCAST_PER_SECOND: 30,
      LOG_LEVEL: "info",
      RATE_LIMIT_UPDATES: 30,
      RATE_LIMIT_SECONDS: 10,
      CHAT_BACKLOG: 10,
      CHAT_TURN_LEASE_SECONDS: 10,
      MASS_MAX_ROWS: 10_000,
      MASS_BATCH_SIZE: 500,
      MASS_CONFIRM_TOTAL: "1000",
      BOT_MODE: "polling",
      PORT: 3000,
      METRICS_HOST: "127.0.0.1",
      METRICS_REFRESH_SECONDS: 15,
      HEALTH_CHECK_SECONDS: 5,
      SHUTDOWN_TIMEOUT_SECONDS: 25,
      JOBS_SCHEMA: "pgboss",
      PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 5000,
      PG_LOCK_TIMEOUT_MS: 5000,
      PG_STATEMENT_TIMEOUT_MS: 30_000,
      LOG_FORMAT: "json",
      INLINE_CACHE_SECONDS: 10,
      WATCH_ENABLED: true,
      WATCH_MIN_INTERVAL_SECONDS: 10,
      WATCH_MAX_INTERVAL_SECONDS: 300,
      WATCH_IDLE_INTERVAL_SECONDS: 1500,
      WATCH_USER_CALLS_PER_MINUTE: 20,
      WATCH_CALLS_PER_MINUTE: 60_000,
      WATCH_CONCURRENCY: 32,
      ALERT_INTERVAL_SECONDS: 15,
      ALERT_REPEAT_MIN_GAP_SECONDS: 300,
      CALLBACK_MAX_AGE_SECONDS: 300,
    });
    expect(config.CHART_UPLOAD_CHAT_ID).toBeUndefined();
    expect(config.KEY_ENCRYPTION_KEY).toHaveLength(32);
    expect(config.TELEGRAM_API_ROOT).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("needs a webhook address and a secret of at least 12 characters in webhook mode", () => {
    expect(() => loadConfig({ ...minimal, BOT_MODE: "webhook" })).toThrow(
      /WEBHOOK_URL: is required in webhook mode[\s\S]*WEBHOOK_SECRET: is required in webhook mode/,
    );
    expect(() =>
      loadConfig({ ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.org/hook", WEBHOOK_SECRET: "short" }),
    ).toThrow(/WEBHOOK_SECRET: must be 12–256 characters/);
    const config = loadConfig({
      ...minimal,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example.org/hook",
      WEBHOOK_SECRET: "a-secret-of-enough-length",
      PORT: "8443",
    });
    expect(config).toMatchObject({ BOT_MODE: "webhook", PORT: 8443 });
  });

  it("listens on loopback in polling mode and on every interface when reached from outside, unless told", () => {
    const webhook = { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.org/hook", WEBHOOK_SECRET: "a-secret-of-enough-length" };
    expect(webHost(loadConfig(minimal))).toBe("127.0.0.1");
    expect(webHost(loadConfig({ ...minimal, ...webhook }))).toBe("0.0.0.0");
    expect(webHost(loadConfig({ ...minimal, CALLBACK_PUBLIC_URL: "https://bot.example.org" }))).toBe("0.0.0.0");
    expect(webHost(loadConfig({ ...minimal, WEB_HOST: "0.0.0.0" }))).toBe("0.0.0.0");
    expect(webHost(loadConfig({ ...minimal, ...webhook, WEB_HOST: "10.0.0.5" }))).toBe("10.0.0.5");
  });

  it("takes a METRICS_TOKEN of at least 16 visible characters, never echoing a bad one", () => {
    expect(loadConfig({ ...minimal, METRICS_TOKEN: "scrape-token-0123456789" }).METRICS_TOKEN).toBe("scrape-token-0123456789");
    const err = configError({ ...minimal, METRICS_TOKEN: "short secret" });
    expect(err.problems).toEqual(["METRICS_TOKEN: must be 16–256 visible ASCII characters (e.g. openssl rand -hex 32)"]);
    expect(JSON.stringify(err)).not.toContain("short secret");
  });

  it("serves /metrics on the web port only with a token or on loopback; a metrics listener off loopback needs the token", () => {
    const webhook = { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.org/hook", WEBHOOK_SECRET: "a-secret-of-enough-length" };
    const token = { METRICS_TOKEN: "scrape-token-0123456789" };
    expect(metricsOnWebPort(loadConfig(minimal))).toBe(true);
    expect(metricsOnWebPort(loadConfig({ ...minimal, ...webhook }))).toBe(false);
    expect(metricsOnWebPort(loadConfig({ ...minimal, ...webhook, ...token }))).toBe(true);
    expect(metricsOnWebPort(loadConfig({ ...minimal, CALLBACK_PUBLIC_URL: "https://bot.example.org" }))).toBe(false);
    expect(metricsOnWebPort(loadConfig({ ...minimal, ...webhook, WEB_HOST: "127.0.0.1" }))).toBe(true);
    expect(metricsOnWebPort(loadConfig({ ...minimal, WEB_HOST: "10.0.0.5" }))).toBe(false);

    const listener = loadConfig({ ...minimal, ...webhook, METRICS_PORT: "9464" });
    expect([listener.METRICS_PORT, listener.METRICS_HOST]).toEqual([9464, "127.0.0.1"]);
    expect(configError({ ...minimal, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).problems).toEqual([
      "METRICS_HOST: is not a loopback address: metrics beyond this machine need METRICS_TOKEN",
    ]);
    expect(loadConfig({ ...minimal, ...token, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).METRICS_HOST).toBe("0.0.0.0");
    expect(configError({ ...minimal, METRICS_PORT: "70000" }).problems).toHaveLength(1);
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "localhost"]) expect(isLoopback(host)).toBe(true);
    for (const host of ["0.0.0.0", "10.0.0.5", "::", "128.0.0.1", "127.0.0.1.example.org"]) expect(isLoopback(host)).toBe(false);
  });

  it("reads the values it is given and treats empty ones as absent", () => {
    const config = loadConfig({
      ...minimal,
      PAY_BASE_URL: "http://127.0.0.1:8080",
      CONFIRM_TTL_SECONDS: "300",
      MASS_BATCH_SIZE: "500",
      ADMIN_IDS: "42, 7,1000000001",
      DATABASE_URL: "  ",
      LOG_LEVEL: "",
    });

    expect(config.PAY_BASE_URL).toBe("http://127.0.0.1:8080");
    expect(config.CONFIRM_TTL_SECONDS).toBe(300);
    expect(config.MASS_BATCH_SIZE).toBe(500);
    expect(config.ADMIN_IDS).toEqual([42, 7, 1_000_000_001]);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe("info");
  });

  it("names a missing BOT_TOKEN", () => {
    const err = configError({ KEY_ENCRYPTION_KEY: minimal.KEY_ENCRYPTION_KEY });
    expect(err.message).toContain("BOT_TOKEN");
    expect(err.problems).toEqual(["BOT_TOKEN is required"]);
  });

  it("names every bad variable at once", () => {
    const err = configError({});
    expect(err.message).toContain("BOT_TOKEN");
    expect(err.message).toContain("KEY_ENCRYPTION_KEY");
  });

  it("refuses a malformed BOT_TOKEN without echoing it", () => {
    const token = "not-a-token-sEcReT";
    const err = configError({ ...minimal, BOT_TOKEN: token });
    expect(err.message).toContain("BOT_TOKEN");
    expect(err.message).not.toContain(token);
  });

  it.each([
    ["16 bytes", randomBytes(16).toString("base64")],
    ["33 bytes", randomBytes(33).toString("base64")],
    ["not base64", `!!${randomBytes(30).toString("hex")}!!`],
  ])("refuses a KEY_ENCRYPTION_KEY of %s, naming it and not echoing it", (_what, value) => {
    const err = configError({ ...minimal, KEY_ENCRYPTION_KEY: value });
    expect(err.message).toContain("KEY_ENCRYPTION_KEY");
    expect(err.message).not.toContain(value);
    expect(JSON.stringify(err)).not.toContain(value);
    expect(err.problems).toHaveLength(1);
  });

  it.each(["1,abc", "0", "-5", "1.5", "12345678901234567", "9999999999999999"])(
    "refuses ADMIN_IDS=%j",
    (value) => {
      const err = configError({ ...minimal, ADMIN_IDS: value });
      expect(err.problems).toHaveLength(1);
      expect(err.problems[0]).toMatch(/^ADMIN_IDS: /);
    },
  );

  it.each([
    ["PAY_BASE_URL", "not a url"],
    ["EXCHANGE_BASE_URL", "ftp://exchange.example"],
    ["TELEGRAM_API_ROOT", "api.telegram.org"],
  ])("refuses %s=%j", (name, value) => {
    const err = configError({ ...minimal, [name]: value });
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it.each([
    ["CONFIRM_TTL_SECONDS", "abc"],
    ["CONFIRM_TTL_SECONDS", "5"],
    ["MASS_BATCH_SIZE", "501"],
    ["MASS_BATCH_SIZE", "0"],
    ["SERVICE_TIMEOUT_MS", "1.5"],
    ["LOG_LEVEL", "loud"],
    ["MASS_CONFIRM_TOTAL", "1e3"],
  ])("refuses %s=%j", (name, value) => {
    const err = configError({ ...minimal, [name]: value });
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0]).toMatch(new RegExp(`^${name}: `));
  });
});

describe("KEY_ENCRYPTION_PREVIOUS_KEYS", () => {
  const base = { BOT_TOKEN: "123:abc", KEY_ENCRYPTION_KEY: randomBytes(32).toString("base64") };

  it("reads earlier keys by version, for rotation", () => {
    const old = randomBytes(32);
    const config = loadConfig({
      ...base,
      KEY_ENCRYPTION_KEY_VERSION: "2",
      KEY_ENCRYPTION_PREVIOUS_KEYS: `1:${old.toString("base64")}`,
    });
    expect(config.KEY_ENCRYPTION_PREVIOUS_KEYS.get(1)?.equals(old)).toBe(true);
  });

  it("refuses a malformed list without echoing it", () => {
    expect(() => loadConfig({ ...base, KEY_ENCRYPTION_PREVIOUS_KEYS: "1:c2hvcnQ=" })).toThrow(
      /KEY_ENCRYPTION_PREVIOUS_KEYS/,
    );
    expect(() => loadConfig({ ...base, KEY_ENCRYPTION_PREVIOUS_KEYS: "1:c2hvcnQ=" })).not.toThrow(/c2hvcnQ/);
  });
});
