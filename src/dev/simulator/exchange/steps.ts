/** Rounding of amounts to a step such as a pair's base increment or an order book grouping. */
import { money } from "../../../domain/money.js";

/** The largest multiple of `step` not above `a` (for non-negative `a`). */
export function floorToStep(a: string, step: string): string {
  return money.mul(money.div(a, step, 0), step);
}

/** The smallest multiple of `step` not below `a` (for non-negative `a`). */
export function ceilToStep(a: string, step: string): string {
  const down = floorToStep(a, step);
  return money.eq(down, a) ? down : money.add(down, step);
}

/** Decimal places of a step such as "0.001" (3) or "1" (0). */
export function stepDecimals(step: string): number {
  return money.decimalPlaces(step);
}
