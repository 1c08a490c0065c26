/** The two balance reads of the Exchange interface (the moves themselves live in `../world.ts`). */
import { money } from "../../../domain/money.js";
import type { AccountBalance } from "../../../service/schemas.js";
import { defineHandlers } from "../define.js";
import type { Balances } from "../types.js";
import { requireAccount } from "../world.js";

/** The contract's view of a balance map: one entry per asset, sorted, balance = available + holds. */
export function balanceList(balances: Balances): AccountBalance[] {
  return [...balances.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([asset, h]) => ({
      asset,
      balance: money.add(h.available, h.hold),
      available: money.normalise(h.available),
      holds: money.normalise(h.hold),
    }));
}

export const balanceHandlers = defineHandlers({
  getTradingBalances: (_input, { account }) => ({ balances: balanceList(requireAccount(account).trading) }),
  getFundingBalances: (_input, { account }) => ({ balances: balanceList(requireAccount(account).funding) }),
});
