/**
 * One watcher instance of `bench:watch`, in its own process: the bot's notification watcher over the
 * benchmark's database (BENCH_DB_URL, schema BENCH_DB_SCHEMA on PostgreSQL), polling the simulator
 * child over HTTP. It takes its share of the users as the bot does (a lease row, partition.ts) and
 * polls on timers; the first instance (BENCH_DRAIN=1) also hands notices over, as the job engine runs
 * that on one instance at a time, to an outbox stand-in that tells the parent which object each notice
 * is about. On "stop" it reports its service calls and the peak RSS it sampled while watching.
 */
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { noticeButtons } from "../src/bot/notice-buttons.js";
import { createNotifications } from "../src/notifications/index.js";
import { NOTICE_REF } from "../src/notifications/notices.js";
import { timerScheduler } from "../src/notifications/schedule.js";
import { createServiceFactory } from "../src/service/factory.js";
import { createStorage } from "../src/storage/index.js";

export type ToWorker = { type: "start"; counts: { slots: number; open: number } } | { type: "stop" };
export type FromWorker =
  | { type: "ready" }
  | { type: "placed"; index: number; count: number; stretch: number }
  /** Object ids of notices handed over, each with when (epoch ms). */
  | { type: "handed"; notices: [string, number][] }
  | { type: "done"; calls: number; peakRss: number; peakHeap: number; setupRss: number; share: string };

const env = (name: string) => {
  const v = process.env[name];
  if (v === undefined) throw new Error(`${name} is not set`);
  return v;
};
const INTERVAL_SECONDS = Number(env("INTERVAL_SECONDS"));
const send = (m: FromWorker) => process.send?.(m);

async function main(): Promise<void> {
  const log = pino({ level: "warn" });
  const baseUrls = JSON.parse(env("BENCH_BASE_URLS")) as Record<string, string>;
  const schema = process.env.BENCH_DB_SCHEMA;
  const storage = await createStorage({
    databaseUrl: env("BENCH_DB_URL"),
    keyEncryptionKey: Buffer.from(env("BENCH_KEY"), "hex"),
    keyVersion: 1,
    ...(schema ? { database: { schema } } : {}),
  });
  const services = createServiceFactory(
    { EXCHANGE_BASE_URL: baseUrls.exchange!, PAY_BASE_URL: baseUrls.pay!, EXCHANGE_TESTNET_BASE_URL: baseUrls.exchangeTestnet!, PAY_TESTNET_BASE_URL: baseUrls.payTestnet!, SERVICE_TIMEOUT_MS: 15_000 },
    { logger: log },
  );
  // Notices handed over since the last report (object id, when), sent to the parent every 250 ms.
  let handed: [string, number][] = [];
  const notifications = createNotifications({
    storage,
    services,
    outbox: {
      async write(_trx, messages) {
        const at = Date.now();
        for (const m of messages) handed.push([String(m.ref).slice(NOTICE_REF.length).split(":")[1] ?? "", at]);
      },
      kick() {},
    },
    noticeButtons,
    translatorFor: async () => (key) => key,
    log,
    instance: { id: `watcher-${env("BENCH_INDEX")}` },
    config: {
      WATCH_MIN_INTERVAL_SECONDS: 10,
      WATCH_MAX_INTERVAL_SECONDS: INTERVAL_SECONDS,
      WATCH_IDLE_INTERVAL_SECONDS: INTERVAL_SECONDS * 5,
      WATCH_USER_CALLS_PER_MINUTE: Number(env("CALLS_PER_USER")),
      WATCH_CALLS_PER_MINUTE: Number(env("CALLS_PER_MINUTE")),
      WATCH_CONCURRENCY: Number(env("CONCURRENCY")),
      ALERT_INTERVAL_SECONDS: 15,
      ALERT_REPEAT_MIN_GAP_SECONDS: 300,
      CALLBACK_PUBLIC_URL: undefined,
      CALLBACK_MAX_AGE_SECONDS: 300,
    },
  });
  const setupRss = process.memoryUsage().rss;
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const reporter = setInterval(() => {
    if (handed.length === 0) return;
    send({ type: "handed", notices: handed });
    handed = [];
  }, 250);

  const scheduler = timerScheduler(log);
  process.on("message", (m: ToWorker) => {
    if (m.type === "start") {
      void (async () => {
        // As the bot: the lease (renewed on timers), the intervals fitted to all slots and the whole budget.
        const share = await notifications.partition.renew();
        const stretch = notifications.watcher.fitIntervals(m.counts);
        scheduler.every("watch-lease", notifications.partition.renewEveryMs, () => notifications.partition.renew());
        scheduler.every("watch-round", 1000, () => notifications.watcher.round());
        if (process.env.BENCH_DRAIN === "1") scheduler.every("notices", 250, () => notifications.sender.drain());
        send({ type: "placed", ...share, stretch });
      })();
      return;
    }
    void (async () => {
      await scheduler.stop();
      clearInterval(sampler);
      clearInterval(reporter);
      if (handed.length > 0) send({ type: "handed", notices: handed });
      const share = notifications.partition.share();
      await notifications.partition.leave();
      send({ type: "done", calls: notifications.watcher.calls, peakRss, peakHeap, setupRss, share: share ? `${share.index}/${share.count}` : "-" });
      await storage.close();
      await sleep(100);
      process.exit(0);
    })();
  });
  // The parent gone (killed, or failed): nothing to report to.
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready" });
}

main().catch((err: unknown) => {
  console.error("watcher process failed:", err);
  process.exit(1);
});
