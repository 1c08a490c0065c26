/**
 * Texts of the balances feature, built from service replies: the balance table (Payments next to the
 * Exchange funding and trading balances), fiat rates and the currency list. Pure functions of their
 * input and a translate function, so the handlers only fetch and send.
 */
import { fiatDecimals, formatAmount, formatFiat, formatFiatRate, formatOptionalAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { AccountBalance, Currency, PayBalance, Rate } from "../../../service/schemas.js";

/** Assets listed first wherever assets are listed; the rest follow alphabetically. */
export const MAIN_ASSETS = ["USDT", "TONCOIN", "BTC", "ETH", "SOL", "TRX"] as const;
/** Fiat currencies offered for rates; the service quotes these. */
export const FIATS = ["USD", "EUR", "RUB"] as const;
/** The currency balances are valued in until the person picks another. */
/** Below Telegram's 4096-character limit for a message, with room for a header. */
const MESSAGE_BUDGET = 3800;

/** Main assets first (in MAIN_ASSETS order), then the others alphabetically. */
export function byAssetOrder(a: string, b: string): number {
  const rank = (x: string) => {
    const i = (MAIN_ASSETS as readonly string[]).indexOf(x);
    return i < 0 ? MAIN_ASSETS.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** What one side of the view holds, or null when that side could not be read. */
export interface BalanceSources {
  pay: PayBalance[] | null;
  exchange: { funding: AccountBalance[]; trading: AccountBalance[] } | null;
  /** The network the balances are on (named in the title). */
  network?: string;
  /** The service's rates in the person's currency (asset → price of one unit); null when unreadable. */
  valuation?: { fiat: string; rates: ReadonlyMap<string, string> | null };
}

/** The worth of each asset held and their total, in one currency; assets without a rate are named. */
export interface Worth {
  perAsset: Map<string, string>;
  total: string;
  unrated: string[];
}

/**
 * Values every asset's whole holding (Pay, funding and trading, held amounts included) at `rates`:
 * exact decimal products, summed exactly; rounding to the cent happens only when shown (formatFiat).
 */
export function worthOf(holdings: ReadonlyMap<string, string>, rates: ReadonlyMap<string, string>): Worth {
  const perAsset = new Map<string, string>();
  const unrated: string[] = [];
  for (const [asset, amount] of holdings) {
    const rate = rates.get(asset);
    if (rate === undefined) unrated.push(asset);
    else perAsset.set(asset, money.mul(amount, rate));
  }
  return { perAsset, total: money.sum(perAsset.values()), unrated };
}

const isZero = (b: { available: string; holds: string } | undefined) =>
  b === undefined || (money.isZero(b.available) && money.isZero(b.holds));

/** Both sides read and nothing anywhere, held amounts included: the view is a dead end. */
export function holdsNothing(src: BalanceSources): boolean {
  if (src.pay === null || src.exchange === null) return false;
  return [...src.pay, ...src.exchange.funding, ...src.exchange.trading].every((b) => isZero(b));
}

/** The balance table: one line per asset that is not zero everywhere, plus notes for missing sides. */
export function balancesText(t: Translate, src: BalanceSources): string {
  const pay = new Map((src.pay ?? []).map((b) => [b.asset, b]));
  const funding = new Map((src.exchange?.funding ?? []).map((b) => [b.asset, b]));
  const trading = new Map((src.exchange?.trading ?? []).map((b) => [b.asset, b]));
  const assets = [...new Set([...pay.keys(), ...funding.keys(), ...trading.keys()])]
    .filter((a) => !(isZero(pay.get(a)) && isZero(funding.get(a)) && isZero(trading.get(a))))
    .sort(byAssetOrder);

  const missing = t("balances-missing");
  const exchangeSide = (b: AccountBalance | undefined) => {
    if (src.exchange === null) return missing;
    if (b === undefined) return formatAmount("0");
    return money.isZero(b.holds)
      ? formatAmount(b.available)
      : t("balances-with-held", { available: formatAmount(b.available), held: formatAmount(b.holds) });
  };
  // Every asset's whole holding, for its worth in the person's currency.
  const holding = (asset: string) =>
    money.sum(
      [pay.get(asset), funding.get(asset), trading.get(asset)].flatMap((b) => (b ? [b.available, b.holds] : [])),
    );
  const valuation = src.valuation;
  const worth =
    valuation?.rates != null ? worthOf(new Map(assets.map((a) => [a, holding(a)])), valuation.rates) : undefined;
  const lines = assets.map((asset) => {
    const p = pay.get(asset);
    const line = t("balances-line", {
      asset,
      pay:
        src.pay === null
          ? missing
          : money.isZero(p?.holds ?? "0")
            ? formatAmount(p?.available ?? "0")
            : t("balances-with-held", { available: formatAmount(p?.available ?? "0"), held: formatAmount(p?.holds ?? "0") }),
      funding: exchangeSide(funding.get(asset)),
      trading: exchangeSide(trading.get(asset)),
    });
    const value = worth?.perAsset.get(asset);
    return value === undefined || valuation === undefined ? line : `${line} ≈ ${formatFiat(value, valuation.fiat)}`;
  });

  // Every figure carries its label (Pay, Funding, Trading): the view reads without a legend.
  const title = src.network === undefined ? t("balances-title") : t("balances-title-network", { network: src.network });
  const parts = [title, ""];
  parts.push(...(lines.length > 0 ? lines : [t("balances-all-zero")]));
  if (valuation !== undefined && lines.length > 0) {
    if (worth === undefined) parts.push("", t("balances-rates-unavailable", { fiat: valuation.fiat }));
    else {
      parts.push("", t("balances-total", { value: formatFiat(worth.total, valuation.fiat) }));
      if (worth.unrated.length > 0) {
        parts.push(t("balances-no-rate", { fiat: valuation.fiat, assets: worth.unrated.join(", ") }));
      }
      parts.push(t("balances-rates-note", { fiat: valuation.fiat, decimals: fiatDecimals(valuation.fiat) }));
    }
  }
  if (src.pay === null) parts.push("", t("balances-pay-unavailable"));
  if (src.exchange === null) parts.push("", t("balances-exchange-unavailable"));
  return parts.join("\n");
}

/** Rates of the main assets first, then the others, as "1 BTC = 65 000 USD". */
export function ratesText(t: Translate, base: string, rates: Rate[]): string {
  const lines = [...rates]
    .sort((a, b) => byAssetOrder(a.currency, b.currency))
    .map((r) => t("balances-rates-line", { asset: r.currency, rate: formatFiatRate(r.rate, base) }));
  return [t("balances-rates-title", { base }), "", ...(lines.length > 0 ? lines : [t("common-none")])].join(
    "\n",
  );
}

/** The currency list, split into messages that fit Telegram's limit. */
export function currenciesTexts(t: Translate, currencies: Currency[]): string[] {
  const blocks = [...currencies]
    .sort((a, b) => byAssetOrder(a.code, b.code))
    .map((c) =>
      [
        t("balances-currencies-head", {
          asset: c.code,
          name: c.title ?? c.code,
          precision: c.precision ?? t("balances-missing"),
        }),
        t("balances-currencies-minimums", {
          transfer: formatOptionalAmount(c.minTransfer, undefined),
          cheque: formatOptionalAmount(c.minCheque, undefined),
          invoice: formatOptionalAmount(c.minInvoice, undefined),
          withdrawal: formatOptionalAmount(c.minWithdrawal, undefined),
        }),
        t("balances-currencies-networks", {
          networks: c.networks.length > 0 ? c.networks.map((n) => n.code).join(", ") : t("balances-missing"),
        }),
      ].join("\n"),
    );
  if (blocks.length === 0) return [`${t("balances-currencies-title")}\n\n${t("common-none")}`];
  const messages: string[] = [];
  let current = t("balances-currencies-title");
  for (const block of blocks) {
    if (current.length + block.length + 2 > MESSAGE_BUDGET) {
      messages.push(current);
      current = block;
    } else {
      current = `${current}\n\n${block}`;
    }
  }
  messages.push(current);
  return messages;
}
