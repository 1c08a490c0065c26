/**
 * Price alerts: "tell me when BTC-USDT goes above 100000". Public market data, so they work without a
 * key. One ticker request per network serves every alert on every symbol being watched. An alert
 * fires once and is removed, or — "every time" — waits until the price has gone back across and at
 * least the minimum gap has passed, then is armed again. Firing and queueing its notice are one
 * transaction guarded by the alert's state, so it fires once per crossing even across restarts.
 */
import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import { newClientId } from "../domain/ids.js";
import { money } from "../domain/money.js";
import type { NetworkName } from "../domain/networks.js";
import { RateLimitedError } from "../service/errors.js";
import type { ServiceFactory } from "../service/factory.js";
import type { Database, PriceAlertsTable } from "../storage/schema.js";
import type { NoticePayload } from "./detect.js";
import { queueNotice } from "./store.js";

export type AlertDirection = "above" | "below";

export interface PriceAlert {
  id: string;
  telegramId: number;
  network: NetworkName;
  symbol: string;
  direction: AlertDirection;
  price: string;
  repeat: boolean;
  armed: boolean;
  firedCount: number;
  lastFiredAt: number | null;
}

/** What a user asks for; the rest of PriceAlert is the alert's life. */
export type NewAlert = Pick<PriceAlert, "telegramId" | "network" | "symbol" | "direction" | "price" | "repeat">;

/** What adding an alert came to: created, the same alert kept already, or the user's limit reached. */
export type AddedAlert =
  | { kind: "created"; alert: PriceAlert }
  | { kind: "duplicate"; existing: PriceAlert }
  | { kind: "too-many" };

/** Alerts one user may keep at once. */
export const MAX_ALERTS_PER_USER = 20;

const toAlert = (r: Selectable<PriceAlertsTable>): PriceAlert => ({
  id: r.id,
  telegramId: r.telegram_id,
  network: r.network as NetworkName,
  symbol: r.symbol,
  direction: r.direction as AlertDirection,
  price: r.price,
  repeat: r.repeat === 1,
  armed: r.armed === 1,
  firedCount: r.fired_count,
  lastFiredAt: r.last_fired_at,
});

