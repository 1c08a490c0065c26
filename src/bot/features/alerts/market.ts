/**
 * The market data an alert needs, public and without a key: the pairs and their price steps (read at
 * most once a minute per network), the pairs most traded in the default quote (the flow's first
 * buttons) and a pair's last price, on the network the person acts on (key or no key).
 */
import { money } from "../../../domain/money.js";
import type { NetworkName } from "../../../domain/networks.js";
import { DEFAULT_QUOTES, resolveSymbol, type SymbolLookup } from "../../../domain/symbols.js";
import type { BotDeps } from "../../context.js";
import { keptReads } from "../../shared/kept-reads.js";

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
  const exchange = (network: NetworkName) => deps.services.public(network).exchange;

  const pairs = keptReads(deps, CACHE_TTL_MS, async (network: NetworkName) => {
    const { symbols } = await exchange(network).getSymbols();
    return symbols.map((s) => ({ symbol: s.symbol, step: s.priceIncrement })).sort((a, b) => a.symbol.localeCompare(b.symbol));
  });

  const mostTraded = keptReads(deps, CACHE_TTL_MS, async (network: NetworkName) => {
    const { tickers } = await exchange(network).getTicker({ tickerType: "24h" });
    const quoted = tickers.filter((t) => DEFAULT_QUOTES.some((q) => t.symbol.endsWith(`-${q}`)));
    return (quoted.length > 0 ? quoted : tickers)
      .map((t) => ({ symbol: t.symbol, volume: t.quoteVolume }))
      .sort((a, b) => money.cmp(b.volume, a.volume) || a.symbol.localeCompare(b.symbol))
      .slice(0, TOP_PAIRS)
      .map((t) => t.symbol);
  });

  return {
    /** Public prices come from the network the person acts on, as /settings shows it: production until they choose testnet. */
    async networkOf(telegramId: number): Promise<NetworkName> {
      const user = await deps.storage.users.get(telegramId);
      return user?.network ?? "production";
    },

    /** What the person typed (any spelling, a base alone, lower case) as a pair, or suggestions. */
    async resolve(network: NetworkName, typed: string): Promise<{ ok: true; pair: AlertPair } | Extract<SymbolLookup, { ok: false }>> {
      const list = await pairs(network);
      const found = resolveSymbol(typed, list.map((p) => p.symbol));
      if (!found.ok) return found;
      return { ok: true, pair: list.find((p) => p.symbol === found.symbol)! };
    },

    /**
     * The pairs quoted in the default quote most traded in a day, most first; the pair list is read
     * beside them, so the answer to the first step finds it ready.
     */
    async topPairs(network: NetworkName): Promise<string[]> {
      const [top] = await Promise.all([mostTraded(network), pairs(network)]);
      return top;
    },

    /** The pair's last price now; null when the service has none for it. */
    async last(network: NetworkName, symbol: string): Promise<string | null> {
      const { tickers } = await exchange(network).getTicker({ tickerType: "24h", symbols: [symbol] });
      return tickers.find((t) => t.symbol === symbol)?.last ?? null;
    },
  };
}
