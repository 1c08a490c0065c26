/**
 * Clients for the user who asked, for the bot's features and the engines alike. The key is decrypted
 * here, used to build the clients and dropped; callers get clients (whose key is a private field),
 * never the key itself.
 */
import type { NetworkName } from "../domain/networks.js";
import type { ServiceClients, ServiceFactory } from "../service/factory.js";
import type { UsersRepo } from "../storage/types.js";

/** What building a user's clients reads: their stored key and network, and the service factory. */
export interface AccountDeps {
  storage: { users: Pick<UsersRepo, "get" | "loadKey"> };
  services: ServiceFactory;
}

/** The user has not linked a key yet (or removed it). */
export class NoKeyError extends Error {
  constructor() {
    super("no key linked");
    this.name = "NoKeyError";
  }
}

export interface UserClients extends ServiceClients {
  network: NetworkName;
}

/**
 * Clients bound to the user's key for `network` (the network they act on now when not given); throws
 * NoKeyError when none is linked for it.
 */
export async function clientsFor(deps: AccountDeps, telegramId: number, network?: NetworkName): Promise<UserClients> {
  const stored = await deps.storage.users.loadKey(telegramId, network);
  if (!stored) throw new NoKeyError();
  return { ...deps.services.forKey(stored.network, stored.apiKey), network: stored.network };
}

/**
 * Clients for public reads (market data, which needs no key) on the network the person acts on, as
 * /settings shows it, key or no key: production until they choose testnet.
 */
export async function publicClientsFor(deps: AccountDeps, telegramId: number): Promise<UserClients> {
  const user = await deps.storage.users.get(telegramId);
  const network: NetworkName = user?.network ?? "production";
  return { ...deps.services.public(network), network };
}
