/**
 * The market data an alert needs, public and without a key: the pairs and their price steps (read at
 * most once a minute per network), the pairs most traded in the default quote (the flow's first
 * buttons) and a pair's last price. A user with a linked key is priced on their key's network.
 */
import { money } from "../../../domain/money.js";
import type { NetworkName } from "../../../domain/networks.js";
import { DEFAULT_QUOTE, resolvePair, type SymbolLookup } from "../../../domain/symbols.js";
import type { BotDeps } from "../../context.js";

/** A pair as an alert needs it. */
export interface AlertPair {
  symbol: string;
  /** The pair's price step (priceIncrement): prices offered are on it, typed ones have its decimals at most. */
  step: string;
}

/** How long the pair list and the most traded pairs are reused. */
const CACHE_TTL_MS = 60_000;
/** Pairs offered as buttons on the flow's first step. */
const TOP_PAIRS = 6;

export type AlertMarket = ReturnType<typeof alertMarket>;

export function alertMarket(deps: Pick<BotDeps, "services" | "storage" | "now">) {
  const pairLists = new Map<NetworkName, { at: number; pairs: AlertPair[] }>();
  const topLists = new Map<NetworkName, { at: number; symbols: string[] }>();
  const fresh = (at: number) => deps.now().getTime() - at < CACHE_TTL_MS;
  const exchange = (network: NetworkName) => deps.services.public(network).exchange;

  async function pairs(network: NetworkName): Promise<AlertPair[]> {
    const cached = pairLists.get(network);
    if (cached && fresh(cached.at)) return cached.pairs;
    const { symbols } = await exchange(network).getSymbols();
    const list = symbols.map((s) => ({ symbol: s.symbol, step: s.priceIncrement })).sort((a, b) => a.symbol.localeCompare(b.symbol));
    pairLists.set(network, { at: deps.now().getTime(), pairs: list });
    return list;
  }

  return {
    /** Public prices come from the network of the user's key, production without one. */
    async networkOf(telegramId: number): Promise<NetworkName> {
      const user = await deps.storage.users.get(telegramId);
      return user?.hasKey ? user.network : "production";
    },

    /** What the person typed (any spelling, a base alone, lower case) as a pair, or suggestions. */
    async resolve(network: NetworkName, typed: string): Promise<{ ok: true; pair: AlertPair } | Extract<SymbolLookup, { ok: false }>> {
      const list = await pairs(network);
      const found = resolvePair(typed, list.map((p) => p.symbol));
      if (!found.ok) return found;
      return { ok: true, pair: list.find((p) => p.symbol === found.symbol)! };
    },

    /** The pairs quoted in the default quote with the most traded in a day, most first. */
    async topPairs(network: NetworkName): Promise<string[]> {
      const cached = topLists.get(network);
      if (cached && fresh(cached.at)) return cached.symbols;
      const { tickers } = await exchange(network).getTicker({ tickerType: "24h" });
      const quoted = tickers.filter((t) => t.symbol.endsWith(`-${DEFAULT_QUOTE}`));
      const ranked = (quoted.length > 0 ? quoted : tickers)
        .map((t) => ({ symbol: t.symbol, volume: t.quoteVolume }))
        .sort((a, b) => money.cmp(b.volume, a.volume) || a.symbol.localeCompare(b.symbol))
        .slice(0, TOP_PAIRS)
        .map((t) => t.symbol);
      topLists.set(network, { at: deps.now().getTime(), symbols: ranked });
      return ranked;
    },

    /** The pair's last price now; null when the service has none for it. */
    async last(network: NetworkName, symbol: string): Promise<string | null> {
      const { tickers } = await exchange(network).getTicker({ tickerType: "24h", symbols: [symbol] });
      return tickers.find((t) => t.symbol === symbol)?.last ?? null;
    },
  };
}
