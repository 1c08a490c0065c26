/**
 * Telling the operator what is wrong with a list: every problem with its line, value and reason, as
 * one message when short, else the first few plus a CSV of all of them.
 */
import { InlineKeyboard, InputFile } from "grammy";
import { spreadsheetCsv } from "../../../domain/spreadsheet-csv.js";
import type { Translate } from "../../../domain/translate.js";
import type { RowError } from "../../../mass/parse.js";
import type { BotContext } from "../../context.js";
import { INPUT_DATA } from "../../shared/input-data.js";

/** Problems listed in the message itself; more go to the file. */
const MAX_LISTED = 20;
const MAX_MESSAGE = 3500;
const PREVIEW = 10;

/** The localized reason of one problem. */
export function problemText(t: Translate, e: RowError): string {
  return t(`mass-problem-${e.problem.replaceAll("_", "-")}`, e.vars ?? {});
}

/** One line per problem: line, value, reason. */
export function errorLines(t: Translate, errors: RowError[]): string[] {
  return errors.map((e) =>
    e.value === ""
      ? t("mass-error-line-empty", { line: String(e.line), reason: problemText(t, e) })
      : t("mass-error-line", { line: String(e.line), value: e.value, reason: problemText(t, e) }),
  );
}

/** Sends the whole list of problems (message, or message plus CSV file). */
export async function reportProblems(ctx: BotContext, errors: RowError[]): Promise<void> {
  const t = ctx.t;
  const lines = errorLines(t, errors);
  const head = t("mass-errors-title", { count: errors.length });
  const foot = t("mass-errors-fix");
  const whole = [head, ...lines, "", foot].join("\n");
  // The flow waits for the fixed list; Cancel leaves it.
  const cancel = new InlineKeyboard().text(t("common-cancel"), INPUT_DATA.cancel.build({}));
  if (errors.length <= MAX_LISTED && whole.length <= MAX_MESSAGE) {
    await ctx.reply(whole, { reply_markup: cancel });
    return;
  }
  const preview = [
    head,
    ...lines.slice(0, PREVIEW),
    t("mass-errors-more", { count: errors.length - PREVIEW }),
    "",
    foot,
  ];
  await ctx.reply(preview.join("\n"), { reply_markup: cancel });
  const csv = spreadsheetCsv([
    ["line", "value", "reason"],
    ...errors.map((e) => [e.line, e.value, problemText(t, e)]),
  ]);
  await ctx.replyWithDocument(new InputFile(Buffer.from(csv, "utf8"), "mass-errors.csv"), {
    caption: t("mass-errors-file", { count: errors.length }),
  });
}
