/**
 * Clients for the user who asked. The key is decrypted here, used to build the clients and dropped;
 * callers get clients (whose key is a private field), never the key itself.
 */
import type { NetworkName } from "../../domain/networks.js";
import type { ServiceClients } from "../../service/factory.js";
import type { BotDeps } from "../context.js";
import { NoKeyError } from "./errors.js";

export interface UserClients extends ServiceClients {
  network: NetworkName;
}

/** Clients bound to the user's linked key; throws NoKeyError when none is linked. */
export async function clientsFor(deps: BotDeps, telegramId: number): Promise<UserClients> {
  const stored = await deps.storage.users.loadKey(telegramId);
  if (!stored) throw new NoKeyError();
  return { ...deps.services.forKey(stored.network, stored.apiKey), network: stored.network };
}

/** Runs `fn` with the user's clients; what `fn` returns must be plain data (no clients, no key). */
export async function withClients<T>(
  deps: BotDeps,
  telegramId: number,
  fn: (c: UserClients) => Promise<T>,
): Promise<T> {
  return fn(await clientsFor(deps, telegramId));
}

/**
 * Clients for public reads (market data) on the network of the user's key, or testnet when no key
 * is linked: market data needs no key.
 */
export async function publicClientsFor(deps: BotDeps, telegramId: number): Promise<UserClients> {
  const user = await deps.storage.users.get(telegramId);
  const network: NetworkName = user?.hasKey ? user.network : "testnet";
  return { ...deps.services.public(network), network };
}
