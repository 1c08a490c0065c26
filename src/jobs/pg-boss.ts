/**
 * Jobs on PostgreSQL through pg-boss, for several bot instances on one database. Every queue is
 * "stately" (one running and one waiting job per singleton key) and jobs send heartbeats: a job whose
 * instance died or froze is failed by pg-boss's supervisor once its heartbeat is HEARTBEAT_SECONDS
 * old, and retried at once on a live instance (8–15 s from the death to the takeover; see
 * docs/operations.md). A handler that throws is retried by the worker holding the job, after a growing
 * backoff (as in process), so pg-boss's own retry, kept for takeovers, never grows slower with a job's
 * past failures. pg-boss keeps its tables in its own schema.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../storage/availability.js";
import { withSessionSettings } from "../storage/database.js";
import { againDelay, type EnqueueOptions, type JobHandler, type JobResult, type Jobs, retryDelayMs } from "./types.js";

/** A job whose instance stops sending heartbeats for this long is taken over (pg-boss's minimum is 10). */
export const HEARTBEAT_SECONDS = 10;
/** How often a running job's heartbeat is written: the takeover comes 8–10 s after the last one. */
const HEARTBEAT_REFRESH_SECONDS = 2;
/**
 * How often pg-boss's supervisor looks for jobs whose heartbeat stopped (its default, 60 s, made a
 * takeover take up to a minute).
 */
const SUPERVISE_SECONDS = 3;

export interface PgBossJobsOptions {
  connectionString: string;
  /** pg-boss's schema (default "pgboss"); tests isolate runs with their own. */
  schema?: string;
  logger: Logger;
  /** How often idle workers look for jobs, in seconds (NOTIFY wakes them sooner). */
  pollingIntervalSeconds?: number;
  /** The server ends a pg-boss session idle inside a transaction this long (ms; 0 or unset: never). */
  idleInTransactionMs?: number;
}

/** What a job carries: its key (to enqueue it again under the same one) and the feature's data. */
interface Envelope {
  key?: string;
  data?: object;
}

export function createPgBossJobs(options: PgBossJobsOptions): Jobs {
  const boss = new PgBoss({
    connectionString: withSessionSettings(
      options.connectionString,
      options.idleInTransactionMs ? { idle_in_transaction_session_timeout: options.idleInTransactionMs } : {},
    ),
    ...(options.schema ? { schema: options.schema } : {}),
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    max: 4,
  });
  const log = options.logger.child({ component: "jobs" });
  // pg-boss reports connection trouble as events; without a listener an 'error' event would crash.
  // Its reconnects through a database outage are expected: the outage is logged once by the bot's
  // own pool (storage), not once per pg-boss poll.
  boss.on("error", (err) => {
    if (isDatabaseUnavailable(err)) log.debug({ err }, "job engine waits for the database");
    else log.warn({ err }, "job engine error");
  });
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
        // pg-boss retries a job only when its instance is gone (its own handler failures are retried
        // below): at once, however often it happened before. updateQueue brings a queue made by an
        // earlier deployment to the same settings.
        const retry = { retryLimit: 1_000_000, retryDelay: 0, retryBackoff: false, expireInSeconds: 24 * 3600 };
        await boss.createQueue(name, { policy: "stately", heartbeatSeconds: HEARTBEAT_SECONDS, ...retry });
        await boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS, retryDelayMax: null, ...retry });
        await boss.work<Envelope>(
          name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            batchSize: 1,
            localConcurrency: 4,
            heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
          },
          async ([job]) => {
            if (!job) return;
            const { key = name, data = {} } = job.data ?? {};
            // job.signal: pg-boss found this job no longer held by this worker (taken over).
            const signal = AbortSignal.any([controller.signal, job.signal]);
            /** Whether this worker still holds the job (read back; unknown counts as held). */
            const held = async () => {
              const now = await boss.getJobById(name, job.id).catch(() => undefined);
              return now === undefined || (now?.state === "active" && now.retryCount === job.retryCount);
            };
            let result: JobResult;
            for (let failures = 1; ; failures++) {
              try {
                result = await handler(data, { signal });
                break;
              } catch (err) {
                const wait = retryDelayMs(failures);
                // A database outage is logged once where the database is watched, not by every job it stops.
                if (err instanceof DatabaseUnavailableError) log.debug({ err, job: name, key, wait }, "job waits for the database");
                else log.warn({ err, job: name, key, wait }, "job failed; retrying");
                const slept = await sleep(wait, true, { signal }).catch(() => false);
                if (slept && (await held())) continue;
                // Stopping, or the job is another worker's now: it runs again after the backoff (stately:
                // behind the one running).
                await enqueueAnyway(name, data, { key, delayMs: wait });
                return;
              }
            }
            if (job.signal.aborted && !controller.signal.aborted)
              log.info({ job: name, key }, "another instance took this job over; its run here ended");
            const delay = againDelay(result);
            // A new job under the same key waits behind the one running (stately) and runs after it.
            if (delay !== undefined) await enqueueAnyway(name, data, { key, delayMs: delay });
          },
        );
      }
      for (const { name, minutes } of schedules) {
        await boss.schedule(name, minutes === 1 ? "* * * * *" : `*/${minutes} * * * *`, {}, { singletonKey: name });
      }
      // A schedule an earlier version made and this one no longer declares would fill a queue nobody
      // works on (the watcher's rounds, now on each instance's own timer): it goes.
      const declared = new Set(schedules.map((s) => s.name));
      for (const old of await boss.getSchedules()) {
        if (!declared.has(old.name)) await boss.unschedule(old.name, old.key);
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
