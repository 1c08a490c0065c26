/**
 * Telling the operator which recipients a list repeats: counts and the first few recipients with their
 * first few lines in the question; when there are more, every repeat with all its lines as a CSV file.
 * (One recipient on 1,000 lines must not become a message of 1,000 line numbers.)
 */
import { InputFile } from "grammy";
import { spreadsheetCsv } from "../../../domain/spreadsheet-csv.js";
import type { Translate } from "../../../domain/translate.js";
import type { DuplicateGroup } from "../../../mass/plan.js";
import type { BotContext } from "../../context.js";

/** Recipients named in the question; the rest are counted. */
const RECIPIENTS_SHOWN = 5;
/** Line numbers shown per recipient; the rest are counted. */
const LINES_SHOWN = 5;

/** What the question shows: plain JSON (it is kept in the flow's state). */
export interface DuplicatesPreview {
  recipients: number;
  /** Lines that name a repeated recipient, over all of them. */
  lines: number;
  examples: { target: string; asset: string; count: number; lines: string; more: number }[];
}

export function duplicatesPreview(dups: DuplicateGroup[]): DuplicatesPreview {
  return {
    recipients: dups.length,
    lines: dups.reduce((n, d) => n + d.lines.length, 0),
    examples: dups.slice(0, RECIPIENTS_SHOWN).map((d) => ({
      target: String(d.target),
      asset: d.asset,
      count: d.lines.length,
      lines: d.lines.slice(0, LINES_SHOWN).join(", "),
      more: Math.max(0, d.lines.length - LINES_SHOWN),
    })),
  };
}

/** Whether the question shows every repeat in full (else the file goes with it). */
export function fitsDuplicatePreview(dups: DuplicateGroup[]): boolean {
  return dups.length <= RECIPIENTS_SHOWN && dups.every((d) => d.lines.length <= LINES_SHOWN);
}

export function duplicatesText(t: Translate, p: DuplicatesPreview): string {
  const out = [t("mass-dup-found", { count: p.recipients, rows: p.lines })];
  for (const e of p.examples) {
    const lines = e.more > 0 ? `${e.lines} ${t("mass-dup-lines-more", { count: e.more })}` : e.lines;
    out.push(t("mass-dup-example", { target: e.target, asset: e.asset, n: e.count, lines }));
  }
  const hidden = p.recipients - p.examples.length;
  if (hidden > 0) out.push(t("mass-dup-more-recipients", { count: hidden }));
  return out.join("\n");
}

/** Every repeated recipient with all its lines, one per row. */
export async function sendDuplicatesFile(ctx: BotContext, dups: DuplicateGroup[]): Promise<void> {
  const csv = spreadsheetCsv([
    ["target", "asset", "count", "lines"],
    ...dups.map((d) => [String(d.target), d.asset, d.lines.length, d.lines.join(" ")]),
  ]);
  await ctx.replyWithDocument(new InputFile(Buffer.from(csv, "utf8"), "mass-duplicates.csv"), {
    caption: ctx.t("mass-dup-file", { count: dups.length }),
  });
}
