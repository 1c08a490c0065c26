/**
 * The end of a job: a summary (paid, failed with reasons, not sent, totals) and a CSV of every row
 * with its outcome and transfer id, sent to the operator as a document through the outbox.
 */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../domain/money.js";
import { spreadsheetCsv } from "../domain/spreadsheet-csv.js";
import type { Translate } from "../domain/translate.js";
import { approxWorth, type FiatWorth } from "../domain/worth.js";
import type { OutgoingMessage } from "../outbox/store.js";
import { totalsByAsset } from "./plan.js";
import { MASS_REPORT_DATA, MASS_RETRY_DATA } from "./callback-data.js";
import { jobLabel, reasonText } from "./progress.js";
import { retryable } from "./retry.js";
import type { MassJob, MassRow } from "./store.js";

/** Reasons listed in the summary; the CSV has all of them. */
const MAX_REASONS = 10;

/** Outcome of a row as the report names it. */
export function rowOutcome(row: Pick<MassRow, "state">): "paid" | "failed" | "not_sent" | "pending" {
  if (row.state === "completed") return "paid";
  if (row.state === "failed") return "failed";
  if (row.state === "cancelled") return "not_sent";
  return "pending";
}

/** The CSV of every row: what was asked, what happened, and the service's transfer id. */
export function reportCsv(rows: MassRow[]): string {
  return spreadsheetCsv([
    [
      "row",
      "lines",
      "target",
      "asset",
      "amount",
      "description",
      "outcome",
      "transfer_id",
      "reason",
      "client_transfer_id",
    ],
    ...rows.map((r) => [
      r.rowNo,
      r.lines,
      r.target,
      r.asset,
      r.amount,
      r.description ?? "",
      rowOutcome(r),
      r.transferId ?? "",
      r.state === "completed" ? "" : (r.error ?? ""),
      r.clientId,
    ]),
  ]);
}

/**
 * Per asset the total of `rows`, each with its worth in the reader's fiat where `worths` has the
 * asset's rate: "4.5 USDT (≈ 4.50 USD), 0.01 BTC (≈ 650.00 USD)".
 */
export function totalsText(t: Translate, rows: Pick<MassRow, "asset" | "amount">[], worths: readonly FiatWorth[] = []): string {
  return Object.entries(totalsByAsset(rows))
    .map(([asset, total]) => formatAmount(total, asset) + approxWorth(t, total, asset, worths.find((w) => w.asset === asset)))
    .join(", ");
}

/** The summary text of a finished (or cancelled) job; totals with their worth in the operator's fiat. */
export function reportText(
  t: Translate,
  job: Pick<MassJob, "id" | "status">,
  rows: MassRow[],
  worths: readonly FiatWorth[] = [],
): string {
  const paid = rows.filter((r) => r.state === "completed");
  const failed = rows.filter((r) => r.state === "failed");
  const skipped = rows.filter((r) => r.state === "cancelled");
  const totals = (list: MassRow[]) => totalsText(t, list, worths) || "0";
  const lines = [
    headline(t, job, { paid: paid.length, failed: failed.length, total: rows.length }),
    paid.length === 0
      ? t("mass-report-paid-none")
      : t("mass-report-paid", { count: paid.length, totals: totals(paid) }),
    failed.length === 0
      ? t("mass-report-failed-none")
      : t("mass-report-failed", { count: failed.length, totals: totals(failed) }),
  ];
  const reasons = new Map<string, number>();
  for (const r of failed) reasons.set(r.error ?? "refused", (reasons.get(r.error ?? "refused") ?? 0) + 1);
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, MAX_REASONS)) {
    lines.push(t("mass-report-reason", { reason: reasonText(t, reason), count: n }));
  }
  if (skipped.length > 0)
    lines.push(t("mass-report-skipped", { count: skipped.length, totals: totals(skipped) }));
  const { failed: again, unsent } = retryable(rows);
  lines.push(t(again + unsent > 0 ? "mass-report-file-retry" : "mass-report-file"));
  return lines.join("\n");
}

/**
 * The first line says what happened: all paid (✅), some (⚠️), nothing (❌), or cancelled (⏹) with
 * how many were paid by then; a job that paid nobody is never headlined as a success.
 */
function headline(
  t: Translate,
  job: Pick<MassJob, "id" | "status">,
  n: { paid: number; failed: number; total: number },
): string {
  const vars = { job: jobLabel(job.id), ...n };
  if (job.status === "cancelled")
    return t(n.paid === 0 ? "mass-report-title-cancelled-none" : "mass-report-title-cancelled", vars);
  if (n.paid === 0) return t("mass-report-title-none", vars);
  if (n.paid < n.total) return t("mass-report-title-some", vars);
  return t("mass-report-title", vars);
}

/** The report's buttons: its CSV again, and paying the failed and unsent rows again when there are any. */
export function reportKeyboard(t: Translate, jobId: string, rows: MassRow[]): InlineKeyboard {
  const kb = new InlineKeyboard().text(t("mass-report-again"), MASS_REPORT_DATA.build({ jobId }));
  const { failed, unsent } = retryable(rows);
  if (failed + unsent === 0) return kb;
  const label =
    unsent === 0
      ? t("mass-retry-failed", { count: failed })
      : failed === 0
        ? t("mass-retry-unsent", { count: unsent })
        : t("mass-retry-both", { count: failed + unsent });
  return kb.row().text(label, MASS_RETRY_DATA.build({ jobId }));
}

/** The report's CSV as a document: its file name and caption. */
export function reportDocument(t: Translate, jobId: string, rows: MassRow[]) {
  return { fileName: `mass-${jobId}.csv`, content: reportCsv(rows), caption: t("mass-report-caption", { job: jobLabel(jobId) }) };
}

/** The summary and the CSV, as outbox messages (queued once per job, with the job's notifications). */
export function reportMessages(t: Translate, job: MassJob, rows: MassRow[], worths: readonly FiatWorth[] = []): OutgoingMessage[] {
  const { fileName, content, caption } = reportDocument(t, job.id, rows);
  return [
    { chatId: job.chatId, text: reportText(t, job, rows, worths), replyMarkup: reportKeyboard(t, job.id, rows) },
    { chatId: job.chatId, document: { fileName, content }, caption },
  ];
}
