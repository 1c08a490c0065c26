/**
 * Notifications, put together: the change detector's store, the watcher (polling), price alerts, the
 * notice sender and the callback receiver, all feeding one path (detector → notices → outbox). They
 * run on a Scheduler (the job engine in the bot, timers in the benchmark).
 */
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { ServiceFactory } from "../service/factory.js";
import type { SqlStorage } from "../storage/index.js";
import type { NoticeTopic } from "../storage/notify-settings.js";
import { AlertWatcher, createAlertStore } from "./alerts.js";
import { type CallbackDeps, callbackUrl, refusalLog } from "./callbacks.js";
import { Cheque, type Invoice, Order } from "../service/schemas.js";
import type { NoticePayload, Watched, WatchKind } from "./detect.js";
import { type NoticeButtons, type NoticeOutbox, NoticeSender } from "./notices.js";
import type { WorthReader } from "../domain/worth.js";
import { WatchPartition } from "./partition.js";
import { type Scheduler, timerScheduler } from "./schedule.js";
import { createWatchStore, queueNotice } from "./store.js";
import { ExchangeStreams } from "./stream.js";
import { Watcher } from "./watcher.js";

export type NotificationsConfig = Pick<
  Config,
  | "WATCH_MIN_INTERVAL_SECONDS"
  | "WATCH_MAX_INTERVAL_SECONDS"
  | "WATCH_IDLE_INTERVAL_SECONDS"
  | "WATCH_USER_CALLS_PER_MINUTE"
  | "WATCH_CALLS_PER_MINUTE"
  | "WATCH_CONCURRENCY"
  | "ALERT_INTERVAL_SECONDS"
  | "ALERT_REPEAT_MIN_GAP_SECONDS"
  | "CALLBACK_PUBLIC_URL"
  | "CALLBACK_MAX_AGE_SECONDS"
> &
  Partial<Pick<Config, "EXCHANGE_WS_URL" | "EXCHANGE_TESTNET_WS_URL">>;

/** What the bot's features tell the notification watcher. */
export interface WatchHooks {
  /**
   * An action of `actionKind` (the confirmation's kind) was carried out for the user: what it made
   * (`result`, a cheque or an order) is watched from now, in the state it was made in, and looked at soon.
   */
  actionDone(telegramId: number, actionKind: string, result?: unknown): Promise<void>;
  /** An invoice was just created for the user: watched from now, as it was made, and looked at soon. */
  invoiceCreated(telegramId: number, invoice?: Invoice): Promise<void>;
  /** A key was linked (or the network switched): the user is watched at once, not at the next sync. */
  keyLinked(telegramId: number): Promise<void>;
  /**
   * A transfer of this bot reached `to`, another person of this bot: they are told once (the notice's
   * id is the operation's), when they have started the bot.
   */
  transferReceived(t: ReceivedTransfer): Promise<void>;
  /** `{ callback }` for the user's new objects when they stored a webhook secret and the bot has a public URL; else `{}`. */
  callbackFor(telegramId: number): Promise<{ callback?: { callbackUrl: string } }>;
}

/** A transfer one person of this bot made to another, as the journal recorded it. */
export interface ReceivedTransfer {
  operationId: string;
  to: number;
  from: number;
  asset: string;
  amount: string;
  description?: string;
}

export interface NotificationsDeps {
  storage: Pick<SqlStorage, "db" | "users" | "notifySettings">;
  services: ServiceFactory;
  outbox: NoticeOutbox;
  /** The data of the buttons under notices, from the features that answer them. */
  noticeButtons: NoticeButtons;
  translatorFor: (telegramId: number) => Promise<(key: string, vars?: Record<string, string | number>) => string>;
  log: Logger;
  now?: () => number;
  config: NotificationsConfig;
  /** Names this instance among those sharing the watched users (random by default); how long it counts as live. */
  instance?: { id?: string; leaseMs?: number };
  /** A person's fiat and an asset's rate in it, for the worth beside a notice's amount. */
  worthOf?: WorthReader;
}

