/**
 * A pair's rules applied to order terms: steps and decimal places of size, price, stop price and
 * funds, and the size and value bounds. Violations are 422 problems whose `info.field` names the
 * offending member.
 */
import { money } from "../../../domain/money.js";
import type { OrderParams } from "../../../service/schemas.js";
import { problems } from "../problems.js";
import { SimProblem } from "../types.js";
import { stepDecimals } from "./steps.js";
import type { PairSpec } from "./symbols.js";

const withField = (p: SimProblem, field: string, extra: Record<string, unknown> = {}): SimProblem =>
  new SimProblem(p.status, p.kind, `${field}: ${p.detail}`, { field, ...p.info, ...extra });

/** A value must sit on its step's grid (and so have no more decimals than the step). */
function checkStep(field: string, value: string | undefined, step: string): void {
  if (value === undefined) return;
  const maxDecimals = stepDecimals(step);
  if (money.decimalPlaces(value) > maxDecimals || !money.isMultipleOf(value, step)) {
    throw withField(problems.decimals(maxDecimals), field, { increment: step });
  }
}

function checkRange(field: string, value: string | undefined, min: string, max?: string): void {
  if (value === undefined) return;
  if (money.lt(value, min) || (max !== undefined && money.gt(value, max))) {
    throw withField(problems.outOfRange(min, max), field);
  }
}

/** Throws the 422 an order with these terms earns on this pair, if any. */
export function checkOrderTerms(spec: PairSpec, p: OrderParams): void {
  const price = "price" in p ? p.price : undefined;
  const stopPrice = "stopPrice" in p ? p.stopPrice : undefined;
  checkStep("size", p.size, spec.baseIncrement);
  checkStep("price", price, spec.priceIncrement);
  checkStep("stopPrice", stopPrice, spec.priceIncrement);
  checkStep("funds", "funds" in p ? p.funds : undefined, spec.quoteIncrement);
  checkRange("size", p.size, spec.minSize, spec.maxSize);
  checkRange("price", price, spec.priceIncrement);
  checkRange("stopPrice", stopPrice, spec.priceIncrement);
  checkRange("funds", "funds" in p ? p.funds : undefined, spec.minFunds);
  if (price !== undefined && p.size !== undefined) {
    checkRange("funds", money.mul(p.size, price), spec.minFunds);
  }
}
