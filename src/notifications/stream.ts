/**
 * The Exchange WebSocket as a source of hints: per user with open orders, a connection authenticated
 * with their key and subscribed to `activeOrders` (a push makes the watcher read that user's orders
 * now); per network one public connection subscribed to the tickers of symbols with alerts (a push
 * prices the alerts now). A push is never proof: what is announced comes from the read that follows.
 * Connections that drop are opened again with exponential backoff (1 s doubling to 60 s). The key is
 * decrypted for the auth message only.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import WebSocket from "ws";
import type { NetworkName } from "../domain/networks.js";
import type { Database } from "../storage/schema.js";
import type { UsersRepo } from "../storage/types.js";

export interface StreamDeps {
  db: Kysely<Database>;
  users: Pick<UsersRepo, "loadKey">;
  urls: Partial<Record<NetworkName, string>>;
  log: Logger;
  /** A user's orders changed. */
  onOrders: (telegramId: number) => void;
  /** A watched price moved. */
  onTicker: (network: NetworkName) => void;
}

const MAX_BACKOFF_MS = 60_000;

/** One connection that keeps itself open: `open()` sends the greeting (auth, subscribe) each time. */
class Link {
  #ws: WebSocket | undefined;
  #closed = false;
  #backoff = 1000;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly greet: () => Promise<unknown[] | undefined>,
    private readonly onPush: (msg: { method?: string; params?: unknown }) => void,
    private readonly log: Logger,
  ) {
    this.#connect();
  }

  #connect(): void {
    if (this.#closed) return;
    const ws = new WebSocket(this.url);
    this.#ws = ws;
    ws.on("open", async () => {
      const messages = await this.greet().catch(() => undefined);
      if (messages === undefined) return void ws.close();
      this.#backoff = 1000;
      for (const m of messages) ws.send(JSON.stringify(m));
    });
    ws.on("message", (raw) => {
      try {
        const msg = JSON.parse(raw.toString()) as { method?: string; params?: unknown; error?: unknown };
        if (msg.error) this.log.warn({ error: msg.error }, "exchange stream refused a request");
        else if (msg.method) this.onPush(msg);
      } catch {
        this.log.warn("exchange stream sent something that is not JSON");
      }
    });
    ws.on("error", (err) => this.log.debug({ err }, "exchange stream error"));
    ws.on("close", () => {
      if (this.#closed) return;
      this.#timer = setTimeout(() => this.#connect(), this.#backoff);
      this.#timer.unref();
      this.#backoff = Math.min(MAX_BACKOFF_MS, this.#backoff * 2);
    });
  }

  /** Sends on the open connection (subscription changes); dropped when closed (the greeting repeats it). */
  send(message: unknown): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(message));
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#ws?.terminate();
  }
}

export class ExchangeStreams {
  readonly #orders = new Map<number, Link>();
  readonly #tickers = new Map<NetworkName, { link: Link; symbols: string[] }>();

  constructor(private readonly d: StreamDeps) {}

  /** Opens and closes connections to match who has open orders and which symbols have alerts. */
  async sync(): Promise<void> {
    const { db } = this.d;
    const withOrders = await db
      .selectFrom("watch_objects")
      .innerJoin("users", "users.telegram_id", "watch_objects.telegram_id")
      .select(["watch_objects.telegram_id", "users.network"])
      .distinct()
      .where("watch_objects.kind", "=", "order")
      .where("watch_objects.open", "=", 1)
      .execute();
    const wanted = new Map(withOrders.map((r) => [r.telegram_id, r.network as NetworkName]));
    for (const [user, link] of this.#orders) {
      if (!wanted.has(user)) {
        link.close();
        this.#orders.delete(user);
      }
    }
    for (const [user, network] of wanted) {
      const url = this.d.urls[network];
      if (url === undefined || this.#orders.has(user)) continue;
      const greet = async () => {
        const stored = await this.d.users.loadKey(user);
        if (!stored || stored.network !== network) return undefined;
        return [
          { id: 1, method: "auth", params: { key: stored.apiKey } },
          { id: 2, method: "subscribe", params: { channel: "activeOrders" } },
        ];
      };
      this.#orders.set(user, new Link(url, greet, () => this.d.onOrders(user), this.d.log));
    }

    const alerts = await db.selectFrom("price_alerts").select(["network", "symbol"]).distinct().execute();
    for (const network of ["production", "testnet"] as const) {
      const url = this.d.urls[network];
      const symbols = alerts.filter((a) => a.network === network).map((a) => a.symbol).sort();
      const current = this.#tickers.get(network);
      if (current && current.symbols.join() === symbols.join()) continue;
      current?.link.close();
      this.#tickers.delete(network);
      if (url === undefined || symbols.length === 0) continue;
      const greet = async () => [{ id: 1, method: "subscribe", params: { channel: "ticker", symbols } }];
      this.#tickers.set(network, { link: new Link(url, greet, () => this.d.onTicker(network), this.d.log), symbols });
    }
  }

  /** Connections open now (for figures and tests). */
  size(): number {
    return this.#orders.size + this.#tickers.size;
  }

  close(): void {
    for (const link of this.#orders.values()) link.close();
    for (const t of this.#tickers.values()) t.link.close();
    this.#orders.clear();
    this.#tickers.clear();
  }
}
