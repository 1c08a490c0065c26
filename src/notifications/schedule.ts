/**
 * The small interface the notification machinery runs on: recurring tasks. `jobsScheduler` puts them
 * on the project's job engine (src/jobs: one run at a time per task, across instances on PostgreSQL);
 * `timerScheduler` runs them on timers in this process (benchmarks, tools).
 */
import type { Logger } from "pino";
import type { Jobs } from "../jobs/types.js";

export interface Scheduler {
  /** Runs `task` about every `intervalMs`, never overlapping itself. */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  /** Stops scheduling and waits for running tasks to finish. */
  stop(): Promise<void>;
}

/** The in-process scheduler: one timer per task, runs never overlap, failures are logged and retried next time. */
export function timerScheduler(log: Logger): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  return {
    every(name, intervalMs, task) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy || stopped) return;
        busy = true;
        const run = task()
          .catch((err: unknown) => log.warn({ err, task: name }, "background task failed"))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, intervalMs);
      timer.unref();
      timers.push(timer);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all([...running]);
    },
  };
}

/**
 * Recurring tasks as jobs that enqueue themselves again after `intervalMs`: the engine runs one at a
 * time per task (across instances on PostgreSQL) and takes a task over when its instance dies. Call
 * `every` before the engine starts; `start()` enqueues the first runs.
 */
export function jobsScheduler(jobs: Jobs): Scheduler & { start(): Promise<void> } {
  const names: string[] = [];
  return {
    every(name, intervalMs, task) {
      jobs.handle(name, async (_data, run) => {
        if (!run.signal.aborted) await task();
        return { again: true, delayMs: intervalMs };
      });
      // A backstop: should a chain of runs break (a crash between two), the engine starts it again.
      jobs.every(name, 1);
      names.push(name);
    },
    async start() {
      for (const name of names) await jobs.enqueue(name, {}, { key: name });
    },
    // The engine's own stop ends the chains.
    async stop() {},
  };
}
