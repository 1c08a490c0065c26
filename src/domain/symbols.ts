/**
 * Trading-pair codes as people type them: `btc-usdt`, `BTC/USDT`, `btc_usdt` and `btcusdt` all name
 * BTC-USDT, and so does `btc` alone (the default quote); `ton` names TONCOIN, the service's code for it.
 * An unknown code gets the closest known pairs as suggestions. Every place that asks for a pair reads
 * it here.
 */
import { distance } from "fastest-levenshtein";
import { inlineUserText } from "./user-text.js";

/** Letters and digits only, upper case: the form every spelling of a pair shares. */
const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** Characters of a typed pair that "There is no trading pair …" shows. */
const TYPED_PAIR_SHOWN = 30;

/** What a person typed for a pair that is not known, as a reply quotes it (docs/decisions/002, 041). */
export function typedPair(text: string): string {
  return inlineUserText(text, TYPED_PAIR_SHOWN);
}

/**
 * Names people use for an asset whose service code differs (TON is listed as TONCOIN). Read only when
 * what was typed names no pair as it stands, so a market listing the short code keeps it.
 */
const ASSET_NAMES: Readonly<Record<string, string>> = { TON: "TONCOIN" };

/** What `text` may mean with people's names of assets read as the service's codes (compact forms). */
function withAssetCodes(text: string, typed: string): string[] {
  const parts = text.toUpperCase().split(/[^A-Z0-9]+/).filter((p) => p.length > 0);
  const spelled = parts.map((p) => ASSET_NAMES[p] ?? p).join("");
  const meant = new Set(spelled === typed ? [] : [spelled]);
  // Written as one word ("tonusdt"): a name at its start.
  for (const [name, code] of Object.entries(ASSET_NAMES))
    if (parts.length === 1 && typed.startsWith(name) && !typed.startsWith(code)) meant.add(code + typed.slice(name.length));
  return [...meant];
}

/** The quote a base typed alone is paired with, first that exists. */
export const DEFAULT_QUOTES: readonly string[] = ["USDT"];

export type SymbolLookup = { ok: true; symbol: string } | { ok: false; suggestions: string[] };

/**
 * Resolves what a person typed to one of `known` (codes like "BTC-USDT"): any spelling of a pair, or
 * a base alone (its pair with the first of `DEFAULT_QUOTES` that exists, else its only pair);
 * otherwise up to `max` suggestions, closest first (pairs containing the text, then by edit distance).
 */
export function resolveSymbol(text: string, known: readonly string[], max = 3): SymbolLookup {
  const typed = compact(text);
  if (typed.length > 0) {
    for (const meant of [typed, ...withAssetCodes(text, typed)]) {
      const hit = known.find((s) => compact(s) === meant) ?? baseAlone(meant, known);
      if (hit) return { ok: true, symbol: hit };
    }
    // A base with several pairs, none in a default quote: its pairs are what the person meant.
    const sameBase = pairsOfBase(typed, known);
    if (sameBase.length > 0) return { ok: false, suggestions: sameBase.slice(0, max) };
  }
  return { ok: false, suggestions: closestSymbols(typed, known, max) };
}

const pairsOfBase = (base: string, known: readonly string[]) =>
  known.filter((s) => compact(s.split(/[-/_]/)[0] ?? "") === base && /[-/_]/.test(s));

/** The pair a base typed alone names: with a default quote, else the base's only pair. */
function baseAlone(base: string, known: readonly string[]): string | undefined {
  const pairs = pairsOfBase(base, known);
  for (const quote of DEFAULT_QUOTES) {
    const hit = pairs.find((s) => compact(s) === base + quote);
    if (hit) return hit;
  }
  return pairs.length === 1 ? pairs[0] : undefined;
}

/** Up to `max` of `known` closest to `text`: those containing it first, then by edit distance. */
export function closestSymbols(text: string, known: readonly string[], max = 3): string[] {
  const typed = compact(text);
  if (typed.length === 0) return [];
  return known
    .map((s) => {
      const c = compact(s);
      return { s, contains: c.includes(typed) || typed.includes(c), d: distance(c, typed) };
    })
    .filter((e) => e.contains || e.d <= Math.max(2, Math.floor(typed.length / 2)))
    .sort((a, b) => Number(b.contains) - Number(a.contains) || a.d - b.d || a.s.localeCompare(b.s))
    .slice(0, max)
    .map((e) => e.s);
}

/** The pairs of `known` whose code contains `part` in any spelling (all of them for an empty part). */
export function searchSymbols(part: string, known: readonly string[]): string[] {
  const typed = compact(part);
  return known.filter((s) => compact(s).includes(typed));
}
