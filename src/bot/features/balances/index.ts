/**
 * Balances, rates and currencies: /balance (/balances) and the Balances button show the Payments
 * wallet next to the Exchange funding and trading balances; /rates and the Rates button price the
 * main assets in a chosen fiat; /currencies lists what the Payments interface handles; /move moves an
 * asset between the funding and trading balances through the shared confirmation.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { enterFlow } from "../../flows.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { BALANCE_DATA } from "./callback-data.js";
import { manifest } from "./manifest.js";
import { showInPlace } from "../../shared/show.js";
import { MOVE_CONVERSATION, moveAction, moveConversation } from "./move.js";
import { type BalanceSources, balancesText, currenciesTexts, FIATS, ratesText } from "./view.js";
import { menu } from "../../menu-data.js";

const FIAT_PATTERN = BALANCE_DATA.rates.pattern;

/** Public clients on the network of the user's key (production when none is linked). */
async function publicClients(deps: BotDeps, telegramId: number) {
  const user = await deps.storage.users.get(telegramId);
  return deps.services.public(user?.network ?? "production");
}

/** The balances, rates, currencies and move flows, with the move registered as a confirmed action. */
export function balancesFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  actions.register(moveAction);

  /** Reads both interfaces; one failing leaves a note, both failing goes to the error boundary. */
  const readBalances = async (ctx: BotContext): Promise<BalanceSources> => {
    const { pay, exchange } = await clientsFor(deps, ctx.from!.id);
    const [payResult, exchangeResult] = await Promise.allSettled([
      pay.getAppBalances(),
      Promise.all([exchange.getFundingBalances(), exchange.getTradingBalances()]),
    ]);
    if (payResult.status === "rejected" && exchangeResult.status === "rejected") throw payResult.reason;
    if (payResult.status === "rejected") ctx.log.warn({ err: payResult.reason }, "pay balances unavailable");
    if (exchangeResult.status === "rejected") {
      ctx.log.warn({ err: exchangeResult.reason }, "exchange balances unavailable");
    }
    return {
      pay: payResult.status === "fulfilled" ? payResult.value.balances : null,
      exchange:
        exchangeResult.status === "fulfilled"
          ? { funding: exchangeResult.value[0].balances, trading: exchangeResult.value[1].balances }
          : null,
    };
  };
  const balancesKeyboard = (ctx: BotContext) =>
    new InlineKeyboard()
      .text(ctx.t("balances-refresh"), BALANCE_DATA.refresh.build({}))
      .text(ctx.t("balances-move-button"), BALANCE_DATA.move.build({}))
      .row()
      .text(ctx.t("funding-withdraw-button"), "fnd:new")
      .text(ctx.t("funding-moves-button"), "fnd:tp:1")
      .row()
      .text(ctx.t("menu-rates"), menu("rates"));
  const showBalances = async (ctx: BotContext) => {
    const text = balancesText(ctx.t, await readBalances(ctx));
    await ctx.reply(text, { reply_markup: balancesKeyboard(ctx) });
  };
  pm.command(["balance", "balances"], showBalances);
  pm.callbackQuery(menu("balances"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showBalances(ctx);
  });
  pm.callbackQuery(BALANCE_DATA.refresh.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, balancesText(ctx.t, await readBalances(ctx)), {
      reply_markup: balancesKeyboard(ctx),
    });
  });

  // Rates: pick a fiat, then the rates replace the picker; the fiat buttons stay for switching.
  const fiatKeyboard = (ctx: BotContext, current?: string) => {
    const kb = new InlineKeyboard();
    for (const fiat of FIATS) kb.text(fiat === current ? `• ${fiat}` : fiat, BALANCE_DATA.rates.build({ fiat }));
    return kb.row().text(ctx.t("balances-currencies-button"), BALANCE_DATA.currencies.build({}));
  };
  const showRates = async (ctx: BotContext, base: string) => {
    const { pay } = await publicClients(deps, ctx.from!.id);
    const rates = await pay.getRates({ base });
    await showInPlace(ctx, ratesText(ctx.t, base, rates), { reply_markup: fiatKeyboard(ctx, base) });
  };
  pm.command("rates", async (ctx) => {
    const asked = ctx.match.trim().toUpperCase();
    if ((FIATS as readonly string[]).includes(asked)) return showRates(ctx, asked);
    await ctx.reply(ctx.t("balances-rates-pick-fiat"), { reply_markup: fiatKeyboard(ctx) });
  });
  pm.callbackQuery(menu("rates"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("balances-rates-pick-fiat"), { reply_markup: fiatKeyboard(ctx) });
  });
  pm.callbackQuery(FIAT_PATTERN, async (ctx) => {
    const base = ctx.match[1] as string;
    await ctx.answerCallbackQuery();
    if (!(FIATS as readonly string[]).includes(base)) return;
    await showRates(ctx, base);
  });

  const showCurrencies = async (ctx: BotContext) => {
    const { pay } = await publicClients(deps, ctx.from!.id);
    for (const text of currenciesTexts(ctx.t, await pay.getCurrencies({ kind: "crypto" }))) await ctx.reply(text);
  };
  pm.command("currencies", showCurrencies);
  pm.callbackQuery(BALANCE_DATA.currencies.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCurrencies(ctx);
  });

  // A flow already under way is left for the new one (its own waits pass other buttons on anyway).
  const startMove = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, MOVE_CONVERSATION);
  };
  pm.command("move", startMove);
  pm.callbackQuery(BALANCE_DATA.move.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await startMove(ctx);
  });

  return {
    manifest,
    composer,
    conversations: [{ id: MOVE_CONVERSATION, builder: moveConversation(deps, actions) }],
  };
}
