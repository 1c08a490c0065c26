/**
 * Test access to an in-process simulator: start its four origins on port 0, call its control
 * endpoints and interfaces over HTTP and build real service clients bound to its origins.
 */
import { createExchangeClient, createPayClient, type PayClient } from "../../src/service/client.js";
import { type BaseUrls, type RunningSimulator, startSimulator } from "../../src/dev/simulator/server.js";
import type { CreatedAccount } from "../../src/dev/simulator/simulator.js";

export type SimNetworkName = "production" | "testnet";
/** One of the four origins: an interface of a network. */
export type SimOrigin = keyof BaseUrls;

export interface FetchInit {
  method?: string;
  body?: unknown;
  key?: string;
  rawBody?: string;
}

export interface AccountView {
  userId: number;
  pay: Record<string, { balance: string; available: string; holds: string }>;
  funding: Record<string, string>;
  trading: Record<string, string>;
}

export interface LoggedRequest {
  operationId: string;
  network: SimNetworkName;
  api: "exchange" | "pay";
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
}

/** A started simulator plus helpers over its control endpoints. */
export class TestSim {
  private constructor(readonly running: RunningSimulator) {}

  static async start(options: Parameters<typeof startSimulator>[0] = {}): Promise<TestSim> {
    return new TestSim(await startSimulator({ port: 0, ...options }));
  }

  /** Where the control endpoints (`/_sim/…`) are reached. */
  get url(): string {
    return this.running.url;
  }

  /** Raw request to a control endpoint (`/_sim/…`); returns status, headers and parsed JSON (or undefined). */
  fetch(path: string, init: FetchInit = {}) {
    return this.#request(this.url + path, init);
  }

  /** Raw request to one interface, at the root of its origin (`sim.api("pay", "/api/v1/balances")`). */
  api(origin: SimOrigin, path: string, init: FetchInit = {}) {
    return this.#request(this.running.baseUrls[origin] + path, init);
  }

  async #request(
    url: string,
    init: FetchInit,
  ): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`;
    if (init.body !== undefined || init.rawBody !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      ...(init.rawBody !== undefined ? { body: init.rawBody } : {}),
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
  }

  /** A control call that must succeed (2xx). */
  async control<T>(path: string, method = "GET", body?: unknown): Promise<T> {
    const res = await this.fetch(path, { method, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body as T;
  }

  createAccount(
    body: {
      userId?: number;
      pay?: Record<string, string>;
      funding?: Record<string, string>;
      trading?: Record<string, string>;
    } = {},
  ): Promise<CreatedAccount> {
    return this.control("/_sim/accounts", "POST", body);
  }

  account(userId: number, network: SimNetworkName = "production"): Promise<AccountView> {
    return this.control(`/_sim/accounts/${userId}?network=${network}`);
  }

  /** Available Pay balance of one asset. */
  async available(userId: number, asset: string, network: SimNetworkName = "production"): Promise<string> {
    return (await this.account(userId, network)).pay[asset]?.available ?? "0";
  }

  requests(operationId: string): Promise<LoggedRequest[]> {
    return this.control(`/_sim/requests?operationId=${operationId}`);
  }

  fault(spec: { operationId: string; mode: string; count?: number; ms?: number }): Promise<unknown> {
    return this.control("/_sim/faults", "POST", spec);
  }

  redeem(chequeId: string, userId: number): Promise<unknown> {
    return this.control("/_sim/cheques/redeem", "POST", { chequeId, userId });
  }

  /** A Pay client with fast retries, on production or testnet. */
  pay(apiKey?: string, network: SimNetworkName = "production"): PayClient {
    const { pay, payTestnet } = this.running.baseUrls;
    return createPayClient({
      baseUrl: network === "production" ? pay : payTestnet,
      ...(apiKey === undefined ? {} : { apiKey }),
      backoffMs: 5,
      timeoutMs: 5000,
    });
  }

  exchange(network: SimNetworkName = "production") {
    const { exchange, exchangeTestnet } = this.running.baseUrls;
    return createExchangeClient({
      baseUrl: network === "production" ? exchange : exchangeTestnet,
      backoffMs: 5,
    });
  }

  close(): Promise<void> {
    return this.running.close();
  }
}

/** Awaits a promise expected to reject and returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}
