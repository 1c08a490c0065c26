/**
 * The /trade conversation: pair (only pairs that trade) → side → type → for a limit order the price
 * (best bid and ask shown as a hint) → the amount (funds for a market buy, a size otherwise), each
 * checked against the pair's rules and the trading balance and asked again when wrong → an estimate
 * → the shared confirmation. Service reads and the proposal run inside `conversation.external` and
 * return plain JSON; the order itself is placed only when Confirm is pressed (see actions.ts).
 */
import { clientsFor } from "../../../accounts/clients.js";
import { floorToStep, formatAmount, money } from "../../../domain/money.js";
import type { NetworkName } from "../../../domain/networks.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import {
  acceptingFiat,
  askCheckedAmount,
  askChoice,
  askSymbol,
  cancelRow,
  fiatHint,
  type QuickAmounts,
  waitAnswer,
} from "../../shared/inputs.js";
import { worthFor, worthsOf } from "../../shared/worth.js";
import { topUpReply } from "../../shared/top-up.js";
import { moveReply } from "../balances/index.js";
import { ORDER_KIND, type OrderPayload } from "./actions.js";
import {
  affordableSize,
  type Checked,
  checkFunds,
  checkPrice,
  checkSize,
  checkStopPrice,
  committed,
  type Estimate,
  type Side,
  triggersOnRise,
} from "../../shared/trade-rules.js";
import { type FeeRates, feeRatesOf } from "../../shared/trade-fees.js";
import { orderSummary } from "./view.js";

export const TRADE_CONVERSATION = "trade-new";

/** Available amounts of the trading balance per asset. */
type Balances = Record<string, string>;

/**
 * Pairs open for trading and the trading balance, read once at the start; the funding balance and
 * the network too, for saying where money for an order comes from when the trading balance lacks it.
 */
async function loadStart(
  deps: BotDeps,
  telegramId: number,
): Promise<{ pairs: SymbolInfo[]; balances: Balances; funding: Balances; network: NetworkName }> {
  const { exchange, network } = await clientsFor(deps, telegramId);
  const [{ symbols }, { balances }, { balances: funding }] = await Promise.all([
    exchange.getSymbols(),
    exchange.getTradingBalances(),
    exchange.getFundingBalances(),
  ]);
  const available = (list: typeof balances) => Object.fromEntries(list.map((b) => [b.asset, b.available]));
  return {
    // A pair closed for trading refuses every order, so it is not offered.
    pairs: symbols.filter((s) => s.enableTrading),
    balances: available(balances),
    funding: available(funding),
    network,
  };
}

/**
 * Nothing (or too little) to trade with: the trading balance's shortfall told, then the way on: the
 * funding balance's amount with Move when it has some, else a deposit onto the Exchange.
 */
async function tellNoTradingFunds(ctx: ConvContext, why: string, funding: Balances, network: NetworkName, asset?: string) {
  const onFunding = Object.entries(funding).filter(([a, v]) => (asset === undefined || a === asset) && money.isPositive(v));
  const reply =
    onFunding.length > 0
      ? moveReply(ctx.t, why, onFunding.map(([a, v]) => formatAmount(v, a)).join(", "))
      : topUpReply(ctx.t, network, why, "exchange", asset);
  await ctx.reply(reply.text, { reply_markup: reply.keyboard });
}

/** Best bid and ask (null when that side of the book is empty) and the last price (stop orders). */
async function loadBook(
  deps: BotDeps,
  telegramId: number,
  symbol: string,
): Promise<{ bid: string | null; ask: string | null; last: string | null }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [book, { tickers }] = await Promise.all([
    exchange.getOrderbook({ symbol, depth: 5 }),
    exchange.getTicker({ tickerType: "24h", symbols: [symbol] }),
  ]);
  return { bid: book.bids[0]?.[0] ?? null, ask: book.asks[0]?.[0] ?? null, last: tickers[0]?.last ?? null };
}

/**
 * The estimate of the order, the pair's fee rates for this account and the trading balance as it is
 * now (it may have moved meanwhile).
 */
async function loadEstimate(
  deps: BotDeps,
  telegramId: number,
  terms: OrderPayload,
): Promise<{ estimate: Estimate; balances: Balances; rates: FeeRates | null }> {
  const { exchange } = await clientsFor(deps, telegramId);
  const [estimate, { balances }, rates] = await Promise.all([
    exchange.estimateOrder(terms),
    exchange.getTradingBalances(),
    feeRatesOf(exchange, terms.symbol),
  ]);
  return { estimate, balances: Object.fromEntries(balances.map((b) => [b.asset, b.available])), rates: rates ?? null };
}

/** Asks for a typed value until `check` accepts it; its refusals are explained in the user's language. */
async function askChecked(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  check: (text: string) => Checked,
): Promise<string> {
  await ctx.reply(prompt, { reply_markup: cancelRow(ctx) });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind !== "text") continue;
    const checked = check(answer.text);
    if (checked.ok) return checked.value;
    await answer.ctx.reply(ctx.t(checked.error.key, checked.error.vars), { reply_markup: cancelRow(ctx) });
  }
}

