/**
 * What an amount is worth in a person's chosen fiat currency, for the engines that write to people
 * (notices, mass transfers): the bot reads the rate and hands a reader in.
 */
import { formatFiat, money } from "./money.js";
import type { Translate } from "./translate.js";

/** 1 `asset` = `rate` `fiat` (the service's rate). */
export interface FiatWorth {
  asset: string;
  fiat: string;
  rate: string;
}

/** A person's fiat and an asset's rate in it now; undefined when there is none to tell. */
export type WorthReader = (telegramId: number, asset: string) => Promise<FiatWorth | undefined>;

/** "≈ 12.35 USD" for `amount` at the worth's rate. */
export function approxText(t: Translate, amount: string, worth: FiatWorth): string {
  return t("worth-approx", { value: formatFiat(money.mul(amount, worth.rate), worth.fiat) });
}

/** " (≈ 12.35 USD)" after a positive `amount` of `asset` when `worth` is that asset's; else nothing. */
export function approxWorth(t: Translate, amount: string, asset: string | undefined, worth: FiatWorth | undefined): string {
  return worth && asset === worth.asset && money.isPositive(amount) ? ` (${approxText(t, amount, worth)})` : "";
}

/** The worth of `asset` by `read`, or undefined when it cannot be read (worth is a courtesy, never a failure). */
export async function readWorth(read: WorthReader | undefined, telegramId: number, asset: string): Promise<FiatWorth | undefined> {
  return read ? read(telegramId, asset).catch(() => undefined) : undefined;
}
