/**
 * Background work, as features see it: named jobs with JSON data, enqueued, scheduled and handled. Two
 * adapters implement it: in process (SQLite, one instance) and pg-boss (PostgreSQL, several instances).
 * Features register handlers and enqueue; they never import an engine.
 *
 * Guarantees on both: jobs with the same `key` run one at a time (across instances on PostgreSQL), and
 * at most one more waits behind the running one, so enqueueing a key twice is harmless. A handler that
 * throws is retried after a backoff; on PostgreSQL a job whose instance died is taken over by another
 * instance once its heartbeat stops. Handlers must therefore be safe to run again from the start.
 */
export interface JobRun {
  /**
   * Aborted when this instance shuts down, and (PostgreSQL) when the engine finds that another
   * instance runs this job now (this one's heartbeat stopped, e.g. while the process was frozen):
   * finish the current step, then return "again" (the next run comes after the one running).
   */
  signal: AbortSignal;
}

/** "again": run this job once more (soon, or after `delayMs`), e.g. when handing it back at shutdown. */
export type JobResult = void | "again" | { again: true; delayMs: number };

export type JobHandler<T> = (data: T, run: JobRun) => Promise<JobResult>;

export interface EnqueueOptions {
  /** One running and one waiting job per key; defaults to the job's name. */
  key?: string;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
}

export interface Jobs {
  /** Registers the handler of a job name; call before start(). */
  handle<T extends object>(name: string, handler: JobHandler<T>): void;
  /** Enqueues a job; with the key of a job already waiting, nothing is added. */
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<void>;
  /** Runs the job (with empty data) every `minutes` minutes, on one instance at a time. */
  every(name: string, minutes: number): void;
  /** Starts working (and the schedules). */
  start(): Promise<void>;
  /** Stops taking jobs, aborts the running ones' signals and waits up to `timeoutMs` for them. */
  stop(timeoutMs: number): Promise<void>;
  /** Jobs waiting or running, by name (for /metrics). */
  depth(): Promise<Record<string, number>>;
}

/** First retry delay after a failed handler; doubled per failure in a row, up to a minute. */
export const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 60_000;

/** The wait before the next try of a job whose handler failed `failures` times in a row. */
export function retryDelayMs(failures: number, firstMs = RETRY_FIRST_MS): number {
  return Math.min(RETRY_MAX_MS, firstMs * 2 ** Math.max(0, failures - 1));
}

/** The delay before running a job again that asked for it. */
export function againDelay(result: JobResult): number | undefined {
  if (result === "again") return 0;
  if (result && typeof result === "object") return result.delayMs;
  return undefined;
}
