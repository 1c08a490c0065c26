/**
 * Timing knobs of the mass-transfer runner, process-wide. Production uses the defaults; tests and the
 * benchmark shorten the waits, and tests use `hooks.checkpoint` to stop a runner dead at a chosen
 * point (a simulated crash: it never returns, so nothing after that point is written).
 */
export type Checkpoint = "before_send" | "after_send" | "between_batches";

export interface MassTuning {
  /** Least time between two edits of the progress message (Telegram: about one edit a second per chat). */
  progressIntervalMs: number;
  /** First wait after a failed call; doubled per consecutive failure up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /**
   * Failed service calls in a row after which the job pauses and the operator is told (with the
   * defaults, after about a minute of failing: 0.5 + 1 + 2 + … + 30 s of backoff).
   */
  maxConsecutiveFailures: number;
  /**
   * A batch's "mark sending" step that took longer than this may have spanned a freeze of the
   * process: the run checks it still holds the job before sending.
   */
  leaseRecheckMs: number;
  /** Parallel lookups by client id when reconciling. */
  reconcileConcurrency: number;
  hooks: {
    checkpoint?: (point: Checkpoint, info: { jobId: string; batch: number }) => void | Promise<void>;
  };
}

export const massTuning: MassTuning = {
  progressIntervalMs: 2000,
  backoffMs: 500,
  maxBackoffMs: 30_000,
  maxConsecutiveFailures: 8,
  leaseRecheckMs: 1000,
  reconcileConcurrency: 8,
  hooks: {},
};
