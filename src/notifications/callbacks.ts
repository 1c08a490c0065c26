/**
 * The receiver of the service's signed callbacks: `POST /callbacks/pay/<telegram id>`. A delivery is
 * checked exactly as the service signs it (real-api.md §5) with that user's webhook secret; a missing
 * secret, a stale timestamp, a bad signature or a delivery id already accepted is refused with 401.
 * What needs no secret (the signature headers, the timestamp) is checked before the body is read and
 * before the database is, so unsigned requests cost neither. Refusals are logged at warn, at most once
 * a minute per source address and reason, the next line counting those left out. An accepted delivery
 * is only a hint: it makes the watcher read that user's objects of that kind now, and only what the
 * read shows is announced.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { checkSignatureHeaders, verifyWebhook, WebhookEnvelope } from "../service/webhook-signature.js";
import type { NotifySettingsRepo } from "../storage/notify-settings.js";
import type { WatchKind } from "./detect.js";
import type { WatchStore } from "./store.js";

export const CALLBACK_PATH = /^\/callbacks\/pay\/([1-9][0-9]{0,15})$/;
const MAX_BODY = 256 * 1024;

export interface CallbackDeps {
  store: WatchStore;
  settings: NotifySettingsRepo;
  /** Where refusals are told (refusalLog: throttled per source and reason). */
  refused: RefusalLog;
  now: () => number;
  maxAgeMs: number;
  /** Called for an accepted delivery (the watcher polls the slot soon). */
  hint: (telegramId: number, kind: WatchKind) => Promise<void>;
}

/** The callback URL of a user's objects under the bot's public base URL. */
export function callbackUrl(publicUrl: string, telegramId: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/callbacks/pay/${telegramId}`;
}

const KIND_OF: Record<string, WatchKind | undefined> = { invoice: "invoice", cheque: "cheque" };

/** Serves one request if it is a callback; false when the path is not ours. */
export async function handleCallback(d: CallbackDeps, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = CALLBACK_PATH.exec(new URL(req.url ?? "/", "http://bot").pathname);
  if (!path) return false;
  const reply = (status: number) => {
    res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "refused");
  };
  if (req.method !== "POST") return reply(405), true;
  const telegramId = Number(path[1]);
  const refuse = (reason: string) => {
    d.refused(req.socket.remoteAddress ?? "unknown", telegramId, reason);
    reply(401);
    return true;
  };
  const headers = checkSignatureHeaders(req.headers, d.now(), d.maxAgeMs);
  if (!headers.ok) return refuse(headers.reason);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return reply(413), true;
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const secret = await d.settings.loadSecret(telegramId).catch(() => undefined);
  if (secret === undefined) return refuse("no webhook secret");
  const check = verifyWebhook(secret, req.headers, body, d.now(), d.maxAgeMs);
  if (!check.ok) return refuse(check.reason);
  let envelope: WebhookEnvelope;
  try {
    envelope = WebhookEnvelope.parse(JSON.parse(body.toString("utf8")));
  } catch {
    return refuse("malformed envelope");
  }
  if (!(await d.store.acceptDelivery(envelope.id, telegramId, d.now()))) return refuse("replayed delivery");
  const kind = KIND_OF[envelope.type];
  // Other types (payouts, withdrawals) are acknowledged and ignored, as the service expects.
  if (kind !== undefined) await d.hint(telegramId, kind);
  reply(200);
  return true;
}

/** Tells of one refused callback: where it came from, for which user, why. */
export type RefusalLog = (source: string, telegramId: number, reason: string) => void;

/** Sources remembered at once; when more come within a window, they share one line per reason. */
const MAX_SOURCES = 1000;

/**
 * Logs a refusal at warn at most once per `windowMs` for each source address and reason; the next
 * line of that source and reason says how many were left out (`suppressed`). Anyone can post to the
 * callback URL, so without this every request would be a log line.
 */
export function refusalLog(log: Logger, now: () => number, windowMs = 60_000): RefusalLog {
  const seen = new Map<string, { at: number; suppressed: number }>();
  return (from, telegramId, reason) => {
    const at = now();
    let source = from;
    if (!seen.has(`${source} ${reason}`) && seen.size >= MAX_SOURCES) {
      for (const [k, v] of seen) if (at - v.at >= windowMs) seen.delete(k);
      if (seen.size >= MAX_SOURCES) source = "many sources";
    }
    const key = `${source} ${reason}`;
    const last = seen.get(key);
    if (last && at - last.at < windowMs) {
      last.suppressed++;
      return;
    }
    seen.set(key, { at, suppressed: 0 });
    log.warn({ source, telegramId, reason, ...(last?.suppressed ? { suppressed: last.suppressed } : {}) }, "callback refused");
  };
}
