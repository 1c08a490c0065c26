/**
 * Builds service clients for one network and (optionally) one user's key. The bot never holds a
 * global key: each private call gets a client made for the user who asked.
 */
import type { Logger } from "pino";
import type { NetworkName } from "../domain/networks.js";
import { type ClientOptions, createExchangeClient, createPayClient, type ExchangeClient, type PayClient } from "./client.js";

/** The base URLs and timeout the factory builds clients with; config.ts parses them from the environment. */
export interface ServiceConfig {
  PAY_BASE_URL: string;
  EXCHANGE_BASE_URL: string;
  PAY_TESTNET_BASE_URL: string;
  EXCHANGE_TESTNET_BASE_URL: string;
  SERVICE_TIMEOUT_MS: number;
}

export interface ServiceClients {
  pay: PayClient;
  exchange: ExchangeClient;
}

export interface ServiceFactory {
  /** Clients that send `apiKey` on private calls. */
  forKey(network: NetworkName, apiKey: string): ServiceClients;
  /** Clients for public calls only. */
  public(network: NetworkName): ServiceClients;
}

export interface ServiceFactoryOptions {
  timeoutMs?: number;
  backoffMs?: number;
  maxAttempts?: number;
  logger?: Logger;
  onAttempt?: ClientOptions["onAttempt"];
}

/** A factory over the four configured base URLs. */
export function createServiceFactory(
  config: ServiceConfig,
  options: ServiceFactoryOptions = {},
): ServiceFactory {
  const urls = {
    production: { pay: config.PAY_BASE_URL, exchange: config.EXCHANGE_BASE_URL },
    testnet: { pay: config.PAY_TESTNET_BASE_URL, exchange: config.EXCHANGE_TESTNET_BASE_URL },
  };
  const common = { timeoutMs: options.timeoutMs ?? config.SERVICE_TIMEOUT_MS, ...options };
  const build = (network: NetworkName, apiKey?: string): ServiceClients => ({
    pay: createPayClient({ ...common, baseUrl: urls[network].pay, ...(apiKey ? { apiKey } : {}) }),
    exchange: createExchangeClient({
      ...common,
      baseUrl: urls[network].exchange,
      ...(apiKey ? { apiKey } : {}),
    }),
  });
  return { forKey: (network, apiKey) => build(network, apiKey), public: (network) => build(network) };
}
