/**
 * Changing an active cheque's description (the service's cheque update). Nothing moves and setting
 * the same text twice is harmless, so it needs no confirmation step; the service refuses a cheque
 * that is no longer active, which is explained like any refusal.
 */
import { clientsFor } from "../../../accounts/clients.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { askText } from "../../shared/inputs.js";
import { DESCRIPTION_MAX } from "./create.js";
import { detailsKeyboard, detailsText, targetPerson } from "./views.js";

export const DESCRIBE_CONVERSATION = "cheques-describe";

/** Asks for the new description (Skip clears it) and shows the cheque as the service now has it. */
export function describeChequeConversation(deps: BotDeps) {
  return async function describeCheque(
    conversation: BotConversation,
    ctx: ConvContext,
    chequeId: string,
  ): Promise<void> {
    const description = await askText(
      conversation,
      ctx,
      ctx.t("cheques-ask-new-description", { max: DESCRIPTION_MAX }),
      { optional: true, maxLength: DESCRIPTION_MAX },
    );
    const updated = await conversation.external((octx) =>
      attempt(octx, async () => {
        const { pay } = await clientsFor(deps, octx.from!.id);
        return pay.updateCheque({ chequeId, description: description ?? "" });
      }),
    );
    if (!updated.ok) return tellFailure(ctx, updated);
    const known = await conversation.external(async () => (await targetPerson(deps.storage.people, updated.value.target)) ?? null);
    const zone = await conversation.external(async (octx) => (await deps.storage.users.get(octx.from!.id))?.timeZone ?? null);
    await ctx.reply(detailsText(ctx.t, updated.value, known ?? undefined, zone ?? undefined), {
      reply_markup: detailsKeyboard(ctx.t, updated.value),
    });
  };
}
