/**
 * /limits: for each currency of the person's wallet, on each chain it goes out on, the smallest and
 * largest withdrawal and the fee, as the service states them (GET /withdrawal-quotas per currency and
 * chain; /currencies for the list and its own minimum). The service states no daily or monthly limit
 * and nothing of what is left of one, so the screen says so rather than inventing one.
 */
import { Composer } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, money } from "../../../domain/money.js";
import { Network } from "../../../service/schemas.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { declare } from "../../entries.js";

/** The Limits feature. */
export function limitsFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const entries = declare(composer.chatType("private"), { name: "limits", needsKey: true, helpTopic: "wallet" });
  entries.command({ command: "limits", descriptionKey: "limits-cmd" }, async (ctx) => {
    const found = await attempt(ctx, async () => {
      const { pay } = await clientsFor(deps, ctx.from.id);
      const currencies = await pay.getCurrencies({ kind: "crypto" });
      const pairs = currencies.flatMap((currency) =>
        currency.networks.flatMap((n) => {
          const chain = Network.safeParse(n.code);
          return chain.success ? [{ currency, chain: chain.data }] : [];
        }),
      );
      return Promise.all(
        pairs.map(async ({ currency, chain }) => ({
          currency,
          chain,
          quota: await pay.getWithdrawalQuotas({ network: chain, asset: currency.code }),
        })),
      );
    });
    if (!found.ok) return tellFailure(ctx, found);
    const lines = found.value.map(({ currency, chain, quota }) => {
      const asset = currency.code;
      const min = money.max(currency.minWithdrawal ?? "0", quota.withdrawMinSize);
      return ctx.t("limits-line", {
        asset,
        chain,
        min: formatAmount(min, asset),
        max: quota.withdrawMaxSize ? formatAmount(quota.withdrawMaxSize, asset) : ctx.t("limits-no-max"),
        fee: formatAmount(quota.withdrawFee, quota.withdrawFeeAsset),
      });
    });
    const body = lines.length > 0 ? lines.join("\n") : ctx.t("limits-none");
    await ctx.reply(`${ctx.t("limits-title")}\n\n${body}\n\n${ctx.t("limits-not-stated")}`);
  });
  return { manifest: entries.manifest, composer };
}
