import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";

const SECRETS = {
  apiKey: "api-key-1f2e3d4c",
  nestedKey: "nested-api-key-5b6a",
  authorization: "Bearer auth-header-9c8d",
  capitalAuthorization: "Bearer capital-header-7e6f",
  token: "123456:bot-token-AAAA",
  botToken: "654321:bot-token-BBBB",
  encryptedKey: "ciphertext-c0ffee",
  keyEncryptionKey: "kek-base64-deadbeef",
  childKey: "child-binding-key-3a3a",
  messageText: "user pasted their key here",
  webhookSecretToken: "telegram-webhook-secret-1234",
  userWebhookSecret: "users-service-webhook-secret-5678",
};

/** A logger writing into an array: one JSON line per entry. */
function capture(level = "debug") {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join("") };
}

describe("createLogger", () => {
  it("redacts keys, tokens and Authorization headers wherever they sit", () => {
    const { logger, lines, text } = capture();
    logger.info(
      {
        apiKey: SECRETS.apiKey,
        user: { id: 7, apiKey: SECRETS.nestedKey },
        req: { headers: { authorization: SECRETS.authorization, accept: "application/json" } },
        headers: { Authorization: SECRETS.capitalAuthorization },
        token: SECRETS.token,
        config: { botToken: SECRETS.botToken, KEY_ENCRYPTION_KEY: SECRETS.keyEncryptionKey },
        row: { encryptedKey: SECRETS.encryptedKey },
        update: { message: { text: SECRETS.messageText } },
        env: { WEBHOOK_SECRET: SECRETS.webhookSecretToken },
        settings: { webhookSecret: SECRETS.userWebhookSecret },
      },
      "request",
    );
    logger.child({ apiKey: SECRETS.childKey }).warn("from a child");

    const out = text();
    for (const secret of Object.values(SECRETS)) expect(out).not.toContain(secret);
    expect(out).toContain("[redacted]");
    expect(lines).toHaveLength(2);

    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry).toMatchObject({
      msg: "request",
      apiKey: "[redacted]",
      user: { id: 7, apiKey: "[redacted]" },
      req: { headers: { authorization: "[redacted]", accept: "application/json" } },
      headers: { Authorization: "[redacted]" },
      token: "[redacted]",
      config: { botToken: "[redacted]", KEY_ENCRYPTION_KEY: "[redacted]" },
    });
    expect(JSON.parse(lines[1] ?? "{}")).toMatchObject({ msg: "from a child", apiKey: "[redacted]" });
  });

  it("keeps what is not secret", () => {
    const { logger, lines } = capture();
    logger.info({ operationId: "createTransfer", attempt: 2, status: 500 }, "service request");
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      operationId: "createTransfer",
      attempt: 2,
      status: 500,
      msg: "service request",
    });
  });

  it("serialises errors with their message and stack", () => {
    const { logger, lines } = capture();
    logger.error({ err: new Error("boom") }, "failed");
    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry.err).toMatchObject({ type: "Error", message: "boom" });
    expect(entry.err.stack).toContain("boom");
  });

  it("respects the level", () => {
    const { logger, lines } = capture("warn");
    logger.info("hidden");
    logger.warn("shown");
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["shown"]);
  });
});

describe("LOG_FORMAT=pretty", () => {
  it("writes readable lines, with the same redaction", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("info", sink, "pretty");
    logger.info({ update_id: 7, apiKey: SECRETS.apiKey }, "update handled");
    const text = lines.join("");
    expect(text).toMatch(/INFO.*update handled/);
    expect(text).toContain("update_id: 7");
    expect(text).not.toContain(SECRETS.apiKey);
    expect(text).not.toMatch(/^\{/);
  });
});
