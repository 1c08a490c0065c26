/**
 * From validated rows to the rows that will be paid: duplicate recipients (same target and asset)
 * resolved by the operator's choice, numbered, and totalled per asset against the balance.
 */
import { money } from "../domain/money.js";
import type { ValidRow } from "./parse.js";

/** merge: one transfer of the summed amount; keep: separate transfers; drop: the first row only. */
export const DUP_POLICIES = ["merge", "keep", "drop"] as const;
export type DupPolicy = (typeof DUP_POLICIES)[number];

export interface DuplicateGroup {
  target: string;
  asset: string;
  lines: number[];
}

/**
 * A row to pay: `rowNo` (1…n) fixes its client transfer id; `lines` are the input lines it stands for,
 * `origins` the client ids of an earlier job's rows it pays again (none for a row of a new list).
 */
export interface PlannedRow {
  rowNo: number;
  lines: number[];
  target: string;
  asset: string;
  amount: string;
  description: string | null;
  origins: string[];
}

const keyOf = (r: { target: string; asset: string }) => `${r.target}\u0000${r.asset}`;

/** Recipients that appear more than once for the same asset, in input order. */
export function findDuplicates(rows: ValidRow[]): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  for (const r of rows) {
    const g = groups.get(keyOf(r));
    if (g) g.lines.push(r.line);
    else groups.set(keyOf(r), { target: r.target, asset: r.asset, lines: [r.line] });
  }
  return [...groups.values()].filter((g) => g.lines.length > 1);
}

/** Applies the duplicate policy and numbers the rows in input order. */
export function planRows(rows: ValidRow[], policy: DupPolicy): PlannedRow[] {
  const out: Omit<PlannedRow, "rowNo">[] = [];
  const planned = (r: ValidRow) => ({ ...r, lines: [r.line], origins: r.origin === undefined ? [] : [r.origin] });
  if (policy === "keep") {
    for (const r of rows) out.push(planned(r));
  } else {
    const first = new Map<string, Omit<PlannedRow, "rowNo">>();
    for (const r of rows) {
      const seen = first.get(keyOf(r));
      if (!seen) {
        const row = planned(r);
        first.set(keyOf(r), row);
        out.push(row);
      } else if (policy === "merge") {
        seen.amount = money.add(seen.amount, r.amount);
        seen.lines.push(r.line);
        if (r.origin !== undefined) seen.origins.push(r.origin);
        // The first non-empty note is kept: joining them could exceed the length limit.
        seen.description ??= r.description;
      }
    }
  }
  return out.map(({ target, asset, amount, description, lines, origins }, i) => ({
    rowNo: i + 1,
    lines,
    target,
    asset,
    amount,
    description,
    origins,
  }));
}

/** Sum of amounts per asset, assets in alphabetical order. */
export function totalsByAsset(rows: { asset: string; amount: string }[]): Record<string, string> {
  const byAsset = new Map<string, string[]>();
  for (const r of rows) {
    const list = byAsset.get(r.asset);
    if (list) list.push(r.amount);
    else byAsset.set(r.asset, [r.amount]);
  }
  return Object.fromEntries(
    [...byAsset.keys()].sort().map((asset) => [asset, money.sum(byAsset.get(asset) ?? [])]),
  );
}

export interface AssetLine {
  asset: string;
  rows: number;
  total: string;
  /** Transfers carry no fee in the contract. */
  fee: string;
  available: string;
  /** available − total − fee; negative when short. */
  remaining: string;
  /** How much is missing, or null when the balance covers the total. */
  shortfall: string | null;
}

/** Per asset: total, fee, what is available and what would remain. */
export function assetLines(rows: PlannedRow[], available: Record<string, string>): AssetLine[] {
  const totals = totalsByAsset(rows);
  return Object.entries(totals).map(([asset, total]) => {
    const have = available[asset] ?? "0";
    const fee = "0";
    const remaining = money.sub(money.sub(have, total), fee);
    return {
      asset,
      rows: rows.filter((r) => r.asset === asset).length,
      total,
      fee,
      available: have,
      remaining,
      shortfall: money.lt(remaining, "0") ? money.sub("0", remaining) : null,
    };
  });
}

/** The client transfer id of a row: derived from the job and the row, never chosen at send time. */
export function clientTransferId(jobId: string, rowNo: number): string {
  return `mt${jobId}-${rowNo}`;
}
