/**
 * A withdrawal link: asset → network → address → amount → a link whose follower confirms the
 * withdrawal in the service's bot. Nothing leaves the wallet when the link is made, so there is no
 * confirmation here; the call takes no client id, so a lost reply is reported, not retried.
 */
import { InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { newClientId } from "../../../domain/ids.js";
import { formatAmount, formatOptionalAmount } from "../../../domain/money.js";
import { outcomeMayBeApplied } from "../../../service/errors.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { shareUrl } from "../../shared/format.js";
import { askAmount } from "../../shared/inputs.js";
import { askRoute, minimumOf, routeLines } from "../../shared/withdrawal-steps.js";
import { menu } from "../../menu-data.js";

export const WITHDRAWAL_LINK = "withdraw-link";
/** The kind of a made link's row in the journal, which /history reads. */
export const WITHDRAWAL_LINK_KIND = "withdrawal_link";

/** The withdrawal-link conversation. */
export function withdrawalLinkConversation(deps: BotDeps) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    // The link withdraws from the wallet of whoever confirms it, which is its maker's own as a rule:
    // the prompt is held to what this wallet can pay, fee included, as a withdrawal to an address is.
    const route = await askRoute(conversation, ctx, deps, true);
    if (!route) return;
    const { dest, terms } = route;
    const { quota, available } = terms;
    const asset = dest.currency.code;
    const min = minimumOf(dest, quota);

    const amount = await askAmount(conversation, ctx, {
      asset,
      decimals: quota.precision,
      min,
      max: quota.withdrawMaxSize,
      available,
      ...(quota.withdrawFeeAsset === asset ? { fee: quota.withdrawFee } : {}),
      quick: true,
      prompt: ctx.t("withdraw-link-ask-amount", {
        asset,
        available: formatAmount(available, asset),
        min: formatAmount(min, asset),
        max: formatOptionalAmount(quota.withdrawMaxSize, asset),
        fee: formatAmount(quota.withdrawFee, quota.withdrawFeeAsset),
      }),
    });

    const made = await conversation.external((octx) =>
      attempt(octx, async () => {
        const { pay } = await clientsFor(deps, octx.from!.id);
        try {
          const link = await pay.createWithdrawalLink({
            network: dest.network,
            address: dest.address,
            asset,
            amount,
            ...(dest.comment === undefined ? {} : { comment: dest.comment }),
          });
          // Into the person's history (no confirmation journals it); a failure costs only that entry.
          const user = await deps.storage.users.get(octx.from!.id);
          await deps.storage.operations
            .recordDone({
              id: newClientId("wl"),
              telegramId: octx.from!.id,
              chatId: octx.chat!.id,
              kind: WITHDRAWAL_LINK_KIND,
              network: user?.network ?? "production",
              payload: { asset, amount, network: dest.network, address: dest.address },
              result: {},
            })
            .catch((err: unknown) => octx.log.warn({ err }, "a withdrawal link could not be written to the history"));
          return link;
        } catch (err) {
          // Without a client id there is nothing to look the link up by; a lost one moves nothing.
          if (outcomeMayBeApplied(err)) return null;
          throw err;
        }
      }),
    );
    if (!made.ok) return tellFailure(ctx, made);
    if (made.value === null) {
      await ctx.reply(ctx.t("withdraw-link-lost"));
      return;
    }
    // The reply's links are flat and each may be missing: open and share whichever exists.
    const links = made.value;
    const main = links.telegramBotLink ?? links.telegramMiniAppLink ?? links.webLink;
    const text = [
      ctx.t("withdraw-link-made"),
      ctx.t("withdraw-field-amount", { amount: formatAmount(amount, asset) }),
      ...routeLines(ctx, dest),
      "",
      ...(links.telegramBotLink ? [ctx.t("withdraw-link-telegram", { link: links.telegramBotLink })] : []),
      ...(links.webLink ? [ctx.t("withdraw-link-web", { link: links.webLink })] : []),
    ].join("\n");
    const keyboard = new InlineKeyboard();
    if (main) keyboard.url(ctx.t("withdraw-link-open"), main).url(ctx.t("common-share"), shareUrl(main)).row();
    await ctx.reply(text, {
      reply_markup: keyboard.text(ctx.t("common-back"), menu("withdraw")),
      link_preview_options: { is_disabled: true },
    });
  };
}
