import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { spreadsheetCell, spreadsheetCsv } from "../../src/domain/spreadsheet-csv.js";

describe("spreadsheet-safe CSV", () => {
  it("prefixes cells a spreadsheet would read as a formula, and leaves others alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(spreadsheetCell(`${start}1+1`)).toBe(`'${start}1+1`);
    for (const plain of ["", "hello", "1.5", " =not first", "a=b", "'quoted"]) expect(spreadsheetCell(plain)).toBe(plain);
  });

  it("writes CSV whose cells read back as text, numbers as they are", () => {
    const csv = spreadsheetCsv([
      ["line", "value"],
      [3, '=HYPERLINK("https://evil.example","x")'],
      [-1, "\tcmd"],
    ]);
    expect(parse(csv)).toEqual([
      ["line", "value"],
      ["3", `'=HYPERLINK("https://evil.example","x")`],
      ["-1", "'\tcmd"],
    ]);
  });
});
