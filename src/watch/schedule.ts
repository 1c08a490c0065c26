/**
 * The small interface the notification machinery runs on: recurring tasks. The in-process adapter
 * below uses timers (and never runs a task while its previous run is still going); a job engine
 * (src/jobs, when present) can implement the same interface with its recurring jobs.
 */
import type { Logger } from "pino";

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
