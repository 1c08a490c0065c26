/**
 * Balances, rates and currencies: /balance (/balances) and the Balances button show the Payments
 * wallet next to the Exchange funding and trading balances, on the network the person acts on (named
 * in the title, switched with a button), each asset's worth and the total in the currency the person
 * picks (USD by default; docs/decisions/024-balances-worth.md); /rates and the Rates button price the
 * main assets in a chosen fiat; /currencies lists what the Payments interface handles; /move moves an
 * asset between the funding and trading balances through the shared confirmation.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import type { NetworkName } from "../../../domain/networks.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { enterFlow } from "../../flows.js";
import { menu } from "../../menu-data.js";
import type { UserRecord } from "../../../storage/types.js";
import { keptReads } from "../../shared/kept-reads.js";
import { userOnArrival } from "../../shared/user-on-arrival.js";
import { BALANCE_DATA } from "./callback-data.js";
import { FUNDING_DATA } from "../funding/callback-data.js";
import { declare } from "../../entries.js";
import { showInPlace } from "../../shared/show.js";
import { topUpButton, topUpText } from "../../shared/top-up.js";
import { MOVE_CONVERSATION, moveAction, moveConversation } from "./move.js";
import { addLinkKeyButton } from "../../shared/link-key.js";
import { addSwitchButton } from "../../shared/networks.js";
import { type BalanceSources, balancesText, currenciesTexts, FIATS, holdsNothing, ratesText } from "./view.js";
import { DEFAULT_FIAT, fiatRates } from "../../shared/worth.js";

// What other features use: the reply that offers a move when a balance falls short.
export { moveReply } from "./move.js";


/** How long the service's list of fiat currencies is kept. */
const FIAT_LIST_TTL_MS = 5 * 60_000;

/** Public clients on the network of the user's key (production when none is linked). */
async function publicClients(deps: BotDeps, telegramId: number) {
  const user = await deps.storage.users.get(telegramId);
  return deps.services.public(user?.network ?? "production");
}

