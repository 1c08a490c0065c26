/**
 * Checks shared by the Pay handlers, each throwing the contract's problem: unknown asset (400),
 * decimals (422 `incorrect_decimal_places`), bounds (422 `amount_out_of_range`), reused client id
 * (409 `client_id_duplicate`).
 */
import { money } from "../../../domain/money.js";
import { type CatalogueAsset, findAsset } from "../catalogue.js";
import { problems } from "../problems.js";
import type { Ledger } from "./state.js";

/** The catalogue entry of `code`; an unknown asset is a 400 `validation_error` on `asset`. */
export function requireAsset(code: string): CatalogueAsset {
  const asset = findAsset(code);
  if (asset === undefined) throw problems.validation("asset", `Unknown asset ${code}.`);
  return asset;
}

/** Refuses an amount with more decimals than `precision` or outside [min, max]. */
export function checkAmount(amount: string, precision: number, min: string, max?: string): void {
  if (money.decimalPlaces(amount) > precision) throw problems.decimals(precision);
  if (money.lt(amount, min) || (max !== undefined && money.gt(amount, max)))
    throw problems.outOfRange(min, max);
}

/** Refuses a client id already used in this ledger (a create without one is never a duplicate). */
export function requireNewClientId(ledger: Ledger<unknown>, field: string, clientId: string | undefined): void {
  if (clientId !== undefined && ledger.byClientId.has(clientId)) throw problems.duplicate(field, clientId);
}

/** A messenger user id as the contract carries it (a decimal string), or a 400 on `field`. */
export function parseUserId(target: string, field: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(target)) throw problems.validation(field, "Expected a messenger user id.");
  return Number(target);
}
