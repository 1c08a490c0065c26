/**
 * The Exchange interface of the simulator: every Exchange operation except the shared getRates and
 * getHealth. Withdrawals move on by the world's clock, so each call first brings them up to date.
 */
import type { SimHandler, SimHandlers } from "../types.js";
import { balanceHandlers } from "./balances.js";
import { advanceWithdrawals, fundingHandlers } from "./funding.js";
import { marketHandlers } from "./market-handlers.js";
import { orderHandlers } from "./orders.js";
import { transferHandlers } from "./transfers.js";

const withClock =
  (handler: SimHandler): SimHandler =>
  (req) => {
    advanceWithdrawals(req.world);
    return handler(req);
  };

const handlers: SimHandlers = {
  ...marketHandlers,
  ...balanceHandlers,
  ...orderHandlers,
  ...fundingHandlers,
  ...transferHandlers,
};

export const exchangeHandlers: SimHandlers = Object.fromEntries(
  Object.entries(handlers).map(([id, handler]) => [id, withClock(handler as SimHandler)]),
);
