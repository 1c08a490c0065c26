/**
 * Jobs on PostgreSQL through pg-boss, for several bot instances on one database. Every queue is
 * "stately" (one running and one waiting job per singleton key), jobs send heartbeats, so a job whose
 * instance died is failed by pg-boss's monitor and retried on a live instance, and a failed handler
 * is retried with a growing delay. pg-boss keeps its tables in its own schema.
 */
import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import { againDelay, type EnqueueOptions, type JobHandler, type Jobs } from "./types.js";

/** A job whose instance stops sending heartbeats for this long is taken over (pg-boss's minimum is 10). */
export const HEARTBEAT_SECONDS = 10;

export interface PgBossJobsOptions {
  connectionString: string;
  /** pg-boss's schema (default "pgboss"); tests isolate runs with their own. */
  schema?: string;
  logger: Logger;
  /** How often idle workers look for jobs, in seconds (NOTIFY wakes them sooner). */
  pollingIntervalSeconds?: number;
  /** How often the monitor looks for dead jobs, in seconds. */
  monitorIntervalSeconds?: number;
}

/** What a job carries: its key (to enqueue it again under the same one) and the feature's data. */
interface Envelope {
  key?: string;
  data?: object;
}

export function createPgBossJobs(options: PgBossJobsOptions): Jobs {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    ...(options.schema ? { schema: options.schema } : {}),
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 5,
    max: 4,
  });
  const log = options.logger.child({ component: "jobs" });
  // pg-boss reports connection trouble as events; without a listener an 'error' event would crash.
  boss.on("error", (err) => log.warn({ err }, "job engine error"));
  const handlers = new Map<string, JobHandler<object>>();
  const schedules: { name: string; minutes: number }[] = [];
  const controller = new AbortController();
  let started = false;

  async function enqueue<T extends object>(name: string, data: T, opts: EnqueueOptions = {}): Promise<void> {
    if (controller.signal.aborted) return;
    await enqueueAnyway(name, data, opts);
  }

  /** Also while stopping: a job handed back at shutdown must stay queued for another instance. */
  async function enqueueAnyway<T extends object>(name: string, data: T, opts: EnqueueOptions = {}): Promise<void> {
    const key = opts.key ?? name;
    await boss.send(name, { key, data } satisfies Envelope, {
      singletonKey: key,
      ...(opts.delayMs ? { startAfter: Math.ceil(opts.delayMs / 1000) } : {}),
    });
  }

  return {
    handle(name, handler) {
      if (started) throw new Error("register job handlers before start()");
      handlers.set(name, handler as JobHandler<object>);
    },
    enqueue,
    every(name, minutes) {
      schedules.push({ name, minutes });
    },
    async start() {
      await boss.start();
      started = true;
      for (const [name, handler] of handlers) {
        await boss.createQueue(name, {
          policy: "stately",
          heartbeatSeconds: HEARTBEAT_SECONDS,
          expireInSeconds: 24 * 3600,
          retryLimit: 1_000_000,
          retryDelay: 1,
          retryBackoff: true,
          retryDelayMax: 60,
        });
        await boss.work<Envelope>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, localConcurrency: 4 },
          async ([job]) => {
            if (!job) return;
            const { key = name, data = {} } = job.data ?? {};
            const delay = againDelay(await handler(data, { signal: controller.signal }));
            // A new job under the same key waits behind this one (stately) and runs after it.
            if (delay !== undefined) await enqueueAnyway(name, data, { key, delayMs: delay });
          },
        );
      }
      for (const { name, minutes } of schedules) {
        await boss.schedule(name, minutes === 1 ? "* * * * *" : `*/${minutes} * * * *`, {}, { singletonKey: name });
      }
    },
    async stop(timeoutMs) {
      controller.abort();
      if (!started) return;
      // Graceful: wait for running handlers (they see the aborted signal and hand their job back).
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    async depth() {
      const out: Record<string, number> = {};
      for (const name of handlers.keys()) {
        const queue = await boss.getQueue(name);
        out[name] = (queue?.queuedCount ?? 0) + (queue?.activeCount ?? 0);
      }
      return out;
    },
  };
}
