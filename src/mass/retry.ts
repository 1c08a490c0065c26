/**
 * Paying again what a job did not pay. A list may name, per row, the client transfer id of an earlier
 * job's row it pays again (the bot's own report CSV sent back does, and so does the report's Retry
 * button, which hands the flow that job's unpaid rows in the same form). Such a row is paid under a
 * new client id of the new job, so it must be one the service proved it never applied: a row that
 * failed for a reason of its own or was never sent (cancelled). What the list says of its outcome is
 * not trusted: the earlier row in storage decides. A row paid (or paid again by a later job) is left
 * out and counted; one whose outcome needs a check at the service is never paid again from here.
 * When the new job starts, it claims each earlier row in the same transaction (store.start), so a row
 * is paid again by one later job at most (docs/decisions/033-paying-failed-rows-again.md).
 */
import { spreadsheetCsv } from "../domain/spreadsheet-csv.js";
import type { NetworkName } from "../domain/networks.js";
import type { RowError, ValidRow } from "./parse.js";
import { FINAL_STATUSES, type MassRow, type MassStore, UNCLEAR_REASONS } from "./store.js";

/** Rows of a list left out because an earlier job settled them. */
export interface RetryCounts {
  /** Jobs whose rows the list pays again. */
  jobs: string[];
  /** Rows paid again by this list. */
  rows: number;
  /** Named rows that were paid. */
  paid: number;
  /** Named rows a later job pays again. */
  retried: number;
  /** Named rows whose outcome needs a check at the service first. */
  unclear: number;
}

export interface RetryCheck {
  /** The rows to pay: those of a new list as they were, those paying an earlier row again if they may. */
  rows: ValidRow[];
  /** Rows naming an earlier row they cannot pay again (someone else's, unfinished, another account). */
  errors: RowError[];
  /** Undefined when no row names an earlier one. */
  counts?: RetryCounts;
}

/** Who pays now: an earlier row is paid again only by its own admin, from the account and network it was paid from. */
export interface Payer {
  adminId: number;
  accountId: string;
  network: NetworkName;
}

/** Decides, for each row naming an earlier one, whether it is paid again, left out, or refused. */
export async function resolveOrigins(store: MassStore, rows: ValidRow[], payer: Payer): Promise<RetryCheck> {
  const named = rows.filter((r) => r.origin !== undefined);
  if (named.length === 0) return { rows, errors: [] };
  const found = new Map((await store.rowsByClientId([...new Set(named.map((r) => r.origin!))])).map((o) => [o.clientId, o]));
  const out: ValidRow[] = [];
  const errors: RowError[] = [];
  const counts: RetryCounts = { jobs: [], rows: 0, paid: 0, retried: 0, unclear: 0 };
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.origin === undefined) {
      out.push(row);
      continue;
    }
    const refuse = (problem: RowError["problem"], vars?: RowError["vars"]) =>
      errors.push({ line: row.line, value: row.origin!, problem, ...(vars ? { vars } : {}) });
    const origin = found.get(row.origin);
    if (!origin || origin.adminId !== payer.adminId) {
      refuse("origin_unknown");
      continue;
    }
    if (origin.accountId !== payer.accountId || origin.network !== payer.network) {
      refuse("origin_account");
      continue;
    }
    if (!FINAL_STATUSES.includes(origin.jobStatus)) {
      refuse("origin_unfinished", { job: `#${origin.jobId.slice(0, 8)}` });
      continue;
    }
    if (seen.has(row.origin)) {
      refuse("origin_repeated");
      continue;
    }
    seen.add(row.origin);
    if (origin.state === "completed") counts.paid++;
    else if (origin.retriedBy !== null) counts.retried++;
    else if (origin.error !== null && UNCLEAR_REASONS.includes(origin.error)) counts.unclear++;
    else {
      counts.rows++;
      if (!counts.jobs.includes(origin.jobId)) counts.jobs.push(origin.jobId);
      out.push(row);
    }
  }
  return { rows: out, errors, counts };
}

/** Rows of a finished job a Retry button would pay again (not the unclear ones, not those claimed). */
export function retryable(rows: Pick<MassRow, "state" | "error" | "retriedBy">[]): { failed: number; unsent: number } {
  let failed = 0;
  let unsent = 0;
  for (const r of rows) {
    if (r.retriedBy !== null) continue;
    if (r.state === "cancelled") unsent++;
    else if (r.state === "failed" && !(r.error !== null && UNCLEAR_REASONS.includes(r.error))) failed++;
  }
  return { failed, unsent };
}

/** The list a Retry button hands the flow: the job's unpaid rows, each naming itself as the row it pays again. */
export function retryList(rows: MassRow[]): string {
  return spreadsheetCsv([
    ["target", "amount", "asset", "description", "client_transfer_id"],
    ...rows.map((r) => [r.target, r.amount, r.asset, r.description ?? "", r.clientId]),
  ]);
}