/** The balances, rates, currencies and move flows, with the move registered as a confirmed action. */
export function balancesFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  // Rates and currencies are public; the network switch says itself when the new network has no key.
  const entries = declare(pm, { name: "balances", needsKey: true, helpTopic: "wallet" });
  actions.register(moveAction);


  /**
   * Reads both interfaces and the rates in the person's currency at once; one interface failing leaves
   * a note, both failing goes to the error boundary; rates failing leave the values out, with a note.
   * `user` is the person's row as it is now (the one read on arrival unless this update changed it).
   */
  const readBalances = async (ctx: BotContext, user: UserRecord | undefined): Promise<BalanceSources & { networkName: NetworkName }> => {
    const fiat = user?.fiat ?? DEFAULT_FIAT;
    const { pay, exchange, network } = await clientsFor(deps, ctx.from!.id, user?.network);
    const [payResult, exchangeResult, ratesResult] = await Promise.allSettled([
      pay.getAppBalances(),
      Promise.all([exchange.getFundingBalances(), exchange.getTradingBalances()]),
      // Shared by everyone valuing in one currency on one network for half a minute (decision 024).
      fiatRates(deps, network, fiat),
    ]);
    if (payResult.status === "rejected" && exchangeResult.status === "rejected") throw payResult.reason;
    if (payResult.status === "rejected") ctx.log.warn({ err: payResult.reason }, "pay balances unavailable");
    if (exchangeResult.status === "rejected") {
      ctx.log.warn({ err: exchangeResult.reason }, "exchange balances unavailable");
    }
    if (ratesResult.status === "rejected") ctx.log.warn({ err: ratesResult.reason, fiat }, "rates unavailable");
    return {
      network: ctx.t(`keys-network-${network}`),
      networkName: network,
      pay: payResult.status === "fulfilled" ? payResult.value.balances : null,
      exchange:
        exchangeResult.status === "fulfilled"
          ? { funding: exchangeResult.value[0].balances, trading: exchangeResult.value[1].balances }
          : null,
      valuation: {
        fiat,
        rates: ratesResult.status === "fulfilled" ? new Map(Object.entries(ratesResult.value.rates)) : null,
      },
    };
  };
  // With nothing anywhere, the way to add money comes first.
  const balancesKeyboard = (ctx: BotContext, src: BalanceSources & { networkName: NetworkName }, user: UserRecord | undefined) => {
    const kb = (holdsNothing(src) ? topUpButton(ctx.t, src.networkName).row() : new InlineKeyboard())
      .text(ctx.t("balances-refresh"), BALANCE_DATA.refresh.build({}))
      .text(ctx.t("balances-move-button"), BALANCE_DATA.move.build({}))
      .row()
      .text(ctx.t("funding-withdraw-button"), FUNDING_DATA.withdraw.build({}))
      .text(ctx.t("funding-moves-button"), FUNDING_DATA.movesPage.build({ page: 1 }))
      .row()
      .text(ctx.t("balances-fiat-button", { fiat: user?.fiat ?? DEFAULT_FIAT }), BALANCE_DATA.fiatPicker.build({}))
      .text(ctx.t("menu-rates"), menu("rates"))
      .row();
    return user ? addSwitchButton(kb, ctx.t, user, (n) => BALANCE_DATA.network.build({ network: n })) : kb;
  };
  const balancesView = (ctx: BotContext, src: BalanceSources & { networkName: NetworkName }) => {
    const table = balancesText(ctx.t, src);
    return holdsNothing(src) ? `${table}\n\n${topUpText(ctx.t, src.networkName, "any")}` : table;
  };
  const showBalances = async (ctx: BotContext) => {
    const user = await userOnArrival(deps.storage.users, ctx);
    const src = await readBalances(ctx, user);
    await ctx.reply(balancesView(ctx, src), { reply_markup: balancesKeyboard(ctx, src, user) });
  };
  /** In place of the message pressed; after a change to the person's row, pass the row read since. */
  const showBalancesInPlace = async (ctx: BotContext, user?: UserRecord) => {
    const current = user ?? (await userOnArrival(deps.storage.users, ctx));
    const src = await readBalances(ctx, current);
    await showInPlace(ctx, balancesView(ctx, src), { reply_markup: balancesKeyboard(ctx, src, current) });
  };
  entries.command({ command: "balance", descriptionKey: "balances-cmd-balance", aliases: ["balances"], featured: true }, showBalances);
  entries.menuButton({ button: "balances", menu: { labelKey: "menu-balances", row: 0, column: 0 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showBalances(ctx);
  });
  entries.callback(BALANCE_DATA.refresh, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showBalancesInPlace(ctx);
  });

  // The network switch in the balances' header: the same balances, read on the other network.
  entries.callback({ codec: BALANCE_DATA.network, open: true }, async (ctx) => {
    const network = ctx.match[1] as NetworkName;
    await ctx.answerCallbackQuery();
    await deps.storage.users.setNetwork(ctx.from.id, network);
    ctx.log.info({ network }, "network switched");
    const user = await deps.storage.users.get(ctx.from.id);
    if (!user?.hasKey) {
      // Back through the settings' switch: the balances' own buttons need a key on the active network.
      await showInPlace(ctx, ctx.t(`keys-switched-no-key-${network}`), {
        reply_markup: addSwitchButton(addLinkKeyButton(new InlineKeyboard(), ctx.t), ctx.t, { network }),
      });
      return;
    }
    await showBalancesInPlace(ctx, user);
  });

  // The currency balances are valued in: the ones the service lists as fiat (the usual three when
  // the list cannot be read), stored per person. The list changes rarely: kept a few minutes per network.
  const fiatLists = keptReads(deps, FIAT_LIST_TTL_MS, async (network: NetworkName) => {
    const listed = await deps.services.public(network).pay.getCurrencies({ kind: "fiat" });
    const codes = listed
      .filter((c) => c.kind === null || c.kind === "fiat")
      .map((c) => c.code)
      .filter((c) => /^[A-Z]{3,5}$/.test(c));
    return codes.length > 0 ? codes : [...FIATS];
  });
  const fiatChoices = async (ctx: BotContext): Promise<string[]> => {
    const network = (await deps.storage.users.get(ctx.from!.id))?.network ?? "production";
    try {
      return await fiatLists(network);
    } catch (err) {
      ctx.log.warn({ err }, "fiat currencies unavailable; offering the usual ones");
      return [...FIATS];
    }
  };
  entries.callback(BALANCE_DATA.fiatPicker, async (ctx) => {
    await ctx.answerCallbackQuery();
    const current = (await deps.storage.users.get(ctx.from.id))?.fiat ?? DEFAULT_FIAT;
    const kb = new InlineKeyboard();
    (await fiatChoices(ctx)).forEach((code, i) => {
      if (i > 0 && i % 4 === 0) kb.row();
      kb.text(code === current ? `• ${code}` : code, BALANCE_DATA.fiat.build({ fiat: code }));
    });
    kb.row().text(ctx.t("common-back"), BALANCE_DATA.refresh.build({}));
    await showInPlace(ctx, ctx.t("balances-fiat-pick", { fiat: current }), { reply_markup: kb });
  });
  entries.callback(BALANCE_DATA.fiat, async (ctx) => {
    const fiat = ctx.match[1] as string;
    await ctx.answerCallbackQuery();
    // Only a currency the service offers is stored (a forged or stale button changes nothing).
    if (!(await fiatChoices(ctx)).includes(fiat)) return showBalancesInPlace(ctx);
    await deps.storage.users.setFiat(ctx.from.id, fiat);
    await showBalancesInPlace(ctx, await deps.storage.users.get(ctx.from.id));
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
  entries.command({ command: "rates", descriptionKey: "balances-cmd-rates", openWithoutKey: true }, async (ctx) => {
    const asked = ctx.match.trim().toUpperCase();
    if ((FIATS as readonly string[]).includes(asked)) return showRates(ctx, asked);
    await ctx.reply(ctx.t("balances-rates-pick-fiat"), { reply_markup: fiatKeyboard(ctx) });
  });
  entries.menuButton({ button: "rates", menu: { labelKey: "menu-rates", row: 3, column: 1 }, openWithoutKey: true }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("balances-rates-pick-fiat"), { reply_markup: fiatKeyboard(ctx) });
  });
  entries.callback({ codec: BALANCE_DATA.rates, open: true }, async (ctx) => {
    const base = ctx.match[1] as string;
    await ctx.answerCallbackQuery();
    if (!(FIATS as readonly string[]).includes(base)) return;
    await showRates(ctx, base);
  });

  const showCurrencies = async (ctx: BotContext) => {
    const { pay } = await publicClients(deps, ctx.from!.id);
    for (const text of currenciesTexts(ctx.t, await pay.getCurrencies({ kind: "crypto" }))) await ctx.reply(text);
  };
  entries.command({ command: "currencies", descriptionKey: "balances-cmd-currencies", openWithoutKey: true }, showCurrencies);
  entries.callback({ codec: BALANCE_DATA.currencies, open: true }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCurrencies(ctx);
  });

  // A flow already under way is left for the new one (its own waits pass other buttons on anyway).
  const startMove = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, MOVE_CONVERSATION);
  };
  entries.command({ command: "move", descriptionKey: "balances-cmd-move" }, startMove);
  entries.callback(BALANCE_DATA.move, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startMove(ctx);
  });

  return {
    manifest: entries.manifest,
    composer,
    conversations: [{ id: MOVE_CONVERSATION, builder: moveConversation(deps, actions) }],
  };
}
