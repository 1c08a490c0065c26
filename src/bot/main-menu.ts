/** The main menu, laid out from the places the features declared with their buttons (entries.ts). */
import { InlineKeyboard } from "grammy";
import type { Translate } from "../domain/translate.js";
import type { Feature, MenuPlace } from "./feature.js";

/** Builds the main menu in a person's language; two features never declare one place. */
export function mainMenuOf(features: readonly Feature[]): (t: Translate) => InlineKeyboard {
  const places = features.flatMap((f) => f.manifest.mainMenu ?? []);
  const rows: MenuPlace[][] = [];
  for (const p of places) {
    const row = (rows[p.row] ??= []);
    if (row.some((q) => q.column === p.column)) throw new Error(`two main-menu buttons at row ${p.row}, column ${p.column}`);
    row.push(p);
  }
  const layout = rows.filter((r) => r !== undefined).map((r) => r.sort((a, b) => a.column - b.column));
  return (t) => new InlineKeyboard(layout.map((row) => row.map((p) => ({ text: t(p.labelKey), callback_data: p.data }))));
}
