/**
 * The simulator's HTTP server: one port serving the Exchange and Pay interfaces of production
 * (`/exchange`, `/pay`) and testnet (`/testnet/exchange`, `/testnet/pay`), plus the `/_sim/`
 * control endpoints. Tests start it in-process on port 0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api.js";
import { handleControl } from "./control.js";
import { exchangeHandlers } from "./exchange/index.js";
import { sendProblem } from "./http.js";
import { marketDataHandlers } from "./market-data.js";
import { payHandlers } from "./pay/index.js";
import { problems } from "./problems.js";
import { matchRoute } from "./routes.js";
import { type SeededAccounts, seedDemo } from "./seed.js";
import {
  type AccountSnapshot,
  type CreateAccountInput,
  type CreatedAccount,
  Simulator,
  type SimulatorOptions,
} from "./simulator.js";
import { type SimHandlers, type SimNetwork, SimProblem } from "./types.js";
import { attachExchangeWebSocket } from "./websocket.js";

export interface StartOptions extends SimulatorOptions {
  /** 0 picks a free port (tests). Defaults to 8080. */
  port?: number;
  host?: string;
  /** Create the demo accounts (see seed.ts). Defaults to false. */
  seed?: boolean;
}

export interface BaseUrls {
  exchange: string;
  pay: string;
  exchangeTestnet: string;
  payTestnet: string;
}

export interface RunningSimulator {
  /** Root address, e.g. http://127.0.0.1:8080 (the control endpoints live under `/_sim/`). */
  url: string;
  baseUrls: BaseUrls;
  /** The Exchange WebSocket of each network (ticker, activeOrders, balances). */
  webSockets: Record<SimNetwork, string>;
  /** The state behind the server: worlds, faults, request log. */
  sim: Simulator;
  /** Present when started with `seed: true`. */
  seeded: SeededAccounts | undefined;
  /** Same as `POST /_sim/accounts`. */
  createAccount(input?: CreateAccountInput): CreatedAccount;
  /** Same as `GET /_sim/accounts/{userId}`. */
  account(userId: number, network?: SimNetwork): AccountSnapshot;
  advanceClock(ms: number, network?: SimNetwork): void;
  close(): Promise<void>;
}

// Shared operations last: getRates and getHealth are the same on both interfaces.
const HANDLERS: SimHandlers = { ...exchangeHandlers, ...payHandlers, ...marketDataHandlers };

/** Starts the simulator and resolves once it listens. */
export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const sim = new Simulator(options);
  const seeded = options.seed ? seedDemo(sim) : undefined;
  const server = createServer((req, res) => {
    serve(sim, req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) sendProblem(res, asProblem(err));
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8080, host, () => resolve());
  });
  const closeWebSocket = attachExchangeWebSocket(server, sim.worlds);
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    baseUrls: {
      exchange: `${url}/exchange`,
      pay: `${url}/pay`,
      exchangeTestnet: `${url}/testnet/exchange`,
      payTestnet: `${url}/testnet/pay`,
    },
    webSockets: {
      production: `${url.replace(/^http/, "ws")}/exchange/ws`,
      testnet: `${url.replace(/^http/, "ws")}/testnet/exchange/ws`,
    },
    sim,
    seeded,
    createAccount: (input) => sim.createAccount(input),
    account: (userId, network) => sim.snapshot(userId, network),
    advanceClock: (ms, network) => sim.advanceClock(ms, network),
    close: () =>
      new Promise<void>((resolve, reject) => {
        sim.callbacks.close();
        void closeWebSocket();
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive connections of clients would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/**
 * The source document's own read, `GET /api/v1/transfer?transferId|clientTransferId`, answered as the
 * payout read it is on the real service, so that both descriptions hold.
 */
function transferAlias(url: URL): URL {
  const alias = /^((?:\/testnet)?\/pay)\/api\/v1\/transfer$/.exec(url.pathname);
  if (alias === null) return url;
  const payout = new URL(`${alias[1]}/api/v1/payout`, url);
  for (const [key, value] of url.searchParams) {
    const renamed = { transferId: "payoutId", clientTransferId: "clientPayoutId" }[key] ?? key;
    payout.searchParams.append(renamed, value);
  }
  return payout;
}

async function serve(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = transferAlias(new URL(req.url ?? "/", "http://simulator"));
  if (url.pathname.startsWith("/_sim/")) return handleControl(sim, req, res, url);
  const match = matchRoute(req.method ?? "GET", url.pathname);
  if (match === undefined) throw problems.notFound(`route ${req.method} ${url.pathname}`);
  if ("allow" in match) {
    const problem = new SimProblem(405, "method_not_allowed", `Use ${match.allow.join(" or ")} here.`);
    return sendProblem(res, problem, { allow: match.allow.join(", ") });
  }
  return handleApi(sim, HANDLERS, match, req, res, url);
}

function asProblem(err: unknown): SimProblem {
  if (err instanceof SimProblem) return err;
  console.error("simulator request failed", err);
  return problems.internal();
}
