/**
 * pino with redaction: keys, tokens and Authorization headers never reach a log line, wherever they
 * sit in the logged object.
 */
import pino, { type Logger, type LoggerOptions } from "pino";

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
  "message.text",
  "*.message.text",
];

export function createLogger(level = "info", destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: pino.stdSerializers.err },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
