/**
 * What the operator reads before confirming: who is paid (recipients, rows), per asset the total,
 * the fee (none: the contract charges none for transfers), the available balance and what remains.
 */
import { formatAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { KnownPerson } from "../../../domain/people.js";
import { inlineUserText } from "../../../domain/user-text.js";
import { personLabel } from "../../shared/people.js";
import type { AssetLine, DupPolicy } from "../../../mass/plan.js";
import { jobLabel } from "../../../mass/progress.js";
import type { RetryCounts } from "../../../mass/retry.js";
import { withWorthOf, type Worth } from "../../shared/worth.js";

/** The planned job as plain JSON (it passes through conversation state). */
export interface PlanSummary {
  jobId: string;
  rows: number;
  recipients: number;
  lines: AssetLine[];
  policy: DupPolicy;
  duplicates: number;
  accountName: string;
  network: string;
  /** When rows pay an earlier job's rows again: how many, and what was left out. */
  retry?: RetryCounts;
  /** The first recipients, in list order, named where the bot knows them. */
  preview?: KnownPerson[];
  /** The assets' worth in the operator's fiat (those the service rates). */
  worths?: Worth[];
}

/** How many recipients the summary names before "and N more". */
export const PREVIEW_RECIPIENTS = 5;

/** The summary shown before confirmation. */
export function summaryText(t: Translate, p: PlanSummary, notify?: boolean, senderName?: string | null): string {
  const out = [
    t("mass-summary-title", { account: inlineUserText(p.accountName), network: t(`keys-network-${p.network}`) }),
    ...(p.retry
      ? [
          t("mass-summary-retry", { jobs: p.retry.jobs.map(jobLabel).join(", "), count: p.retry.rows }),
          ...leftOut(t, p.retry),
        ]
      : []),
    t("mass-summary-recipients", { recipients: p.recipients, rows: p.rows }),
    ...(p.preview && p.preview.length > 0
      ? [
          t("mass-summary-first", {
            people: p.preview.map((person) => personLabel(t, person.id, person)).join(", "),
            more: p.recipients - p.preview.length,
          }),
        ]
      : []),
  ];
  for (const l of p.lines) {
    out.push(
      t("mass-summary-asset", {
        asset: l.asset,
        rows: l.rows,
        total: formatAmount(l.total, l.asset) + withWorthOf(t, l.total, l.asset, p.worths),
        fee: money.isZero(l.fee) ? t("mass-fee-none") : formatAmount(l.fee, l.asset),
        available: formatAmount(l.available, l.asset),
        remaining: formatAmount(l.remaining, l.asset),
      }),
    );
  }
  if (p.duplicates > 0) out.push(t(`mass-summary-dups-${p.policy}`, { count: p.duplicates }));
  if (notify === true && senderName) out.push(t("mass-summary-notify-as", { sender: senderName }));
  else if (notify !== undefined) out.push(t(notify ? "mass-summary-notify-on" : "mass-summary-notify-off"));
  return out.join("\n");
}

/** Why the job cannot start: per short asset, the total, what is available and the shortfall. */
export function shortfallText(t: Translate, lines: AssetLine[]): string {
  return [
    t("mass-insufficient-title"),
    ...lines
      .filter((l) => l.shortfall !== null)
      .map((l) =>
        t("mass-insufficient-asset", {
          asset: l.asset,
          total: formatAmount(l.total, l.asset),
          available: formatAmount(l.available, l.asset),
          shortfall: formatAmount(l.shortfall ?? "0", l.asset),
        }),
      ),
  ].join("\n");
}

/** What an earlier job settled and a list paying its rows again leaves out, one line each. */
export function leftOut(t: Translate, r: RetryCounts): string[] {
  return [
    ...(r.paid > 0 ? [t("mass-retry-left-paid", { count: r.paid })] : []),
    ...(r.retried > 0 ? [t("mass-retry-left-retried", { count: r.retried })] : []),
    ...(r.unclear > 0 ? [t("mass-retry-left-unclear", { count: r.unclear })] : []),
  ];
}
