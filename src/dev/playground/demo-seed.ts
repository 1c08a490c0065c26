/**
 * The playground's cast: three people who chat with the bot (you, a friend to send to, an admin with
 * a funded app), their simulator accounts, and a market maker whose small trades keep the Exchange's
 * prices moving against the seeded resting order book. Keys are fixed so that a key linked in the
 * playground keeps working after a restart (they are simulator keys and open nothing real).
 */
import type { Logger } from "pino";
import { money } from "../../domain/money.js";
import { newClientId } from "../../domain/ids.js";
import type { ExchangeClient } from "../../service/client.js";
import { floorToStep } from "../simulator/exchange/steps.js";
import { PAIRS } from "../simulator/exchange/symbols.js";
import { seedDemo } from "../simulator/seed.js";
import type { AccountKeys, Simulator } from "../simulator/simulator.js";

export type DemoRole = "you" | "friend" | "admin";

export interface DemoPerson {
  role: DemoRole;
  /** The Telegram user id in the stand-in and the user id of the simulator account: the same person. */
  id: number;
  firstName: string;
  username: string;
  languageCode: string;
  keys: AccountKeys;
}

const ADMIN_KEYS: AccountKeys = {
  production: "xr_live_demo_0000000000000003",
  testnet: "xr_test_demo_0000000000000003",
};
const MAKER_KEYS: AccountKeys = {
  production: "xr_live_maker_000000000000009",
  testnet: "xr_test_maker_000000000000009",
};
const MAKER_ID = 1900;
/**
 * Recipients of examples/mass-transfer.csv besides Alex and Sam: accounts with no chat on the page,
 * so the sample list the docs point to pays every row here.
 */
export const SAMPLE_PAYEES = [1004, 1005, 1006, 1007] as const;

/** Creates every demo account in the simulator and returns the people, in the switcher's order. */
export function seedPlayground(sim: Simulator): { people: DemoPerson[]; makerKey: string } {
  const { demo, friend } = seedDemo(sim);
  // The admin runs mass transfers from their own app, so it holds enough to pay many people.
  const admin = sim.createAccount({
    userId: 1003,
    keys: ADMIN_KEYS,
    pay: { USDT: "25000", TONCOIN: "5000", BTC: "0.5" },
    funding: { USDT: "1000" },
    trading: { USDT: "1000" },
  });
  for (const userId of SAMPLE_PAYEES) sim.createAccount({ userId });
  sim.createAccount({
    userId: MAKER_ID,
    keys: MAKER_KEYS,
    trading: { USDT: "10000000", TONCOIN: "10000000", BTC: "1000", ETH: "10000", SOL: "100000", TRX: "100000000" },
  });
  const person = (role: DemoRole, id: number, firstName: string, keys: AccountKeys): DemoPerson => ({
    role,
    id,
    firstName,
    username: `${firstName.toLowerCase()}_demo`,
    languageCode: "en",
    keys,
  });
  return {
    people: [
      person("you", demo.userId, "Alex", demo.keys),
      person("friend", friend.userId, "Sam", friend.keys),
      person("admin", admin.userId, "Morgan", admin.keys),
    ],
    makerKey: MAKER_KEYS.production,
  };
}

/** Refill orders the maker keeps resting; older ones are cancelled so the book does not grow for ever. */
const RESTING_KEPT = 40;

/** The USDT pairs that trade: the maker moves their prices. */
const MOVING = PAIRS.filter((p) => p.quoteAsset === "USDT" && p.status === "trading");

/**
 * Every `intervalMs`, trades a few USDT on one pair at market (buy or sell at random, so the price
 * walks) and rests a limit order of the same size just beyond the new price on the other side, so
 * the book it takes from is refilled. It goes through the service client like any API user.
 */
export function startMarketMaker(
  exchange: ExchangeClient,
  logger: Logger,
  intervalMs = 2000,
  random: () => number = Math.random,
): { stop(): void } {
  let turn = 0;
  let busy = false;
  const resting: string[] = [];
  const tick = async () => {
    if (busy) return;
    busy = true;
    const spec = MOVING[turn++ % MOVING.length]!;
    try {
      const side = random() < 0.5 ? "buy" : "sell";
      const funds = String(5 + Math.floor(random() * 20));
      await exchange.placeOrder({
        clientOrderId: newClientId("mm"),
        symbol: spec.symbol,
        side,
        type: "market",
        timeInForce: "IOC",
        funds,
      });
      const { tickers: [ticker] } = await exchange.getTicker({ tickerType: "24h", symbols: [spec.symbol] });
      if (!ticker) return;
      const last = ticker.last;
      // 0.3 % beyond the last price, on the side the market order took from.
      const price = floorToStep(money.mul(last, side === "buy" ? "1.003" : "0.997"), spec.priceIncrement);
      const size = floorToStep(money.div(funds, price, 12), spec.baseIncrement);
      if (money.isPositive(price) && money.gte(size, spec.minSize)) {
        const clientOrderId = newClientId("mm");
        resting.push(clientOrderId);
        await exchange.placeOrder({
          clientOrderId,
          symbol: spec.symbol,
          side: side === "buy" ? "sell" : "buy",
          type: "limit",
          timeInForce: "GTC",
          size,
          price,
        });
      }
      // An order already filled is refused here; either way it no longer rests.
      if (resting.length > RESTING_KEPT) await exchange.cancelOrder({ clientOrderId: resting.shift()! }).catch(() => undefined);
    } catch (err) {
      // A refused trade only skips a beat of the demo market.
      logger.debug({ err, symbol: spec.symbol }, "market maker skipped a trade");
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