export function createAlertStore(db: Kysely<Database>) {
  return {
    /**
     * Adds an alert, unless the user already has the same one (network, pair, direction and price:
     * it would fire at the same moment) or MAX_ALERTS_PER_USER. The check and the insert are one
     * transaction; a chat's updates are handled one at a time, so two identical requests never race.
     */
    async add(a: NewAlert, now: number): Promise<AddedAlert> {
      const price = money.normalise(a.price);
      return db.transaction().execute(async (trx) => {
        const mine = await trx.selectFrom("price_alerts").selectAll().where("telegram_id", "=", a.telegramId).execute();
        const same = mine.find(
          (r) => r.network === a.network && r.symbol === a.symbol && r.direction === a.direction && money.eq(r.price, price),
        );
        if (same) return { kind: "duplicate", existing: toAlert(same) };
        if (mine.length >= MAX_ALERTS_PER_USER) return { kind: "too-many" };
        const row = {
          id: newClientId("al"),
          telegram_id: a.telegramId,
          network: a.network,
          symbol: a.symbol,
          direction: a.direction,
          price,
          repeat: a.repeat ? 1 : 0,
          armed: 1,
          fired_count: 0,
          last_fired_at: null,
          created_at: now,
        };
        await trx.insertInto("price_alerts").values(row).execute();
        return { kind: "created", alert: toAlert(row) };
      });
    },

    /** The user's alert that is the same as `a` (network, pair, direction and price), if any. */
    async findSame(a: Omit<NewAlert, "repeat">): Promise<PriceAlert | undefined> {
      const rows = await db
        .selectFrom("price_alerts")
        .selectAll()
        .where("telegram_id", "=", a.telegramId)
        .where("network", "=", a.network)
        .where("symbol", "=", a.symbol)
        .where("direction", "=", a.direction)
        .execute();
      const same = rows.find((r) => money.eq(r.price, a.price));
      return same ? toAlert(same) : undefined;
    },

    /** How many alerts the user keeps. */
    async count(telegramId: number): Promise<number> {
      const row = await db
        .selectFrom("price_alerts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("telegram_id", "=", telegramId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async list(telegramId: number): Promise<PriceAlert[]> {
      const rows = await db
        .selectFrom("price_alerts")
        .selectAll()
        .where("telegram_id", "=", telegramId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toAlert);
    },

    /** Sets whether one of the user's alerts tells every crossing; undefined when it is gone. */
    async setRepeat(telegramId: number, id: string, repeat: boolean): Promise<PriceAlert | undefined> {
      await db
        .updateTable("price_alerts")
        .set({ repeat: repeat ? 1 : 0 })
        .where("telegram_id", "=", telegramId)
        .where("id", "=", id)
        .execute();
      const row = await db
        .selectFrom("price_alerts")
        .selectAll()
        .where("telegram_id", "=", telegramId)
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toAlert(row) : undefined;
    },

    /** Removes one of the user's alerts; false when it was not there (already fired or removed). */
    async remove(telegramId: number, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom("price_alerts")
        .where("telegram_id", "=", telegramId)
        .where("id", "=", id)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },

    /** Every alert, grouped by network and symbol (what the round must price). */
    async all(): Promise<PriceAlert[]> {
      return (await db.selectFrom("price_alerts").selectAll().execute()).map(toAlert);
    },

    /** Fires an armed alert at `last` and queues its notice, once; false when it was not armed any more. */
    async fire(alert: PriceAlert, last: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const changed = alert.repeat
          ? (
              await trx
                .updateTable("price_alerts")
                .set({ armed: 0, fired_count: alert.firedCount + 1, last_fired_at: now })
                .where("id", "=", alert.id)
                .where("armed", "=", 1)
                .where("fired_count", "=", alert.firedCount)
                .executeTakeFirst()
            ).numUpdatedRows
          : (await trx.deleteFrom("price_alerts").where("id", "=", alert.id).executeTakeFirst()).numDeletedRows;
        if (changed === 0n) return false;
        const payload: NoticePayload = {
          type: "price-alert",
          alertId: alert.id,
          symbol: alert.symbol,
          network: alert.network,
          direction: alert.direction,
          price: alert.price,
          last,
          repeat: alert.repeat,
        };
        await queueNotice(trx, alert.telegramId, "alerts", { id: `alert:${alert.id}:${alert.firedCount + 1}`, payload }, now);
        return true;
      });
    },

    async rearm(id: string): Promise<void> {
      await db.updateTable("price_alerts").set({ armed: 1 }).where("id", "=", id).execute();
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;

/** Whether `last` is on the alert's side of its price. */
export function reached(a: Pick<PriceAlert, "direction" | "price">, last: string): boolean {
  return a.direction === "above" ? money.gte(last, a.price) : money.lte(last, a.price);
}

export interface AlertWatcherDeps {
  alerts: AlertStore;
  services: ServiceFactory;
  log: Logger;
  now: () => number;
  /** Least time between two firings of an "every time" alert. */
  minGapMs: number;
}

export class AlertWatcher {
  calls = 0;
  #pausedUntil = 0;
  constructor(private readonly d: AlertWatcherDeps) {}

  /** Prices every watched symbol once per network and fires or re-arms alerts. Returns how many fired. */
  async round(): Promise<number> {
    const now = this.d.now();
    if (now < this.#pausedUntil) return 0;
    const alerts = await this.d.alerts.all();
    let fired = 0;
    for (const network of ["production", "testnet"] as const) {
      const mine = alerts.filter((a) => a.network === network);
      if (mine.length === 0) continue;
      const symbols = [...new Set(mine.map((a) => a.symbol))].sort();
      let prices: Map<string, string>;
      try {
        this.calls++;
        const tickers = await this.d.services.public(network).exchange.getTicker({ tickerType: "24h", symbols });
        prices = new Map(tickers.tickers.map((t) => [t.symbol, t.last]));
      } catch (err) {
        if (err instanceof RateLimitedError) this.#pausedUntil = now + err.retryAfterMs;
        this.d.log.warn({ err, network }, "price alerts: could not read tickers");
        continue;
      }
      for (const a of mine) {
        const last = prices.get(a.symbol);
        if (last === undefined) continue;
        const hit = reached(a, last);
        if (a.armed && hit) {
          if (await this.d.alerts.fire(a, last, this.d.now())) fired++;
        } else if (!a.armed && !hit && now - (a.lastFiredAt ?? 0) >= this.d.minGapMs) {
          await this.d.alerts.rearm(a.id);
        }
      }
    }
    return fired;
  }
}