/**
 * Max (and 25 % / 50 %) of an order's size: a sell its whole base balance, a buy at a known price what
 * the quote balance pays for, both on the size grid (the Exchange takes its fee from what the order
 * receives, so nothing is kept back for it). A stop-market buy holds more than its stop price tells
 * (a band above it), so it gets no Max.
 */
function quickSize(
  pair: SymbolInfo,
  c: { side: Side; type: OrderPayload["type"]; price?: string; availableBase: string; availableQuote: string },
): QuickAmounts | undefined {
  const step = pair.baseIncrement;
  const asset = pair.baseAsset;
  if (c.side === "sell") return { max: money.min(floorToStep(c.availableBase, step), pair.baseMaxSize), step, asset };
  if (c.type === "stopMarket" || c.price === undefined) return undefined;
  return { max: affordableSize(pair, c.price, c.availableQuote), step, asset };
}

const priceOrDash = (ctx: ConvContext, price: string | null, asset: string) =>
  price === null ? ctx.t("trade-book-empty") : formatAmount(price, asset);

/** Builds the conversation; `deps` and `actions` are closed over, never stored in conversation state. */
export function tradeConversation(deps: BotDeps, actions: ActionRegistry) {
  /** `preset`: the pair chosen already (the Trade button under a pair's card). */
  return async function trade(conversation: BotConversation, ctx: ConvContext, preset?: string): Promise<void> {
    const telegramId = ctx.from?.id;
    if (telegramId === undefined) return;

    const start = await conversation.external((octx) => attempt(octx, () => loadStart(deps, telegramId)));
    if (!start.ok) return tellFailure(ctx, start);
    const { pairs, funding, network } = start.value;
    let balances = start.value.balances;
    if (pairs.length === 0) {
      await ctx.reply(ctx.t("trade-no-pairs"));
      return;
    }
    if (!Object.values(balances).some((v) => money.isPositive(v))) {
      return tellNoTradingFunds(ctx, ctx.t("trade-empty"), funding, network);
    }

    const symbol =
      preset !== undefined && pairs.some((p) => p.symbol === preset)
        ? preset
        : await askSymbol(
            conversation,
            ctx,
            ctx.t("trade-ask-pair"),
            pairs.map((p) => p.symbol),
          );
    const pair = pairs.find((p) => p.symbol === symbol)!;
    const { baseAsset: base, quoteAsset: quote } = pair;
    // Read once: the prompts' rates, a fiat amount's conversion and the summary's worths agree.
    const worths = await conversation.external(() => worthsOf(deps, telegramId, [base, quote]));

    const side = (await askChoice(
      conversation,
      ctx,
      ctx.t("trade-ask-side", { pair: symbol, base }),
      [
        { label: ctx.t("trade-side-buy-button"), value: "buy" },
        { label: ctx.t("trade-side-sell-button"), value: "sell" },
      ],
      2,
    )) as Side;
    const buy = side === "buy";

    // Not even the smallest order fits the balance: say so now rather than after three more questions.
    const spentAsset = buy ? quote : base;
    const smallest = buy ? pair.quoteMinSize : pair.baseMinSize;
    const spendable = balances[spentAsset] ?? "0";
    if (money.lt(spendable, smallest)) {
      const why = ctx.t("trade-not-enough", {
        available: formatAmount(spendable, spentAsset),
        min: formatAmount(smallest, spentAsset),
      });
      return tellNoTradingFunds(ctx, why, funding, network, spentAsset);
    }

    const type = (await askChoice(
      conversation,
      ctx,
      ctx.t("trade-ask-type"),
      [
        { label: ctx.t("trade-type-market-button"), value: "market" },
        { label: ctx.t("trade-type-limit-button"), value: "limit" },
        { label: ctx.t("trade-type-stopLimit-button"), value: "stopLimit" },
        { label: ctx.t("trade-type-stopMarket-button"), value: "stopMarket" },
      ],
      1,
    )) as OrderPayload["type"];
    const isStop = type === "stopLimit" || type === "stopMarket";

    const book = await conversation.external((octx) =>
      attempt(octx, () => loadBook(deps, telegramId, symbol)),
    );
    if (!book.ok) return tellFailure(ctx, book);
    const bookLine = ctx.t("trade-book", {
      bid: priceOrDash(ctx, book.value.bid, quote),
      ask: priceOrDash(ctx, book.value.ask, quote),
    });

    let stopPrice: string | undefined;
    const last = book.value.last;
    if (isStop) {
      if (last === null) {
        await ctx.reply(ctx.t("trade-stop-no-last"));
        return;
      }
      stopPrice = await askChecked(
        conversation,
        ctx,
        ctx.t("trade-ask-stop", {
          base,
          quote,
          last: formatAmount(last, quote),
          step: formatAmount(pair.priceIncrement, quote),
          hint: ctx.t(buy ? "trade-stop-hint-buy" : "trade-stop-hint-sell"),
        }),
        (text) => checkStopPrice(text, pair, last),
      );
      await ctx.reply(
        ctx.t(triggersOnRise(stopPrice, last) ? "trade-stop-will-rise" : "trade-stop-will-fall", {
          stop: formatAmount(stopPrice, quote),
        }),
      );
    }

    let price: string | undefined;
    if (type === "limit" || type === "stopLimit") {
      price = await askChecked(
        conversation,
        ctx,
        [
          type === "stopLimit"
            ? ctx.t("trade-ask-limit-price", {
                base,
                quote,
                stop: formatAmount(stopPrice!, quote),
                step: formatAmount(pair.priceIncrement, quote),
              })
            : ctx.t("trade-ask-price", { base, quote, step: formatAmount(pair.priceIncrement, quote) }),
          bookLine,
        ].join("\n"),
        (text) => checkPrice(text, pair),
      );
    }

    /** Asks the amount against the balances known now; returns the order's terms. */
    const askTerms = async (known: Balances): Promise<OrderPayload> => {
      const availableBase = known[base] ?? "0";
      const availableQuote = known[quote] ?? "0";
      if (type === "market" && buy) {
        const funds = await askCheckedAmount(
          conversation,
          ctx,
          [
            ctx.t("trade-ask-funds", {
              base,
              quote,
              available: formatAmount(availableQuote, quote),
              min: formatAmount(pair.quoteMinSize, quote),
            }) + fiatHint(ctx, worthFor(worths, quote)),
            bookLine,
          ].join("\n"),
          acceptingFiat((text) => checkFunds(text, pair, availableQuote), worthFor(worths, quote), pair.quoteIncrement),
          // The fee is taken from what is bought, so Max spends the whole quote balance.
          { max: floorToStep(availableQuote, pair.quoteIncrement), step: pair.quoteIncrement, asset: quote },
        );
        return { symbol, side, type: "market", timeInForce: "IOC", funds };
      }
      const rules = {
        min: formatAmount(pair.baseMinSize, base),
        step: formatAmount(pair.baseIncrement, base),
      };
      // A stop-market buy is priced at its stop for what it may cost.
      const costPrice = price ?? stopPrice;
      const prompt =
        buy && costPrice !== undefined
          ? ctx.t("trade-ask-size-buy", {
              ...rules,
              base,
              price: formatAmount(costPrice, quote),
              available: formatAmount(availableQuote, quote),
              max: formatAmount(affordableSize(pair, costPrice, availableQuote), base),
            })
          : ctx.t("trade-ask-size-sell", { ...rules, base, available: formatAmount(availableBase, base) });
      const size = await askCheckedAmount(
        conversation,
        ctx,
        (type === "market" ? [prompt, bookLine].join("\n") : prompt) + fiatHint(ctx, worthFor(worths, base)),
        acceptingFiat(
          (text) => checkSize(text, pair, { side, availableBase, availableQuote, ...(costPrice ? { price: costPrice } : {}) }),
          worthFor(worths, base),
          pair.baseIncrement,
        ),
        quickSize(pair, { side, type, availableBase, availableQuote, ...(costPrice ? { price: costPrice } : {}) }),
      );
      if (type === "stopLimit") return { symbol, side, type, timeInForce: "GTC", size, price: price!, stopPrice: stopPrice! };
      if (type === "stopMarket") return { symbol, side, type, timeInForce: "IOC", size, stopPrice: stopPrice! };
      return price === undefined
        ? { symbol, side, type: "market", timeInForce: "IOC", size }
        : { symbol, side, type: "limit", timeInForce: "GTC", size, price };
    };

    let terms = await askTerms(balances);
    let estimate: Estimate;
    let rates: FeeRates | null;
    for (;;) {
      const quoted = await conversation.external((octx) =>
        attempt(octx, () => loadEstimate(deps, telegramId, terms)),
      );
      if (!quoted.ok) return tellFailure(ctx, quoted);
      estimate = quoted.value.estimate;
      balances = quoted.value.balances;
      rates = quoted.value.rates;
      // The balance may have moved while the user typed: the order must still be covered now.
      const availableNow = balances[spentAsset] ?? "0";
      if (money.lte(committed(terms), availableNow)) break;
      if (money.lt(availableNow, smallest)) {
        const why = ctx.t("trade-not-enough", {
          available: formatAmount(availableNow, spentAsset),
          min: formatAmount(smallest, spentAsset),
        });
        return tellNoTradingFunds(ctx, why, funding, network, spentAsset);
      }
      await ctx.reply(ctx.t("trade-balance-changed", { available: formatAmount(availableNow, spentAsset) }));
      terms = await askTerms(balances);
    }
    if (type === "market" && !money.isPositive(estimate.size)) {
      await ctx.reply(ctx.t("trade-no-liquidity"));
      return;
    }

    const summary = orderSummary(ctx.t, terms, estimate, balances, last ?? undefined, rates ?? undefined, worths);
    const payload = { ...terms, ...(worths.length > 0 ? { worths } : {}) };
    const proposed = await conversation.external((octx) =>
      attempt(octx, () => proposeAction(octx, deps, actions, { kind: ORDER_KIND, payload, summary })),
    );
    if (!proposed.ok) await tellFailure(ctx, proposed);
  };
}
