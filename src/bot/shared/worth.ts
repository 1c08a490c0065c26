/**
 * What an amount is worth in the person's chosen fiat currency (the one /balance values in): the
 * service's rate of the asset, read on the person's network and shared by everyone for half a minute,
 * shown with ≈ beside crypto amounts; and the rate an amount typed in that currency is converted at.
 */
import { z } from "zod";
import { formatFiatRate, money } from "../../domain/money.js";
import { AssetCode, Decimal } from "../../service/schemas.js";
import type { Translate } from "../../domain/translate.js";
import { approxText } from "../../domain/worth.js";
import type { NetworkName } from "../../domain/networks.js";
import type { BotDeps } from "../context.js";
import { keptReads } from "./kept-reads.js";

/** The currency worth is shown in when the person chose none (as /balance). */
export const DEFAULT_FIAT = "USD";
/** How long rates are kept per network and currency: worth is approximate, and readers share one read. */
const RATES_TTL_MS = 30_000;

/**
 * One asset's worth in the person's fiat: 1 `asset` = `rate` `fiat`. Plain JSON: flows keep it, and an
 * action's payload keeps the one its summary showed, so its result and receipt say what it was worth then.
 */
export const Worth = z.object({ asset: AssetCode, fiat: z.string().regex(/^[A-Z]{3}$/), rate: Decimal });
export type Worth = z.infer<typeof Worth>;

type RatesReader = (key: `${NetworkName}:${string}`) => Promise<{ rates: Record<string, string> }>;
const readers = new WeakMap<object, RatesReader>();

/** The rates of every asset in `fiat` on `network` (kept RATES_TTL_MS, one read shared). */
export function fiatRates(deps: Pick<BotDeps, "now" | "services">, network: NetworkName, fiat: string): Promise<{ rates: Record<string, string> }> {
  let reader = readers.get(deps.services);
  if (!reader) {
    reader = keptReads(deps, RATES_TTL_MS, async (key: `${NetworkName}:${string}`) => {
      const [net, base] = key.split(":") as [NetworkName, string];
      const list = await deps.services.public(net).pay.getRates({ base });
      return { rates: Object.fromEntries(list.map((r) => [r.currency, r.rate])) };
    });
    readers.set(deps.services, reader);
  }
  return reader(`${network}:${fiat}`);
}

/**
 * The person's fiat and the rate of `asset` in it, or undefined when the service gives none (or
 * cannot be reached: worth is left out then, never guessed).
 */
export async function worthOf(deps: BotDeps, telegramId: number, asset: string): Promise<Worth | undefined> {
  return (await worthsOf(deps, telegramId, [asset]))[0];
}

/**
 * The person's fiat and the rates of `assets` in it (one read of the shared rates), those the service
 * rates only; empty when it cannot be reached (worth is left out then, never guessed).
 */
export async function worthsOf(deps: BotDeps, telegramId: number, assets: readonly string[]): Promise<Worth[]> {
  const user = await deps.storage.users.get(telegramId);
  const fiat = user?.fiat ?? DEFAULT_FIAT;
  try {
    const { rates } = await fiatRates(deps, user?.network ?? "production", fiat);
    return [...new Set(assets)].flatMap((asset) => {
      const rate = rates[asset];
      return rate !== undefined && money.isPositive(rate) ? [{ asset, fiat, rate }] : [];
    });
  } catch {
    return [];
  }
}

/** The worth of `asset` among `worths`, if one is there. */
export function worthFor(worths: readonly Worth[] | undefined, asset: string): Worth | undefined {
  return worths?.find((w) => w.asset === asset);
}

/** The worths an action's payload kept (when it is a list of them), for its result and receipt. */
export function keptWorths(payload: { worths?: unknown }): Worth[] {
  const kept = z.array(Worth).safeParse(payload.worths);
  return kept.success ? kept.data : [];
}

/** " (≈ 12.35 USD)" after `amount` of `asset` when `worths` has its rate, or nothing. */
export function withWorthOf(t: Translate, amount: string, asset: string, worths: readonly Worth[] | undefined): string {
  return withWorth(t, amount, worthFor(worths, asset));
}

/** The summary's "Worth: ≈ …" and "Rate: 1 X ≈ …" lines, or none without a worth. */
export function worthLines(t: Translate, amount: string, worth: Worth | undefined): string[] {
  return worth ? [t("withdraw-field-worth", { worth: worthText(t, amount, worth) }), ...rateLines(t, [worth])] : [];
}

/** A result's text followed by "Worth then: ≈ …" when its payload kept a worth. */
export function withWorthThen(t: Translate, text: string, amount: string, worth: Worth | undefined): string {
  return worth ? `${text}\n${t("worth-then", { worth: worthText(t, amount, worth) })}` : text;
}

/** "Rate: 1 X ≈ …" for each of `worths`. */
export function rateLines(t: Translate, worths: readonly Worth[]): string[] {
  return worths.map((w) => t("worth-rate", { asset: w.asset, fiat: w.fiat, rate: formatFiatRate(w.rate, w.fiat) }));
}

/** "≈ 12.35 USD" for `amount` of the worth's asset; empty without a worth. */
export function worthText(t: Translate, amount: string, worth: Worth | undefined): string {
  return worth ? approxText(t, amount, worth) : "";
}

/** The worth an action's payload kept (when it is one), for its result and receipt. */
export function keptWorth(payload: { worth?: unknown }): Worth | undefined {
  const kept = Worth.safeParse(payload.worth);
  return kept.success ? kept.data : undefined;
}

/** " (≈ 12.35 USD)" after an amount, or nothing. */
export function withWorth(t: Translate, amount: string, worth: Worth | undefined): string {
  return worth ? ` (${worthText(t, amount, worth)})` : "";
}

/**
 * The amount of the asset an amount typed in fiat buys at the worth's rate, rounded down to
 * `decimals` (never worth more than typed).
 */
export function fromFiat(fiatAmount: string, worth: Worth, decimals: number): string {
  return money.div(fiatAmount, worth.rate, decimals);
}
