/**
 * pino with redaction: keys, tokens and Authorization headers never reach a log line, wherever they
 * sit in the logged object.
 */
import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

export const REDACT_PATHS = [
  "apiKey",
  "*.apiKey",
  "*.*.apiKey",
  "key",
  "*.key",
  "token",
  "*.token",
  "botToken",
  "*.botToken",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "*.*.headers.authorization",
  // Headers built by hand (or copied from documentation) are often capitalised.
  "Authorization",
  "*.Authorization",
  "*.*.headers.Authorization",
  "encryptedKey",
  "*.encryptedKey",
  "BOT_TOKEN",
  "KEY_ENCRYPTION_KEY",
  "*.BOT_TOKEN",
  "*.KEY_ENCRYPTION_KEY",
  "keyEncryptionKey",
  "*.keyEncryptionKey",
  // Telegram's webhook secret token and users' service webhook secrets (notifications).
  "WEBHOOK_SECRET",
  "*.WEBHOOK_SECRET",
  "secret",
  "*.secret",
  "webhookSecret",
  "*.webhookSecret",
  "message.text",
  "*.message.text",
];

/**
 * JSON lines by default; `format: "pretty"` (LOG_FORMAT=pretty) for reading in a terminal while
 * developing. Redaction applies to both.
 */
export function createLogger(
  level = "info",
  destination?: pino.DestinationStream,
  format: "json" | "pretty" = "json",
): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: pino.stdSerializers.err },
  };
  if (format === "pretty") return pino(options, pretty({ destination: destination ?? 1, sync: true }));
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
