/**
 * The pure parts of the mass-transfer engine: reading and validating lists, duplicates and totals,
 * mapping a batch reply to row outcomes, the progress message (and its throttle).
 */
import type { Api } from "grammy";
import { readFileSync } from "node:fs";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  decodeInput,
  digestRows,
  lacksColumns,
  needsDefaultAsset,
  readRows,
  validateRows,
} from "../../src/mass/parse.js";
import {
  assetLines,
  clientTransferId,
  findDuplicates,
  planRows,
  totalsByAsset,
} from "../../src/mass/plan.js";
import { formatDuration, ProgressMessage, renderProgress } from "../../src/mass/progress.js";
import { itemOutcomes } from "../../src/mass/runner.js";
import type { MassRow, MassStore, RowState } from "../../src/mass/store.js";
import { massTuning } from "../../src/mass/tuning.js";

const assets = new Map([
  ["USDT", { precision: 6, minTransfer: "0.01" }],
  ["BTC", { precision: 8, minTransfer: "0.000001" }],
]);
const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}${JSON.stringify(vars)}` : key;

describe("reading a list", () => {
  it("skips a header and blank lines, keeps line numbers, reads quoted fields", () => {
    const read = readRows(
      'user_id,amount,asset,comment\n\n101,1.5\n102,"2",USDT,"a, b"\n103,3,,"two\nlines"\n104,4\n',
    );
    expect(read.header).toBe(true);
    expect(read.rows).toEqual([
      { line: 3, fields: ["101", "1.5"] },
      { line: 4, fields: ["102", "2", "USDT", "a, b"] },
      { line: 5, fields: ["103", "3", "", "two\nlines"] },
      { line: 7, fields: ["104", "4"] },
    ]);
    expect(needsDefaultAsset(read.rows)).toBe(true);
  });

  it("tells a list without any column it can read from one with some bad rows", () => {
    expect(lacksColumns(readRows("101|1.5|USDT\n102|2|USDT").rows)).toBe(true);
    expect(lacksColumns(readRows("target amount\n101 1.5\n102 2").rows)).toBe(true);
    expect(lacksColumns(readRows("101,1.5\n102|2").rows)).toBe(false);
    expect(lacksColumns(readRows("target,amount\n").rows)).toBe(false);
  });

  it("takes semicolons (with decimal commas) and tabs, and reports an unclosed quote", () => {
    expect(readRows("101;4,5;USDT\r\n102;1;BTC").rows.map((r) => r.fields)).toEqual([
      ["101", "4,5", "USDT"],
      ["102", "1", "BTC"],
    ]);
    expect(readRows("101\t2\tUSDT").rows[0]?.fields).toEqual(["101", "2", "USDT"]);
    const broken = readRows('101,1\n"102,2\n103,3\n');
    expect(broken.rows.map((r) => r.line)).toEqual([1, 3]);
    // The value is shown with its quote marks made plain ones (they could close the message's own).
    expect(broken.errors).toEqual([{ line: 2, value: "'102,2", problem: "csv_quote" }]);
  });

  it("reports an unclosed quote on the line where it opens, and reads the lines after it as rows", () => {
    const lines = Array.from({ length: 14 }, (_, i) => `${101 + i},1,USDT`);
    lines[10] = '111,1,USDT,"a note never closed';
    lines[12] = "113,one,USDT";
    for (const text of [`${lines.join("\n")}\n`, lines.join("\r\n")]) {
      const read = readRows(text);
      expect(read.errors).toEqual([{ line: 11, value: "111,1,USDT,'a note never closed", problem: "csv_quote" }]);
      expect(read.rows.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
      // The lines after it are checked like any other: line 13's amount is reported too.
      const { errors } = validateRows(read.rows, { assets });
      expect(errors.map((e) => [e.line, e.problem])).toEqual([[13, "amount_not_a_number"]]);
    }
    // A quoted note that does close may span lines; an unclosed one after it is still found.
    const spanning = readRows('101,1,USDT,"two\nlines"\n\n"103,3\n104,4');
    expect(spanning.rows.map((r) => [r.line, r.fields[0]])).toEqual([[1, "101"], [5, "104"]]);
    expect(spanning.errors.map((e) => e.line)).toEqual([4]);
  });

  it("finds the separator from the rows, not the first line alone: a header with commas over rows with semicolons or tabs", () => {
    const semicolons = readRows("target,amount,asset,description\n101;4,5;USDT;Thanks, Bob\n102;1;USDT");
    expect(semicolons.header).toBe(true);
    expect(semicolons.rows.map((r) => r.fields)).toEqual([
      ["101", "4,5", "USDT", "Thanks, Bob"],
      ["102", "1", "USDT"],
    ]);
    const tabs = readRows("target,amount,asset\n101\t2.5\tUSDT\n102\t1\tUSDT");
    expect(tabs.rows.map((r) => r.fields)).toEqual([
      ["101", "2.5", "USDT"],
      ["102", "1", "USDT"],
    ]);
    // A note with a semicolon does not turn a list with commas into one with semicolons.
    expect(readRows("101,1,USDT,see; later\n102,2,USDT").rows.map((r) => r.fields.length)).toEqual([4, 3]);
  });

  it("does not take a first row with a typo for a header", () => {
    expect(readRows("1o1,5\n102,1").header).toBe(false);
  });

  it("accepts the example list of the README", () => {
    const text = readFileSync(new URL("../../examples/mass-transfer.csv", import.meta.url), "utf8");
    const read = readRows(text);
    const examples = new Map([...assets, ["TONCOIN", { precision: 9, minTransfer: "0.001" }]]);
    const { valid, errors } = validateRows(read.rows, { assets: examples, defaultAsset: "USDT" });
    expect(errors).toEqual([]);
    expect(valid.map((r) => [r.amount, r.asset])).toEqual([
      ["25", "USDT"],
      ["25", "USDT"],
      ["12.5", "USDT"],
      ["0.75", "TONCOIN"],
      ["10", "USDT"],
      ["3.5", "USDT"],
    ]);
    expect(valid[0]?.description).toBe("March payroll, design");
  });

  it("refuses binary files", () => {
    expect(decodeInput(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toBeNull();
    expect(decodeInput(Buffer.from("\uFEFF101,1"))).toBe("101,1");
  });
});

describe("validating rows", () => {
  const validate = (text: string, defaultAsset?: string) =>
    validateRows(readRows(text).rows, { assets, ...(defaultAsset ? { defaultAsset } : {}), selfId: "999" });

  it("normalises valid rows and uses the default asset", () => {
    expect(validate("101,1.50\n102,0.00000100,btc,hi", "USDT").valid).toEqual([
      { line: 1, target: "101", amount: "1.5", asset: "USDT", description: null },
      { line: 2, target: "102", amount: "0.000001", asset: "BTC", description: "hi" },
    ]);
  });

  it("refuses an amount with a separator that marks no thousands or an invisible character, never reading 15", () => {
    const { valid, errors } = validate("101,1'5,USDT\n102,1\uFEFF5,USDT\n103,1\u200B5,USDT\n104,\"1 000\",USDT");
    expect(errors.map((e) => [e.line, e.problem])).toEqual([
      [1, "amount_misplaced_separator"],
      [2, "amount_invisible_character"],
      [3, "amount_invisible_character"],
    ]);
    expect(valid.map((r) => r.amount)).toEqual(["1000"]);
  });

  it("reports every problem of every row", () => {
    const { valid, errors } = validate(
      [
        "0,1,USDT",
        "101,-1,USDT",
        "101,1e3,USDT",
        "101,1,USDT,a,b",
        "999,1,USDT",
        "101,1",
        `101,1,USDT,${"x".repeat(201)}`,
        "12345678901234567,1,USDT",
        "abc,0.001,USDT",
      ].join("\n"),
    );
    expect(valid).toEqual([]);
    expect(errors.map((e) => [e.line, e.problem])).toEqual([
      [1, "target"],
      [2, "amount_not_a_number"],
      [3, "amount_not_a_number"],
      [4, "columns"],
      [5, "self"],
      [6, "asset_missing"],
      [7, "description_too_long"],
      [8, "target"],
      [9, "target"],
      [9, "amount_below_minimum"],
    ]);
  });

  it("digests the normalised rows, not their spelling", () => {
    const a = validate("101,1.50,USDT\n102,2,USDT").valid;
    const b = validate("target,amount,asset\n101, 1.5 ,usdt\n102,2.0,USDT").valid;
    expect(digestRows(a)).toBe(digestRows(b));
    expect(digestRows(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("planning", () => {
  const rows = validateRows(readRows("101,1,USDT,first\n102,2,USDT\n101,0.5,USDT,second\n101,1,BTC").rows, {
    assets,
  }).valid;

  it("finds duplicates per target and asset", () => {
    expect(findDuplicates(rows)).toEqual([{ target: "101", asset: "USDT", lines: [1, 3] }]);
  });

  it("merges, keeps or drops them", () => {
    expect(
      planRows(rows, "merge").map((r) => [r.rowNo, r.target, r.asset, r.amount, r.lines, r.description]),
    ).toEqual([
      [1, "101", "USDT", "1.5", [1, 3], "first"],
      [2, "102", "USDT", "2", [2], null],
      [3, "101", "BTC", "1", [4], null],
    ]);
    expect(planRows(rows, "keep")).toHaveLength(4);
    expect(planRows(rows, "drop").map((r) => r.amount)).toEqual(["1", "2", "1"]);
  });

  it("totals per asset and shows the shortfall", () => {
    const planned = planRows(rows, "keep");
    expect(totalsByAsset(planned)).toEqual({ BTC: "1", USDT: "3.5" });
    expect(assetLines(planned, { USDT: "10", BTC: "0.4" })).toEqual([
      { asset: "BTC", rows: 1, total: "1", fee: "0", available: "0.4", remaining: "-0.6", shortfall: "0.6" },
      { asset: "USDT", rows: 3, total: "3.5", fee: "0", available: "10", remaining: "6.5", shortfall: null },
    ]);
  });

  it("derives client ids within the contract's pattern", () => {
    const id = clientTransferId("0123456789abcdef", 10_000);
    expect(id).toBe("mt0123456789abcdef-10000");
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });
});

describe("batch outcomes", () => {
  const row = (rowNo: number): MassRow => ({
    rowNo,
    lines: String(rowNo),
    target: String(100 + rowNo),
    asset: "USDT",
    amount: "1",
    description: null,
    clientId: `mtjob-${rowNo}`,
    state: "sending",
    transferId: null,
    error: null,
    attempts: 1,
    notified: 0,
    origin: null,
    retriedBy: null,
  });
  const problem = (kind: string) => ({ type: `/api/problems/${kind}`, title: kind, status: 400, kind });
  const item = (rowNo: number) => ({ target: String(100 + rowNo), amount: "1", clientPayoutId: `mtjob-${rowNo}` });
  const payout = (rowNo: number, payoutId: string, status: string) => ({
    ...item(rowNo),
    payoutId,
    targetType: "telegram_user_id",
    asset: "USDT",
    description: null,
    status,
    createdAt: null,
  });

  it("records each item by its client id, in either list; duplicates and gaps are read back", () => {
    const rows = [1, 2, 3, 4, 5, 6].map(row);
    const outcomes = itemOutcomes(rows, {
      // Out of order on purpose; a payout still pending was made all the same.
      successPayouts: [payout(6, "pyt-6", "pending"), payout(1, "pyt-1", "paid")],
      errorPayouts: [
        { ...item(2), reason: problem("insufficient_funds") },
        { ...item(3), reason: problem("exchange_client_order_id_duplicate") },
        { ...item(5), reason: problem("payout_target_is_bot") },
      ],
    });
    expect(outcomes).toEqual([
      { rowNo: 1, state: "completed", transferId: "pyt-1", error: null },
      { rowNo: 2, state: "failed", error: "insufficient_funds" },
      { rowNo: 3, state: "unknown", error: "client_id_duplicate" },
      { rowNo: 4, state: "unknown" },
      { rowNo: 5, state: "failed", error: "payout_target_is_bot" },
      { rowNo: 6, state: "completed", transferId: "pyt-6", error: null },
    ]);
  });
});

describe("progress", () => {
  const counts = (c: Partial<Record<RowState, number>>): Record<RowState, number> => ({
    queued: 0,
    sending: 0,
    unknown: 0,
    completed: 0,
    failed: 0,
    cancelled: 0,
    ...c,
  });
  const saved = massTuning.progressIntervalMs;
  afterEach(() => {
    massTuning.progressIntervalMs = saved;
  });

  it("shows a bar, counts, rate, time left and the buttons for the status", () => {
    const running = renderProgress(t, "0123456789abcdef", {
      status: "running",
      counts: counts({ completed: 40, failed: 10, queued: 50 }),
      rate: 12.5,
      error: null,
    });
    expect(running.text.split("\n")[1]).toBe(`${"▓".repeat(10)}${"░".repeat(10)} 50%`);
    expect(running.text).toContain('mass-progress-counts{"sent":40,"failed":10,"left":50}');
    expect(running.text).toContain('mass-progress-rate{"rate":"12.5","eta":"0:04"}');
    expect(
      running.keyboard.inline_keyboard.flat().map((b) => "callback_data" in b && b.callback_data),
    ).toEqual(["mass:pause:0123456789abcdef", "mass:cancel:0123456789abcdef"]);
    const paused = renderProgress(t, "0123456789abcdef", {
      status: "paused",
      counts: counts({ queued: 1 }),
      rate: null,
      error: "no_key",
    });
    expect(paused.text).toContain("mass-reason-no-key");
    expect(paused.keyboard.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "mass-button-resume",
      "mass-button-cancel",
    ]);
    expect(
      renderProgress(t, "0123456789abcdef", {
        status: "completed",
        counts: counts({ completed: 1 }),
        rate: 1,
        error: null,
      }).keyboard.inline_keyboard.flat(),
    ).toEqual([]);
    expect(formatDuration(3725)).toBe("1:02:05");
  });

  it("edits at most once per interval", async () => {
    massTuning.progressIntervalMs = 2000;
    const edits: string[] = [];
    const api = {
      sendMessage: async (_c: number, text: string) => {
        edits.push(text);
        return { message_id: 1 };
      },
    } as unknown as Api;
    let done = 0;
    const store = {
      get: async () => ({ status: "running", error: null }),
      counts: async () => counts({ completed: done, queued: 10 - done }),
      setProgressMessage: async () => undefined,
    } as unknown as MassStore;
    const progress = new ProgressMessage(
      api,
      store,
      { id: "0123456789abcdef", chatId: 1 },
      null,
      t,
      pino({ level: "silent" }),
    );
    for (done = 0; done < 10; done++) await progress.update();
    expect(edits).toHaveLength(1);
  });
});
