/**
 * The one sender of the outbox: a job ("outbox.drain", one at a time across instances) that sends
 * pending messages oldest first through the broadcast API (the BroadcastPacer: BROADCAST_PER_SECOND
 * over the process, every paced call held back by a 429's retry_after), and records each outcome after
 * the send: a crash between the two sends that one message again (never loses one). An edit of an
 * earlier message (a summary whose confirmation expired) goes the same way. A chat that
 * blocked the bot or never started it (403, chat not found) is recorded as blocked and not retried;
 * network trouble, and a 429 the pacer gave up on, are retried later with a backoff.
 */
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Jobs } from "../jobs/types.js";
import type { Database } from "../storage/schema.js";
import { createOutboxStore, type OutboxRecord, type OutgoingMessage, writeOutbox } from "./store.js";

export const OUTBOX_DRAIN_JOB = "outbox.drain";
const PAGE = 50;
/** Sends of one message that failed for network reasons before it is given up. */
const MAX_ATTEMPTS = 8;

/** Test seams: shorter waits, and a point where a test can stop the worker dead (a simulated crash). */
export const outboxTuning: {
  backoffMs: number;
  hooks: { afterSend?: (record: OutboxRecord) => void | Promise<void> };
} = { backoffMs: 1000, hooks: {} };

export interface Outbox {
  /** Writes messages inside the caller's transaction; call `kick()` after it commits. */
  write(trx: Kysely<Database>, messages: OutgoingMessage[]): Promise<void>;
  /** Asks the worker to send what is due (cheap; several kicks make one drain). */
  kick(): void;
  store: ReturnType<typeof createOutboxStore>;
}

export interface OutboxDeps {
  db: Kysely<Database>;
  /** The broadcast API: paced to the global limit, 429s waited out. */
  api: Api;
  jobs: Jobs;
  logger: Logger;
  now: () => Date;
}

/** Whether Telegram will never deliver to this chat (blocked, never started, deleted). */
export function unreachable(err: GrammyError): boolean {
  return (
    err.error_code === 403 ||
    (err.error_code === 400 && /chat not found|user is deactivated|PEER_ID_INVALID/i.test(err.description))
  );
}

/** Registers the drain job on `jobs` (every minute as a backstop) and returns the outbox. */
export function createOutbox(d: OutboxDeps): Outbox {
  const store = createOutboxStore(d.db);
  const log = d.logger.child({ component: "outbox" });
  const at = () => d.now().getTime();

  const kick = () => {
    d.jobs.enqueue(OUTBOX_DRAIN_JOB, {}).catch((err) => log.warn({ err }, "could not schedule the outbox"));
  };

  async function send(m: OutgoingMessage): Promise<void> {
    const extra = m.replyMarkup ? { reply_markup: m.replyMarkup as never } : {};
    if (m.edit) {
      await d.api.editMessageText(m.chatId, m.edit.messageId, m.text ?? "", extra);
      return;
    }
    if (m.document) {
      await d.api.sendDocument(m.chatId, new InputFile(Buffer.from(m.document.content, "utf8"), m.document.fileName), {
        ...(m.caption ? { caption: m.caption } : {}),
        ...extra,
      });
    } else await d.api.sendMessage(m.chatId, m.text ?? "", extra);
  }

  /** Sends one record and records its outcome. */
  async function deliver(record: OutboxRecord): Promise<void> {
    try {
      await send(record.message);
    } catch (err) {
      if (record.message.edit && err instanceof GrammyError && err.error_code === 400) {
        // Shown already (a repeated edit) is done; a message the person deleted has nothing to change.
        const shown = /not modified/i.test(err.description);
        if (!shown) log.info({ chatId: record.chatId, reason: err.description }, "an outbox edit found nothing to edit");
        await store.settle(record.id, shown ? "sent" : "failed", at(), shown ? undefined : err.description);
        return;
      }
      if (err instanceof GrammyError && unreachable(err)) {
        await store.settle(record.id, "blocked", at(), err.description);
        return;
      }
      if (err instanceof GrammyError && err.error_code !== 429 && err.error_code < 500) {
        // Telegram refuses this message itself (too long, bad markup): sending it again will not help.
        log.warn({ err, chatId: record.chatId }, "Telegram refused an outbox message");
        await store.settle(record.id, "failed", at(), err.description);
        return;
      }
      if (!(err instanceof HttpError || err instanceof GrammyError)) throw err;
      if (record.attempts + 1 >= MAX_ATTEMPTS) {
        log.warn({ err, chatId: record.chatId }, "gave up on an outbox message");
        await store.settle(record.id, "failed", at(), err.message);
      } else {
        await store.retryAt(record.id, at() + outboxTuning.backoffMs * 2 ** record.attempts, err.message);
      }
      return;
    }
    await outboxTuning.hooks.afterSend?.(record);
    await store.settle(record.id, "sent", at());
  }

  d.jobs.handle(OUTBOX_DRAIN_JOB, async (_data, { signal }) => {
    for (;;) {
      if (signal.aborted) return "again";
      const due = await store.due(at(), PAGE);
      if (due.length === 0) {
        const next = await store.nextDue();
        return next === undefined ? undefined : { again: true, delayMs: Math.max(0, next - at()) };
      }
      for (const record of due) {
        // At shutdown: stop between messages; the next drain (on any instance) goes on.
        if (signal.aborted) return "again";
        await deliver(record);
      }
    }
  });
  d.jobs.every(OUTBOX_DRAIN_JOB, 1);

  return {
    store,
    kick,
    write: (trx, messages) => writeOutbox(trx, messages, at()),
  };
}

