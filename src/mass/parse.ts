/**
 * Reading and validating a mass-transfer list: `target,amount[,asset][,description]` per line, as CSV
 * (comma, semicolon or tab; quoted fields may hold commas) with an optional header line. Every row is
 * checked before anything happens and every problem is reported at once, with its line number.
 */
import { type CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { createHash } from "node:crypto";
import { type AmountError, parseAmount } from "../domain/money.js";
import { inlineUserText } from "../domain/user-text.js";

/** Longest description accepted per row (the contract sets none; the receiver sees it). */
export const MAX_DESCRIPTION = 200;
/** Largest file accepted: 10,000 rows with long descriptions stay well below it. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** A row as written, before validation. */
export interface RawRow {
  /** Line of the input where the row starts (1-based, header and blank lines counted). */
  line: number;
  fields: string[];
}

export type RowProblem =
  | "columns"
  | "target"
  | "self"
  | "amount_missing"
  | `amount_${AmountError}`
  | "asset_missing"
  | "asset_unknown"
  | "description_too_long"
  | "csv";

export interface RowError {
  line: number;
  /** The offending value as written (shortened). */
  value: string;
  problem: RowProblem;
  /** Variables for the message (decimals, minimum, asset…). */
  vars?: Record<string, string | number>;
}

/** A valid row: amount normalised, asset upper-case. */
export interface ValidRow {
  line: number;
  target: string;
  amount: string;
  asset: string;
  description: string | null;
}

export interface AssetRules {
  precision: number;
  minTransfer: string;
}

export interface ReadResult {
  rows: RawRow[];
  /** Structural problems (unclosed quotes and the like), by line. */
  errors: RowError[];
  header: boolean;
}

const TARGET = /^[1-9][0-9]{0,15}$/;

/** Decodes an uploaded file: UTF-8 (a BOM is dropped); null when it is not text. */
export function decodeInput(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  const text = bytes.toString("utf8");
  if (text.includes("\uFFFD")) return null;
  return text.replace(/^\uFEFF/, "");
}

/**
 * The field separator, from the first line: a semicolon (spreadsheets in locales with a decimal comma,
 * whose amounts may then read "4,5"), a tab, or else a comma.
 */
export function detectDelimiter(text: string): string {
  const first = (text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").replace(/"[^"]*"/g, "");
  if (first.includes(";")) return ";";
  if (first.includes("\t")) return "\t";
  return ",";
}

/** Splits the input into rows. A first line that is not a recipient row (e.g. `target,amount`) is a header. */
export function readRows(text: string): ReadResult {
  const errors: RowError[] = [];
  const records = parse(text, {
    delimiter: detectDelimiter(text),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      const line = Number((err as { lines?: unknown } | undefined)?.lines ?? 0);
      errors.push({ line, value: shorten(raw ?? ""), problem: "csv", vars: { code: err?.code ?? "" } });
      return undefined;
    },
  }) as unknown as { record: string[]; info: { lines: number } }[];

  const rows: RawRow[] = [];
  for (const { record, info } of records) {
    const fields = record.map((f) => f.trim());
    if (fields.every((f) => f === "")) continue;
    // info.lines is where the record ends; quoted fields may span lines.
    const inner = fields.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
    rows.push({ line: info.lines - inner, fields });
  }
  const first = rows[0];
  const header = first !== undefined && isHeader(first.fields);
  return { rows: header ? rows.slice(1) : rows, errors, header };
}

/** A header names its columns: its first cell is no user id and its second no amount. */
function isHeader(fields: string[]): boolean {
  const [target = "", amount = ""] = fields;
  return !TARGET.test(target) && !/^[0-9]/.test(amount);
}

export interface ValidationContext {
  /** Rules of every asset the service knows, by code. */
  assets: ReadonlyMap<string, AssetRules>;
  /** For rows without an asset; when absent such rows are an error. */
  defaultAsset?: string;
  /** The paying account's own user id: a transfer to oneself is refused by the service. */
  selfId?: string;
}

/** Validates every row; returns the valid rows and every problem found (all of them, not the first). */
export function validateRows(
  rows: RawRow[],
  ctx: ValidationContext,
): { valid: ValidRow[]; errors: RowError[] } {
  const valid: ValidRow[] = [];
  const errors: RowError[] = [];
  for (const row of rows) {
    const found: RowError[] = [];
    const [target = "", amountText = "", assetText = "", description = "", ...extra] = row.fields;
    const problem = (p: RowProblem, value: string, vars?: RowError["vars"]) =>
      found.push({ line: row.line, value: shorten(value), problem: p, ...(vars ? { vars } : {}) });

    if (row.fields.length < 2 || extra.length > 0) {
      problem("columns", row.fields.join(","), { count: row.fields.length });
      errors.push(...found);
      continue;
    }
    if (!TARGET.test(target) || !Number.isSafeInteger(Number(target))) problem("target", target);
    else if (ctx.selfId !== undefined && target === ctx.selfId) problem("self", target);

    const asset = (assetText || ctx.defaultAsset || "").toUpperCase();
    const rules = ctx.assets.get(asset);
    if (asset === "") problem("asset_missing", assetText);
    else if (!rules) problem("asset_unknown", assetText);

    let amount: string | undefined;
    if (amountText === "") problem("amount_missing", amountText);
    else {
      const parsed = parseAmount(amountText, {
        decimals: rules?.precision ?? 18,
        ...(rules ? { min: rules.minTransfer } : {}),
      });
      if (parsed.ok) amount = parsed.amount;
      else
        problem(`amount_${parsed.error}`, amountText, {
          decimals: rules?.precision ?? 0,
          min: rules?.minTransfer ?? "0",
          asset,
        });
    }
    if (description.length > MAX_DESCRIPTION) {
      problem("description_too_long", description, { max: MAX_DESCRIPTION, length: description.length });
    }

    if (found.length > 0 || amount === undefined) errors.push(...found);
    else
      valid.push({
        line: row.line,
        target,
        amount,
        asset,
        description: description === "" ? null : description,
      });
  }
  return { valid, errors };
}

/** The canonical form of validated rows (one CSV line each); its sha256 identifies the input in the audit. */
export function digestRows(rows: ValidRow[]): string {
  const canonical = stringify(rows.map((r) => [r.target, r.amount, r.asset, r.description ?? ""]));
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * Whether no row has two columns: the list is separated by something other than a comma, semicolon or
 * tab (a `|`, spaces). Said at once, before a default asset is asked for and every row is refused.
 */
export function lacksColumns(rows: RawRow[]): boolean {
  return rows.length > 0 && rows.every((r) => r.fields.length < 2);
}

/** Whether some row lacks an asset column (then a default asset must be chosen). */
export function needsDefaultAsset(rows: RawRow[]): boolean {
  return rows.some((r) => (r.fields[2] ?? "") === "");
}

/** A cell as an error line quotes it: on one line, invisible characters marked, at most 40 characters. */
function shorten(value: string): string {
  return inlineUserText(value, 40);
}
