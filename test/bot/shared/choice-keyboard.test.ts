/**
 * Choice buttons: every option whose value fits a button's data becomes one, in rows of the asked
 * width, with Cancel last; an option the service offered that would not fit (a space, a long code) is
 * left out with a warning instead of failing the prompt (the step still takes it typed).
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ConvContext } from "../../../src/bot/context.js";
import { INPUT_DATA, pickData } from "../../../src/bot/shared/input-data.js";
import { choiceKeyboard } from "../../../src/bot/shared/inputs.js";

function context() {
  const warnings: unknown[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const ctx = { t: (key: string) => key, log } as unknown as ConvContext;
  return { ctx, warnings };
}

describe("choice buttons", () => {
  it("lays out the options that fit, and leaves out one that does not, with a warning", () => {
    const { ctx, warnings } = context();
    const options = ["USDT", "BTC", "BAD CODE", "TONCOIN", "X".repeat(51)].map((v) => ({ label: v, value: v }));
    const rows = choiceKeyboard(ctx, options, 2).inline_keyboard;
    expect(rows.map((r) => r.map((b) => ("callback_data" in b ? b.callback_data : undefined)))).toEqual([
      [pickData("USDT"), pickData("BTC")],
      [pickData("TONCOIN")],
      [INPUT_DATA.cancel.build({})],
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ value: "BAD CODE", msg: "a choice whose value does not fit a button is left out" });
  });
});
