/**
 * The receiver of the service's signed callbacks: `POST /callbacks/pay/<telegram id>`. A delivery is
 * checked exactly as the service signs it (real-api.md §5) with that user's webhook secret; a missing
 * secret, a stale timestamp, a bad signature or a delivery id already accepted is refused with 401
 * and logged at warn. An accepted delivery is only a hint: it makes the watcher read that user's
 * objects of that kind now, and only what the read shows is announced.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { verifyWebhook, WebhookEnvelope } from "../service/webhook-signature.js";
import type { NotifySettingsRepo } from "../storage/notify-settings.js";
import type { WatchKind } from "./detect.js";
import type { WatchStore } from "./store.js";

export const CALLBACK_PATH = /^\/callbacks\/pay\/([1-9][0-9]{0,15})$/;
const MAX_BODY = 256 * 1024;

export interface CallbackDeps {
  store: WatchStore;
  settings: NotifySettingsRepo;
  log: Logger;
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return reply(413), true;
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const secret = await d.settings.loadSecret(telegramId).catch(() => undefined);
  const refuse = (reason: string) => {
    d.log.warn({ telegramId, reason }, "callback refused");
    reply(401);
    return true;
  };
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
