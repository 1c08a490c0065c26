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
  /** target, amount, asset, description: as written, or taken from the columns a header names. */
  fields: string[];
  /** The client transfer id of the row this one pays again (the bot's own report sent back). */
  origin?: string;
  /** A row with more cells than its header names (a description with commas not in quotes). */
  overflow?: { count: number; expected: number };
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
  | "columns_header"
  | "csv"
  | "csv_quote"
  | "origin_unknown"
  | "origin_account"
  | "origin_unfinished"
  | "origin_repeated";

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
  /** The client transfer id of an earlier job's row this one pays again (see src/mass/retry.ts). */
  origin?: string;
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

const SEPARATORS = [";", "\t", ","] as const;
/** Lines looked at to find the separator: enough to outvote a header or a stray note. */
const SEPARATOR_SAMPLE = 100;

/**
 * The field separator: the one of semicolon, tab and comma that splits the most of the first lines
 * into a user id and more (a header written with commas over rows with semicolons, as a list pasted
 * under a copied header is, is read by its rows). When no line starts with a user id, the first line
 * decides: a semicolon (spreadsheets in locales with a decimal comma, whose amounts may then read
 * "4,5"), a tab, or else a comma.
 */
export function detectDelimiter(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r\n|\n|\r/, SEPARATOR_SAMPLE * 2)) {
    if (line.trim() !== "") lines.push(line.replace(/"[^"]*"/g, ""));
    if (lines.length === SEPARATOR_SAMPLE) break;
  }
  let best: string | undefined;
  let bestScore = 0;
  for (const sep of SEPARATORS) {
    const score = lines.filter((l) => {
      const cells = l.split(sep);
      return cells.length >= 2 && TARGET.test(cells[0]!.trim());
    }).length;
    if (score > bestScore) [best, bestScore] = [sep, score];
  }
  if (best !== undefined) return best;
  const first = lines[0] ?? "";
  return SEPARATORS.find((sep) => first.includes(sep)) ?? ",";
}

/**
 * Splits the input into rows. A first line that is not a recipient row (e.g. `target,amount`) is a
 * header; a header naming `target` and `amount` among other columns (the bot's own report, sent back)
 * is read by those names. A quote that is never closed is reported on the line where it opens, and
 * the lines after it are read as rows of their own (rather than as the rest of its cell).
 */
export function readRows(text: string): ReadResult {
  const errors: RowError[] = [];
  const rows: RawRow[] = [];
  readFrom(text, 0, detectDelimiter(text), rows, errors);
  const first = rows[0];
  const header = first !== undefined && isHeader(first.fields);
  if (!header) return { rows, errors, header };
  const named = namedColumns(first.fields);
  const data = rows.slice(1);
  return { rows: named ? data.map((r) => byName(r, named)) : data, errors, header };
}

/** Reads `text` (which starts at line `offset` + 1 of the input) into `rows` and `errors`. */
function readFrom(text: string, offset: number, delimiter: string, rows: RawRow[], errors: RowError[]): void {
  let unclosed = false;
  // The last line of the input read so far, by a record or a skipped one.
  let lastLine = 0;
  const records = parse(text, {
    delimiter,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      if (err?.code === "CSV_QUOTE_NOT_CLOSED") {
        unclosed = true;
        return undefined;
      }
      const line = Number((err as { lines?: unknown } | undefined)?.lines ?? 0);
      lastLine = Math.max(lastLine, line);
      errors.push({ line: offset + line, value: shorten(raw ?? ""), problem: "csv", vars: { code: err?.code ?? "" } });
      return undefined;
    },
  }) as unknown as { record: string[]; info: { lines: number } }[];

  for (const { record, info } of records) {
    lastLine = Math.max(lastLine, info.lines);
    const fields = record.map((f) => f.trim());
    if (fields.every((f) => f === "")) continue;
    // info.lines is where the record ends; quoted fields may span lines.
    const inner = fields.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
    rows.push({ line: offset + info.lines - inner, fields });
  }
  if (!unclosed) return;
  // The record left open starts on the first line with text after the last one read; cells before
  // a quote hold no line break, so that is where the quote opens.
  const lines = text.split(/\r\n|\n|\r/);
  let start = lastLine;
  while (start < lines.length && lines[start]!.trim() === "") start++;
  errors.push({ line: offset + start + 1, value: shorten(lines[start] ?? ""), problem: "csv_quote" });
  readFrom(lines.slice(start + 1).join("\n"), offset + start + 1, delimiter, rows, errors);
}

/** Columns a header may name, in the order a row without a header gives them. */
const COLUMNS = ["target", "amount", "asset", "description"] as const;
/** The report's column naming the client transfer id of the row it describes. */
const ORIGIN_COLUMN = "client_transfer_id";

interface NamedColumns {
  index: number[];
  origin: number | undefined;
  width: number;
}

/**
 * Where each column is, when the header names `target` and `amount` in another layout than the plain
 * one (the report's `row,lines,target,asset,amount,…`); undefined for a plain header.
 */
function namedColumns(header: string[]): NamedColumns | undefined {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = COLUMNS.map((c) => names.indexOf(c));
  if (index[0] === -1 || index[1] === -1) return undefined;
  const plain = names.every((n, i) => n === COLUMNS[i]);
  if (plain) return undefined;
  const origin = names.indexOf(ORIGIN_COLUMN);
  return { index, origin: origin === -1 ? undefined : origin, width: names.length };
}

/** A row of a named layout in the plain order, with the row it pays again. */
function byName(row: RawRow, columns: NamedColumns): RawRow {
  if (row.fields.length > columns.width)
    return { ...row, overflow: { count: row.fields.length, expected: columns.width } };
  const cell = (i: number | undefined) => (i === undefined || i < 0 ? "" : (row.fields[i] ?? ""));
  const [target, amount, asset, description] = columns.index.map(cell) as [string, string, string, string];
  const origin = cell(columns.origin);
  // The report writes a cell a spreadsheet would take for a formula with a ' before it.
  const fields = [target, amount, asset, columns.origin === undefined ? description : unescapeCell(description)];
  return { line: row.line, fields, ...(origin === "" ? {} : { origin }) };
}

function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
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

    if (row.overflow) {
      problem("columns_header", row.fields.join(","), row.overflow);
      errors.push(...found);
      continue;
    }
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
        ...(row.origin === undefined ? {} : { origin: row.origin }),
      });
  }
  return { valid, errors };
}

/** The canonical form of validated rows (one CSV line each); its sha256 identifies the input in the audit. */
export function digestRows(rows: ValidRow[]): string {
  const canonical = stringify(
    rows.map((r) => [r.target, r.amount, r.asset, r.description ?? "", ...(r.origin === undefined ? [] : [r.origin])]),
  );
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
