/**
 * CSV that people open in a spreadsheet. A cell starting with =, +, -, @, a tab or a carriage return
 * is read by Excel, LibreOffice and Google Sheets as a formula (`=HYPERLINK(…)` in a description
 * becomes a live link), so such a cell is written with a leading apostrophe: shown as text, and the
 * value after it unchanged. Every CSV the bot sends goes through here.
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet will show it as text: `'` prepended when it would start a formula. */
export function spreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** CSV text of `rows` (the first row usually the header), each text cell made safe by spreadsheetCell. */
export function spreadsheetCsv(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows.map((row) => row.map((cell) => (typeof cell === "string" ? spreadsheetCell(cell) : cell))));
}
