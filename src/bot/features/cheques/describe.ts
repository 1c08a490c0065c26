/**
 * Changing an active cheque's description (updateCheque): asked as text, sent once. An update sets
 * the same value however often it is repeated, so it needs no confirmation and no journal.
 */
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { clientsFor } from "../../shared/account.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { askText } from "../../shared/inputs.js";
import { detailsKeyboard, detailsText } from "./views.js";

export const DESCRIBE_CONVERSATION = "cheques-describe";
/** The service takes at most this many characters. */
const DESCRIPTION_MAX = 1000;

/** Asks the new description of `chequeId` and shows the cheque as it is afterwards. */
export function describeChequeConversation(deps: BotDeps) {
  return async (conversation: BotConversation, ctx: ConvContext, chequeId: string): Promise<void> => {
    const description =
      (await askText(conversation, ctx, ctx.t("cheques-describe-ask"), { maxLength: DESCRIPTION_MAX })) ?? "";
    const updated = await conversation.external((octx) =>
      attempt(octx, async () =>
        (await clientsFor(deps, octx.from!.id)).pay.updateCheque({ chequeId, description }),
      ),
    );
    if (!updated.ok) return tellFailure(ctx, updated);
    await ctx.reply(`${ctx.t("cheques-describe-done")}\n\n${detailsText(ctx.t, updated.value)}`, {
      reply_markup: detailsKeyboard(ctx.t, updated.value),
    });
  };
}
