/**
 * `npm run sim`: starts the simulator on SIM_PORT (default 8080) with the demo accounts and prints
 * the four base URLs and the demo keys to put into the bot's environment.
 */
import "../runtime-check.js";
import { startSimulator } from "./server.js";

const port = Number.parseInt(process.env.SIM_PORT ?? "8080", 10);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SIM_PORT must be a port number, got ${process.env.SIM_PORT}`);
  process.exit(1);
}
const host = process.env.SIM_HOST ?? "127.0.0.1";

const running = await startSimulator({ port, host, seed: true });
const { demo, friend } = running.seeded!;
console.log(`xRocket simulator listening on ${running.url}

  EXCHANGE_BASE_URL=${running.baseUrls.exchange}
  PAY_BASE_URL=${running.baseUrls.pay}
  EXCHANGE_TESTNET_BASE_URL=${running.baseUrls.exchangeTestnet}
  PAY_TESTNET_BASE_URL=${running.baseUrls.payTestnet}

Demo account ${demo.userId} (Pay, funding and trading balances):
  production key: ${demo.keys.production}
  testnet key:    ${demo.keys.testnet}
Second user ${friend.userId} receives transfers and cheques (production key ${friend.keys.production}).

Control endpoints under ${running.url}/_sim/ (accounts, cheques/redeem, faults, requests, clock).`);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
