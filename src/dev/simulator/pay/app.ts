/**
 * The application behind the key and its wallet. Without a key getAppInfo answers 401: the reply
 * describes the key's application, and there is no application to describe.
 */
import { money } from "../../../domain/money.js";
import { CATALOGUE } from "../catalogue.js";
import { defineHandlers } from "../define.js";
import { requireAccount } from "../world.js";

export const appHandlers = defineHandlers({
  getAppInfo: (_, { account }) => {
    const owner = requireAccount(account);
    return { id: owner.appId, name: owner.appName, ownerId: String(owner.userId) };
  },

  getAppBalances: (_, { account }) => {
    const { pay } = requireAccount(account);
    // Every catalogue asset is listed, held or not, then any other asset the account holds.
    const assets = new Set([...CATALOGUE.map((a) => a.asset), ...pay.keys()]);
    return {
      balances: [...assets].map((asset) => {
        const h = pay.get(asset) ?? { available: "0", hold: "0" };
        return { asset, balance: money.add(h.available, h.hold), available: h.available, holds: h.hold };
      }),
    };
  },
});
