/**
 * `npm run sim`: starts the simulator with the demo accounts on four consecutive ports from SIM_PORT
 * (default 8080: Exchange, Pay, Exchange testnet, Pay testnet) and prints the four base URLs and the
 * demo keys to put into the bot's environment (or to give any client of the service).
 */
import "../../runtime-check.js";
import { startSimulator } from "./server.js";

const LAST_FIRST_PORT = 65_535 - 3;
const port = Number.parseInt(process.env.SIM_PORT ?? "8080", 10);
if (!Number.isInteger(port) || port < 0 || port > LAST_FIRST_PORT) {
  console.error(`SIM_PORT must be a port number up to ${LAST_FIRST_PORT} (it and the next three are used), got ${process.env.SIM_PORT}`);
  process.exit(1);
}
const host = process.env.SIM_HOST ?? "127.0.0.1";

const running = await startSimulator({ port, host, seed: true }).catch((err: unknown) => {
  console.error(`The simulator could not listen on ${host}, ports ${port}-${port + 3}: ${(err as Error).message}`);
  process.exit(1);
});
const { demo, friend } = running.seeded!;
const { baseUrls, webSockets } = running;
console.log(`xRocket simulator: each interface at the root of its own origin

  EXCHANGE_BASE_URL=${baseUrls.exchange}
  PAY_BASE_URL=${baseUrls.pay}
  EXCHANGE_TESTNET_BASE_URL=${baseUrls.exchangeTestnet}
  PAY_TESTNET_BASE_URL=${baseUrls.payTestnet}
  EXCHANGE_WS_URL=${webSockets.production}
  EXCHANGE_TESTNET_WS_URL=${webSockets.testnet}

Demo account ${demo.userId} (Pay, funding and trading balances):
  production key: ${demo.keys.production}
  testnet key:    ${demo.keys.testnet}
Second user ${friend.userId} receives transfers and cheques (production key ${friend.keys.production}).

Control endpoints under /_sim/ of any origin, e.g. ${running.url}/_sim/ (accounts, cheques/redeem, faults, requests, clock).`);

const stop = () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
