/**
 * The demo accounts `npm run sim` starts with. Their keys are fixed so that a bot's `.env` keeps
 * working across simulator restarts; they are simulator keys and open nothing real.
 */
import type { CreatedAccount, Simulator } from "./simulator.js";

export interface SeededAccounts {
  /** The account to link the bot to: Pay, funding and trading balances. */
  demo: CreatedAccount;
  /** A second user to send transfers and cheques to. */
  friend: CreatedAccount;
}

/** Creates the demo account (1001) and a friend (1002) in both worlds. */
export function seedDemo(sim: Simulator): SeededAccounts {
  const demo = sim.createAccount({
    userId: 1001,
    keys: { production: "xr_live_demo_0000000000000001", testnet: "xr_test_demo_0000000000000001" },
    pay: { USDT: "1000", TONCOIN: "250", BTC: "0.05" },
    funding: { USDT: "500", TONCOIN: "100", BTC: "0.02" },
    trading: { USDT: "1000", TONCOIN: "200", BTC: "0.1" },
  });
  const friend = sim.createAccount({
    userId: 1002,
    keys: { production: "xr_live_demo_0000000000000002", testnet: "xr_test_demo_0000000000000002" },
    pay: { USDT: "10" },
  });
  return { demo, friend };
}
