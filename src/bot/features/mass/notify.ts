/**
 * Optional messages to paid recipients ("you received X from …"), one per recipient and job, in the
 * recipient's language. Sent through the bot's broadcast API, which paces them to the global limit and
 * waits out 429s (one message per chat per job keeps under one a second per chat); a recipient who
 * never started the bot or blocked it (403) is counted, not retried.
 * Each recipient is claimed in storage before the message goes out, so a restart never messages twice
 * (a crash in that instant loses that one message instead).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { type Api, GrammyError, HttpError } from "grammy";
import type { Logger } from "pino";
import { formatAmount } from "../../../domain/money.js";
import type { Translate } from "../../shared/errors.js";
import { totalsByAsset } from "./plan.js";
import { type MassJob, type MassStore, NOTIFY } from "./store.js";
import { massTuning } from "./tuning.js";

const TARGETS_PER_PAGE = 100;
const MAX_TRIES = 4;

export interface NotifyDeps {
  /** The broadcast API (paced, 429s waited out). */
  api: Api;
  store: MassStore;
  translatorFor: (telegramId: number) => Promise<Translate>;
  log: Logger;
  /** Renews the job's lease; false when another loop took the job over (then this one stops). */
  keepAlive: () => Promise<boolean>;
}

/** Whether Telegram refuses to deliver to this chat for good (blocked, never started, deleted). */
function unreachable(err: GrammyError): boolean {
  return (
    err.error_code === 403 ||
    (err.error_code === 400 && /chat not found|user is deactivated|PEER_ID_INVALID/i.test(err.description))
  );
}

/** Notifies every paid recipient not notified yet. True when none is left; false when the job was taken over. */
export async function notifyRecipients(d: NotifyDeps, job: MassJob): Promise<boolean> {
  let claimed = 0;
  for (;;) {
    const targets = await d.store.notifyTargets(job.id, TARGETS_PER_PAGE);
    if (targets.length === 0) return true;
    for (const target of targets) {
      if (!(await d.keepAlive())) return false;
      const rows = await d.store.claimNotify(job.id, target);
      if (rows.length === 0) continue;
      await massTuning.hooks.checkpoint?.("before_notify", { jobId: job.id, batch: ++claimed });
      const t = await d.translatorFor(Number(target));
      const amounts = Object.entries(totalsByAsset(rows))
        .map(([asset, total]) => formatAmount(total, asset))
        .join(", ");
      const notes = [...new Set(rows.map((r) => r.description).filter((n): n is string => !!n))];
      const text = [
        t("mass-notify-received", { amounts, sender: job.accountName ?? "xRocket Pay" }),
        ...notes.map((note) => t("mass-notify-note", { note })),
      ].join("\n");
      await d.store.setNotified(job.id, target, await deliver(d, Number(target), text));
    }
  }
}

async function deliver(d: NotifyDeps, chatId: number, text: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      await d.api.sendMessage(chatId, text);
      return NOTIFY.sent;
    } catch (err) {
      if (err instanceof GrammyError && unreachable(err)) return NOTIFY.unreachable;
      if (attempt >= MAX_TRIES) {
        d.log.warn({ err, chatId }, "could not notify a recipient");
        return NOTIFY.failed;
      }
      // Network trouble or a Telegram hiccup: try again a little later.
      if (err instanceof HttpError || err instanceof GrammyError) await sleep(massTuning.backoffMs * attempt);
      else throw err;
    }
  }
}
