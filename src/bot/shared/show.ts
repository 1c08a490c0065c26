/** Showing a view (text and buttons) in place of the message whose button was pressed. */
import { GrammyError } from "grammy";
import type { InlineKeyboardMarkup, LinkPreviewOptions, ParseMode } from "grammy/types";
import type { BotContext } from "../context.js";

/** What both an edit and a new message take; an edited message can only carry inline buttons. */
export interface ShowOptions {
  reply_markup?: InlineKeyboardMarkup;
  link_preview_options?: LinkPreviewOptions;
  parse_mode?: ParseMode;
}

/**
 * Edits the pressed button's message to `text`; sends a new message when there is none to edit
 * (a command), when `edit` is false, or when the message cannot be edited.
 */
export async function showInPlace(
  ctx: BotContext,
  text: string,
  options: ShowOptions = {},
  { edit = true }: { edit?: boolean } = {},
): Promise<void> {
  if (edit && ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, options);
      return;
    } catch (err) {
      // A press that changes nothing (Refresh, the option already chosen, a double press) leaves the
      // message as it is; a message too old to edit gets a new one instead.
      if (err instanceof GrammyError && err.description.includes("not modified")) return;
      ctx.log.debug({ err }, "could not edit; sending a new message");
    }
  }
  await ctx.reply(text, options);
}