/** Confirmation kinds (see the features' actions) that create something worth watching. */
const WATCHED_ACTIONS: Record<string, WatchKind | undefined> = { cheque_create: "cheque", order: "order" };
/** Slots are reconciled with users and settings this often (new keys, kinds turned on or off). */
const SYNC_EVERY_MS = 60_000;
const ROUND_EVERY_MS = 1_000;
const DRAIN_EVERY_MS = 250;
/** The notice topic of money received from another person of this bot (its switch is under /notify). */
const RECEIVED_TOPIC: NoticeTopic = "transfers";
const BLOCKED_EVERY_MS = 5_000;
const STREAM_SYNC_EVERY_MS = 30_000;

export function createNotifications(d: NotificationsDeps) {
  const now = d.now ?? Date.now;
  const { db } = d.storage;
  const c = d.config;
  const store = createWatchStore(db);
  const alerts = createAlertStore(db);
  const partition = new WatchPartition(db, {
    now,
    ...(d.instance?.id ? { instanceId: d.instance.id } : {}),
    ...(d.instance?.leaseMs ? { leaseMs: d.instance.leaseMs } : {}),
  });
  // The rounds and the lease run in every instance, on its own timers: each polls its share of the users.
  const local = timerScheduler(d.log.child({ component: "watcher" }));
  const watcher = new Watcher({
    share: () => partition.share(),
    store,
    users: d.storage.users,
    services: d.services,
    log: d.log.child({ component: "watcher" }),
    now,
    options: {
      minIntervalMs: c.WATCH_MIN_INTERVAL_SECONDS * 1000,
      maxIntervalMs: c.WATCH_MAX_INTERVAL_SECONDS * 1000,
      idleIntervalMs: c.WATCH_IDLE_INTERVAL_SECONDS * 1000,
      userCallsPerMinute: c.WATCH_USER_CALLS_PER_MINUTE,
      callsPerMinute: c.WATCH_CALLS_PER_MINUTE,
      concurrency: c.WATCH_CONCURRENCY,
      batch: 2000,
    },
  });
  const alertWatcher = new AlertWatcher({
    alerts,
    services: d.services,
    log: d.log.child({ component: "alerts" }),
    now,
    minGapMs: c.ALERT_REPEAT_MIN_GAP_SECONDS * 1000,
  });
  const sender = new NoticeSender({
    db,
    settings: d.storage.notifySettings,
    outbox: d.outbox,
    buttons: d.noticeButtons,
    translatorFor: d.translatorFor,
    log: d.log.child({ component: "notices" }),
    now,
    ...(d.worthOf ? { worthOf: d.worthOf } : {}),
  });
  const hint = (telegramId: number, kind: WatchKind) => store.pollSoon(telegramId, kind, now());
  /**
   * What the bot itself made is remembered as it was made, so a change before the watcher's first look
   * at the user (an invoice paid within a minute of a key being linked) is still announced; the user's
   * slots are made at once if the key is new, and the kind is looked at soon.
   */
  const watchFromCreation = async (telegramId: number, made: Watched | undefined, kind: WatchKind) => {
    await store.syncSlots(now(), telegramId);
    if (made) await watcher.observe(telegramId, made, true);
    await hint(telegramId, kind);
  };
  const callbacks: CallbackDeps = {
    store,
    settings: d.storage.notifySettings,
    refused: refusalLog(d.log.child({ component: "callbacks" }), now),
    now,
    maxAgeMs: c.CALLBACK_MAX_AGE_SECONDS * 1000,
    hint,
  };
  // A price push prices the alerts at once (one run at a time; pushes meanwhile are covered by it).
  let pricing: Promise<unknown> | undefined;
  const streams = new ExchangeStreams({
    db,
    users: d.storage.users,
    urls: {
      ...(c.EXCHANGE_WS_URL ? { production: c.EXCHANGE_WS_URL } : {}),
      ...(c.EXCHANGE_TESTNET_WS_URL ? { testnet: c.EXCHANGE_TESTNET_WS_URL } : {}),
    },
    log: d.log.child({ component: "exchange-stream" }),
    onOrders: (telegramId) => void hint(telegramId, "order").catch(() => undefined),
    onTicker: () => {
      pricing ??= alertWatcher
        .round()
        .catch((err: unknown) => d.log.warn({ err }, "price alerts after a push failed"))
        .finally(() => (pricing = undefined));
    },
  });
  const hooks: WatchHooks = {
    async actionDone(telegramId, actionKind, result) {
      const kind = WATCHED_ACTIONS[actionKind];
      if (kind === undefined) return;
      const made = kind === "cheque" ? Cheque.safeParse(result) : Order.safeParse(result);
      await watchFromCreation(telegramId, made.success ? ({ kind, object: made.data } as Watched) : undefined, kind);
    },
    invoiceCreated: (telegramId, invoice) =>
      watchFromCreation(telegramId, invoice ? { kind: "invoice", object: invoice } : undefined, "invoice"),
    keyLinked: (telegramId) => store.syncSlots(now(), telegramId),
    async transferReceived(r) {
      // Someone who never started the bot cannot be written to; the service's own bot tells them.
      if (!(await d.storage.users.get(r.to))) return;
      const payload: NoticePayload = {
        type: "transfer-received",
        senderId: r.from,
        asset: r.asset,
        amount: r.amount,
        ...(r.description ? { description: r.description } : {}),
      };
      await queueNotice(db, r.to, RECEIVED_TOPIC, { id: `rcv-${r.operationId}`, payload }, now());
      void sender.drain().catch((err: unknown) => d.log.warn({ err }, "notices not drained"));
    },
    async callbackFor(telegramId) {
      if (c.CALLBACK_PUBLIC_URL === undefined) return {};
      const settings = await d.storage.notifySettings.get(telegramId);
      return settings.hasSecret ? { callback: { callbackUrl: callbackUrl(c.CALLBACK_PUBLIC_URL, telegramId) } } : {};
    },
  };

  return {
    /** Stops this instance's rounds and gives its users to the other instances at once. */
    async stop(): Promise<void> {
      await local.stop();
      await partition.leave().catch((err: unknown) => d.log.warn({ err }, "the watcher could not leave the live set"));
    },
    store,
    alerts,
    watcher,
    alertWatcher,
    sender,
    callbacks,
    hooks,
    streams,
    partition,
    /** Registers the recurring work on `scheduler` (before a job engine starts). */
    schedule(scheduler: Scheduler): void {
      scheduler.every("watch-sync", SYNC_EVERY_MS, async () => {
        await store.syncSlots(now());
        await store.pruneDeliveries(now() - 2 * c.CALLBACK_MAX_AGE_SECONDS * 1000);
      });
      // Per instance: its lease and share, the intervals fitted to all slots, its rounds.
      local.every("watch-lease", partition.renewEveryMs, () => partition.renew());
      local.every("watch-fit", SYNC_EVERY_MS, async () => watcher.fitIntervals(await store.slotCounts()));
      void partition
        .renew()
        .then(async () => watcher.fitIntervals(await store.slotCounts()))
        .catch((err: unknown) => d.log.warn({ err }, "the watcher could not take its share yet"));
      local.every("watch-round", ROUND_EVERY_MS, () => watcher.round());
      scheduler.every("price-alerts", c.ALERT_INTERVAL_SECONDS * 1000, () => alertWatcher.round());
      scheduler.every("notices", DRAIN_EVERY_MS, () => sender.drain());
      scheduler.every("notices-blocked", BLOCKED_EVERY_MS, () => sender.syncBlocked());
      if (c.EXCHANGE_WS_URL || c.EXCHANGE_TESTNET_WS_URL) {
        scheduler.every("exchange-streams", STREAM_SYNC_EVERY_MS, () => streams.sync());
      }
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
