/** What no flow and no feature took: stale buttons, mistyped commands, stray messages. */
import { Composer, type InlineKeyboard } from "grammy";
import { closest, distance } from "fastest-levenshtein";
import type { Translate } from "../domain/translate.js";
import type { BotContext } from "./context.js";

/** The known command nearest to a mistyped one, when it is near enough to be a slip (at most two edits). */
function nearestCommand(typed: string, known: readonly string[]): string | undefined {
  if (known.length === 0 || typed.length < 2) return undefined;
  const best = closest(typed.toLowerCase(), [...known]);
  const edits = distance(typed.toLowerCase(), best);
  // 0 edits: the command exists but its feature passed it on (an admin's command for someone else).
  return edits > 0 && edits <= Math.min(2, Math.floor(typed.length / 2)) ? best : undefined;
}

const COMMAND = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?/;

/**
 * Last: a button nobody answers is outdated; a command nobody answers gets "did you mean /x?" when one
 * of `commands` is near it; any other message nobody understood gets the main menu.
 */
export function fallbackFor(commands: readonly string[], mainMenu: (t: Translate) => InlineKeyboard): Composer<BotContext> {
  const fallback = new Composer<BotContext>();
  fallback.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") }));
  fallback
    .chatType("private")
    .on("message", (ctx) => {
      const typed = COMMAND.exec(ctx.message.text ?? "")?.[1];
      const near = typed === undefined ? undefined : nearestCommand(typed, commands);
      const text = near
        ? ctx.t("common-did-you-mean", { command: `/${near}` })
        : ctx.t(typed === undefined ? "common-unknown-message" : "common-unknown-command");
      return ctx.reply(text, { reply_markup: mainMenu(ctx.t) });
    });
  return fallback;
}
