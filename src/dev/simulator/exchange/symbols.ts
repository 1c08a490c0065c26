/**
 * The simulated exchange's trading pairs. Each pair's increments are chosen so that size × price never
 * has more decimals than the quote asset allows (pricePrecision + sizePrecision ≤ quote precision),
 * which keeps every balance representable in its asset's precision. Reference prices come from the
 * catalogue's USD rates, so the exchange agrees with `getRates`.
 */
import { money } from "../../../domain/money.js";
import type { SymbolInfo } from "../../../service/schemas.js";
import { findAsset } from "../catalogue.js";
import { problems } from "../problems.js";
import { floorToStep, stepDecimals } from "./steps.js";

/** A pair as the simulator keeps it; `symbolView` gives the contract's shape. */
export interface PairSpec {
  symbol: string;
  baseAsset: string;
  quoteAsset: string;
  status: "trading" | "halted";
  baseIncrement: string;
  quoteIncrement: string;
  priceIncrement: string;
  minSize: string;
  maxSize: string;
  minFunds: string;
  pricePrecision: number;
  sizePrecision: number;
  makerFeeRate: string;
  takerFeeRate: string;
}

/** Bounds the simulator does not enforce but the real symbol reply carries. */
const MAX_FUNDS = "100000000";
const MAX_PRICE = "1000000000";

const pair = (
  base: string,
  quote: string,
  steps: { price: string; size: string; funds: string },
  bounds: { minSize: string; maxSize: string; minFunds: string },
  options: { halted?: boolean; maker?: string; taker?: string } = {},
): PairSpec => ({
  symbol: `${base}-${quote}`,
  baseAsset: base,
  quoteAsset: quote,
  status: options.halted ? "halted" : "trading",
  baseIncrement: steps.size,
  quoteIncrement: steps.funds,
  priceIncrement: steps.price,
  ...bounds,
  pricePrecision: stepDecimals(steps.price),
  sizePrecision: stepDecimals(steps.size),
  makerFeeRate: options.maker ?? "0.001",
  takerFeeRate: options.taker ?? "0.002",
});

const USDT_FUNDS = { minFunds: "1" };

export const PAIRS: readonly PairSpec[] = [
  pair(
    "TONCOIN",
    "USDT",
    { price: "0.0001", size: "0.01", funds: "0.000001" },
    { minSize: "0.1", maxSize: "1000000", ...USDT_FUNDS },
    { maker: "0.0008", taker: "0.001" },
  ),
  pair(
    "BTC",
    "USDT",
    { price: "0.1", size: "0.00001", funds: "0.000001" },
    { minSize: "0.00001", maxSize: "50", ...USDT_FUNDS },
  ),
  pair(
    "ETH",
    "USDT",
    { price: "0.01", size: "0.0001", funds: "0.000001" },
    { minSize: "0.0001", maxSize: "1000", ...USDT_FUNDS },
  ),
  pair(
    "SOL",
    "USDT",
    { price: "0.01", size: "0.0001", funds: "0.000001" },
    { minSize: "0.001", maxSize: "10000", ...USDT_FUNDS },
  ),
  pair(
    "TRX",
    "USDT",
    { price: "0.00001", size: "0.1", funds: "0.000001" },
    { minSize: "1", maxSize: "10000000", ...USDT_FUNDS },
  ),
  pair(
    "TONCOIN",
    "BTC",
    { price: "0.00000001", size: "1", funds: "0.00000001" },
    { minSize: "1", maxSize: "1000000", minFunds: "0.00001" },
  ),
  // Halted on purpose: lets clients exercise the refusal of orders on a pair that does not trade.
  pair(
    "ETH",
    "BTC",
    { price: "0.00001", size: "0.001", funds: "0.00000001" },
    { minSize: "0.001", maxSize: "1000", minFunds: "0.00001" },
    { halted: true },
  ),
];

const bySymbol = new Map(PAIRS.map((p) => [p.symbol, p]));

/** The pair of a symbol code; 404 `not_found` when the exchange has no such pair. */
export function requirePair(symbol: string): PairSpec {
  const spec = bySymbol.get(symbol);
  if (spec === undefined) throw problems.notFound(`trading pair ${symbol}`, { symbol });
  return spec;
}

/** The pair of a symbol code, or undefined. */
export function findPair(symbol: string): PairSpec | undefined {
  return bySymbol.get(symbol);
}

/** The contract's view of a pair (fee rates are served by getTradeFees). */
export function symbolView(p: PairSpec): SymbolInfo {
  return {
    symbol: p.symbol,
    baseAsset: p.baseAsset,
    quoteAsset: p.quoteAsset,
    baseMinSize: p.minSize,
    quoteMinSize: p.minFunds,
    baseMaxSize: p.maxSize,
    quoteMaxSize: MAX_FUNDS,
    minPrice: p.priceIncrement,
    maxPrice: MAX_PRICE,
    baseIncrement: p.baseIncrement,
    quoteIncrement: p.quoteIncrement,
    priceIncrement: p.priceIncrement,
    enableTrading: p.status === "trading",
    openTime: null,
    precisions: [p.priceIncrement],
    labels: [],
  };
}

/** Decimal places of an asset from the catalogue (8 for an asset the catalogue lacks). */
export function assetPrecision(asset: string): number {
  return findAsset(asset)?.precision ?? 8;
}

/** USD price of one unit of an asset, from the catalogue. */
export function usdPrice(asset: string): string {
  return findAsset(asset)?.rates.USD ?? "1";
}

const references = new Map<string, string>();

/** The pair's reference price: base in USD over quote in USD, on the pair's price grid. */
export function referencePrice(spec: PairSpec): string {
  let price = references.get(spec.symbol);
  if (price === undefined) {
    const raw = money.div(usdPrice(spec.baseAsset), usdPrice(spec.quoteAsset), spec.pricePrecision + 2);
    price = floorToStep(raw, spec.priceIncrement);
    references.set(spec.symbol, price);
  }
  return price;
}
