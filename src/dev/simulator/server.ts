/**
 * The simulator's HTTP servers: each interface of each network at the root of its own origin, as on
 * the real service (a client puts `/api/v1/…` at the root of the base URL it is given): the Exchange,
 * Pay, Exchange testnet and Pay testnet interfaces on four ports of one host. Every origin also
 * answers the `/_sim/` control endpoints (they act on the whole simulator); the Exchange origins
 * accept the Exchange WebSocket at `/`. Tests start them in-process on port 0.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Api } from "../../service/operations.js";
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
  /**
   * The first of four consecutive ports: Exchange, Pay, Exchange testnet, Pay testnet (8080 → 8080 to
   * 8083). 0 picks a free port for each (tests). Defaults to 8080.
   */
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

/** The four origins, in port order. */
export const ORIGINS: readonly { name: keyof BaseUrls; api: Api; network: SimNetwork }[] = [
  { name: "exchange", api: "exchange", network: "production" },
  { name: "pay", api: "pay", network: "production" },
  { name: "exchangeTestnet", api: "exchange", network: "testnet" },
  { name: "payTestnet", api: "pay", network: "testnet" },
];
type Origin = (typeof ORIGINS)[number];

export interface RunningSimulator {
  /**
   * Where to reach the control endpoints (`/_sim/`): the first origin, http://127.0.0.1:8080 by
   * default (every origin answers them).
   */
  url: string;
  /** The root of each interface's origin: what a client takes as its base URL. */
  baseUrls: BaseUrls;
  /** The Exchange WebSocket of each network (ticker, activeOrders, balances), the root of its Exchange origin. */
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

/** Starts the simulator and resolves once its four origins listen. */
export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const sim = new Simulator(options);
  const seeded = options.seed ? seedDemo(sim) : undefined;
  const host = options.host ?? "127.0.0.1";
  const first = options.port ?? 8080;
  const servers: Server[] = [];
  const close = async () => {
    sim.callbacks.close();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve, reject) => {
            server.close((err) => (err ? reject(err) : resolve()));
            // Keep-alive connections of clients would otherwise hold close() open.
            server.closeAllConnections();
          }),
      ),
    );
  };
  try {
    for (const [i, origin] of ORIGINS.entries()) {
      servers.push(await listen(sim, origin, host, first === 0 ? 0 : first + i));
    }
  } catch (err) {
    await close();
    throw err;
  }
  const closeWebSocket = attachExchangeWebSocket(
    ORIGINS.flatMap((origin, i) =>
      origin.api === "exchange"
        ? [
            {
              server: servers[i] as Server,
              world: sim.worlds[origin.network],
              accountByKey: (key: string) => sim.accountByKey(origin.network, key),
            },
          ]
        : [],
    ),
  );
  const hostInUrl = host.includes(":") ? `[${host}]` : host;
  const urls = servers.map((server) => `http://${hostInUrl}:${(server.address() as AddressInfo).port}`);
  const baseUrls = Object.fromEntries(ORIGINS.map((origin, i) => [origin.name, urls[i]])) as unknown as BaseUrls;
  const ws = (url: string) => `${url.replace(/^http/, "ws")}/`;
  return {
    url: baseUrls.exchange,
    baseUrls,
    webSockets: { production: ws(baseUrls.exchange), testnet: ws(baseUrls.exchangeTestnet) },
    sim,
    seeded,
    createAccount: (input) => sim.createAccount(input),
    account: (userId, network) => sim.snapshot(userId, network),
    advanceClock: (ms, network) => sim.advanceClock(ms, network),
    close: async () => {
      await closeWebSocket();
      await close();
    },
  };
}

function listen(sim: Simulator, origin: Origin, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    serve(sim, origin, req, res).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) sendProblem(res, asProblem(err));
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/**
 * The source document's own read, `GET /api/v1/transfer?transferId|clientTransferId`, answered on
 * the Pay origins as the payout read it is on the real service, so that both descriptions hold.
 */
function transferAlias(url: URL): URL {
  if (url.pathname !== "/api/v1/transfer") return url;
  const payout = new URL("/api/v1/payout", url);
  for (const [key, value] of url.searchParams) {
    const renamed = { transferId: "payoutId", clientTransferId: "clientPayoutId" }[key] ?? key;
    payout.searchParams.append(renamed, value);
  }
  return payout;
}

async function serve(sim: Simulator, origin: Origin, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requested = new URL(req.url ?? "/", "http://simulator");
  if (requested.pathname.startsWith("/_sim/")) return handleControl(sim, req, res, requested);
  const url = origin.api === "pay" ? transferAlias(requested) : requested;
  const match = matchRoute(origin.api, origin.network, req.method ?? "GET", url.pathname);
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
