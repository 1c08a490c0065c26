/**
 * Messages to paid recipients ("you received X from …"), one per recipient and job, in the
 * recipient's language, and the operator's summary of their delivery. They are written to the outbox
 * with the report (one transaction), and its worker sends them paced under Telegram's limits, counting
 * a recipient who blocked the bot or never started it as unreachable.
 */
import type { Translate } from "../domain/translate.js";
import { quotedField } from "../domain/user-text.js";
import type { OutboxState, OutgoingMessage } from "../outbox/store.js";
import { jobLabel } from "./progress.js";
import { totalsText } from "./report.js";
import { type FiatWorth, readWorth, type WorthReader } from "../domain/worth.js";
import { formattingAs } from "../domain/format-locale.js";
import { type MassJob, type MassRow, NOTIFY } from "./store.js";

/** The outbox group of one job's notifications. */
export const notifyGroup = (jobId: string) => `mass:${jobId}:notify`;

/** One message per recipient of paid rows, amounts with their worth in the recipient's fiat. */
export async function notificationMessages(
  job: Pick<MassJob, "id" | "senderName">,
  rows: MassRow[],
  translatorFor: (telegramId: number) => Promise<Translate>,
  worthOf?: WorthReader,
): Promise<OutgoingMessage[]> {
  const byTarget = new Map<string, MassRow[]>();
  for (const r of rows) {
    if (r.state !== "completed") continue;
    byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r]);
  }
  const messages: OutgoingMessage[] = [];
  for (const [target, paid] of byTarget) {
    const t = await translatorFor(Number(target));
    const worths = await worthsOf(worthOf, Number(target), paid);
    // In the recipient's way of writing numbers, not the operator's.
    const amounts = formattingAs(t, () => totalsText(t, paid, worths));
    // Only this recipient's own rows' notes: another row's note is another person's business.
    const notes = [...new Set(paid.map((r) => r.description).filter((n): n is string => !!n))];
    const text = [
      job.senderName
        ? t("mass-notify-received", { amounts, sender: job.senderName })
        : t("mass-notify-received-anonymous", { amounts }),
      ...notes.map((note) => quotedField(t("mass-notify-note"), note)),
    ].join("\n");
    messages.push({ chatId: Number(target), text, group: notifyGroup(job.id), ref: target });
  }
  return messages;
}

/** The worths of the assets of `rows` for `telegramId` (those that can be read). */
export async function worthsOf(read: WorthReader | undefined, telegramId: number, rows: Pick<MassRow, "asset">[]): Promise<FiatWorth[]> {
  const assets = [...new Set(rows.map((r) => r.asset))];
  const found = await Promise.all(assets.map((asset) => readWorth(read, telegramId, asset)));
  return found.filter((w): w is FiatWorth => w !== undefined);
}

const NOTIFIED: Record<Exclude<OutboxState, "pending">, number> = {
  sent: NOTIFY.sent,
  blocked: NOTIFY.unreachable,
  failed: NOTIFY.failed,
};

/** Each recipient's delivery outcome, in the rows' terms. */
export function notifyOutcomes(settled: { ref: string | null; state: OutboxState }[]) {
  return settled
    .filter((o): o is { ref: string; state: Exclude<OutboxState, "pending"> } => o.ref !== null && o.state !== "pending")
    .map((o) => ({ target: o.ref, notified: NOTIFIED[o.state] }));
}

/** The operator's summary once every notification is settled. */
export function notifySummary(
  t: Translate,
  job: Pick<MassJob, "id" | "chatId">,
  counts: Record<OutboxState, number>,
): OutgoingMessage {
  return {
    chatId: job.chatId,
    text: t("mass-notify-summary", {
      job: jobLabel(job.id),
      sent: counts.sent,
      unreachable: counts.blocked,
      failed: counts.failed,
    }),
  };
}
