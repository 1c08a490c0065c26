/**
 * Jobs in this process: for SQLite, where one bot instance owns the database. Nothing is persisted:
 * whatever a crash interrupts is found again in the features' own tables at start (they enqueue it
 * from their resume step), which is also how the PostgreSQL adapter's jobs are re-created if lost.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { DatabaseUnavailableError } from "../storage/availability.js";
import { againDelay, type EnqueueOptions, type JobHandler, type Jobs, RETRY_FIRST_MS, retryDelayMs } from "./types.js";

interface Slot {
  running: Promise<void> | null;
  waiting: { data: object } | null;
}

export interface InProcessJobsOptions {
  logger: Logger;
  /** First retry delay after a failed job (doubling up to a minute); tests shorten it. */
  retryFirstMs?: number;
}

export function createInProcessJobs(options: InProcessJobsOptions): Jobs {
  const handlers = new Map<string, JobHandler<object>>();
  const slots = new Map<string, Slot>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules: { name: string; minutes: number }[] = [];
  const controller = new AbortController();
  const log = options.logger.child({ component: "jobs" });
  const retryFirst = options.retryFirstMs ?? RETRY_FIRST_MS;

  const later = (ms: number, fn: () => void) => {
    if (controller.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const run = (name: string, key: string, slot: Slot, data: object): void => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no handler for job ${name}`);
    slot.running = (async () => {
      for (let failures = 0; !controller.signal.aborted; ) {
        try {
          const delay = againDelay(await handler(data, { signal: controller.signal }));
          if (delay !== undefined) later(delay, () => void enqueue(name, data, { key }));
          return;
        } catch (err) {
          failures++;
          const wait = retryDelayMs(failures, retryFirst);
          // A database outage is logged once where the database is watched, not by every job it stops.
          if (err instanceof DatabaseUnavailableError) log.debug({ err, job: name, key, wait }, "job waits for the database");
          else log.warn({ err, job: name, key, wait }, "job failed; retrying");
          await sleep(wait, undefined, { signal: controller.signal }).catch(() => undefined);
        }
      }
    })().finally(() => {
      slot.running = null;
      const next = slot.waiting;
      slot.waiting = null;
      if (next && !controller.signal.aborted) run(name, key, slot, next.data);
      else if (!next) slots.delete(`${name}\u0000${key}`);
    });
  };

  async function enqueue<T extends object>(name: string, data: T, opts: EnqueueOptions = {}): Promise<void> {
    if (controller.signal.aborted) return;
    if (opts.delayMs) {
      const { delayMs: _, ...rest } = opts;
      later(opts.delayMs, () => void enqueue(name, data, rest));
      return;
    }
    const key = opts.key ?? name;
    const id = `${name}\u0000${key}`;
    let slot = slots.get(id);
    if (!slot) {
      slot = { running: null, waiting: null };
      slots.set(id, slot);
    }
    if (slot.running) slot.waiting ??= { data };
    else run(name, key, slot, data);
  }

  return {
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    enqueue,
    every(name, minutes) {
      schedules.push({ name, minutes });
    },
    async start() {
      for (const { name, minutes } of schedules) {
        const timer = setInterval(() => void enqueue(name, {}), minutes * 60_000);
        timer.unref();
        timers.add(timer as unknown as NodeJS.Timeout);
      }
    },
    async stop(timeoutMs) {
      controller.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const running = [...slots.values()].map((s) => s.running).filter((p) => p !== null);
      await Promise.race([Promise.allSettled(running), sleep(timeoutMs)]);
    },
    async depth() {
      const out: Record<string, number> = {};
      for (const [id, slot] of slots) {
        const name = id.slice(0, id.indexOf("\u0000"));
        out[name] = (out[name] ?? 0) + (slot.running ? 1 : 0) + (slot.waiting ? 1 : 0);
      }
      return out;
    },
  };
}
