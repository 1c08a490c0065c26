/**
 * The Payments service's webhook signature (real-api.md §5): HMAC-SHA-256, keyed with the webhook
 * secret as UTF-8, over `Signature-Timestamp` + "." + the raw body, lowercase hex, version `v1`.
 * The simulator signs with it and the bot verifies with it, so both ends share one definition.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const SIGNATURE_VERSION = "v1";
export const SIGNATURE_HEADERS = {
  timestamp: "signature-timestamp",
  version: "signature-version",
  signature: "signature",
} as const;

/** The envelope of every delivery; `id` stays the same across retries of one delivery. */
export const WebhookEnvelope = z.object({
  id: z.string().min(1).max(200),
  timestamp: z.string(),
  type: z.string(),
  data: z.unknown(),
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

/** Lowercase hex HMAC of `timestampMs.body` under `secret`. */
export function signWebhook(secret: string, timestampMs: string, body: string | Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${timestampMs}.`)
    .update(body)
    .digest("hex");
}

/** The three signature headers for a body sent at `timestampMs`. */
export function signatureHeaders(secret: string, body: string, timestampMs: number): Record<string, string> {
  const ts = String(timestampMs);
  return {
    [SIGNATURE_HEADERS.timestamp]: ts,
    [SIGNATURE_HEADERS.version]: SIGNATURE_VERSION,
    [SIGNATURE_HEADERS.signature]: signWebhook(secret, ts, body),
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "version" | "stale" | "signature" };
export type SignatureHeaders =
  | { ok: true; timestamp: string; signature: string }
  | { ok: false; reason: "missing" | "version" | "stale" };

/**
 * What can be checked of a delivery without its secret: the three headers are there, in version v1,
 * and the timestamp is within `toleranceMs` of `nowMs` (either way). Header names are matched in
 * lower case.
 */
export function checkSignatureHeaders(
  headers: Record<string, string | string[] | undefined>,
  nowMs: number,
  toleranceMs: number,
): SignatureHeaders {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = one(SIGNATURE_HEADERS.timestamp);
  const version = one(SIGNATURE_HEADERS.version);
  const signature = one(SIGNATURE_HEADERS.signature);
  if (!timestamp || !version || !signature) return { ok: false, reason: "missing" };
  if (version !== SIGNATURE_VERSION) return { ok: false, reason: "version" };
  if (!/^[0-9]{1,16}$/.test(timestamp) || Math.abs(nowMs - Number(timestamp)) > toleranceMs) {
    return { ok: false, reason: "stale" };
  }
  return { ok: true, timestamp, signature };
}

/**
 * Checks the headers of one delivery against `secret`, in constant time; a timestamp further than
 * `toleranceMs` from `nowMs` (either way) is stale. Header names are matched in lower case.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  nowMs: number,
  toleranceMs: number,
): SignatureCheck {
  const checked = checkSignatureHeaders(headers, nowMs, toleranceMs);
  if (!checked.ok) return checked;
  const expected = Buffer.from(signWebhook(secret, checked.timestamp, rawBody), "hex");
  const given = /^[0-9a-f]{64}$/.test(checked.signature) ? Buffer.from(checked.signature, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "signature" };
  }
  return { ok: true };
}
