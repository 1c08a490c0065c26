/**
 * Injected faults: the next `count` requests to an operation (on any origin, either network) are
 * delayed, failed, rate limited or cut off, so retry and reconciliation paths can be tested.
 */
import { z } from "zod";
import { type OperationId, operations } from "../../service/operations.js";

export const FaultMode = z.enum(["latency", "error5xx", "rateLimit", "dropBefore", "dropAfter"]);
export type FaultMode = z.infer<typeof FaultMode>;

export const FaultSpec = z.object({
  operationId: z.enum(Object.keys(operations) as [OperationId, ...OperationId[]]),
  mode: FaultMode,
  count: z.number().int().min(1).default(1),
  /** latency: the delay; rateLimit: the Retry-After (rounded up to whole seconds). */
  ms: z.number().int().min(0).default(1000),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

/** One injected fault as a request meets it. */
export interface Fault {
  mode: FaultMode;
  ms: number;
}

export class FaultBook {
  readonly #pending: FaultSpec[] = [];

  /** Queues a fault; faults of one operation are used up in the order they were added. */
  add(spec: FaultSpec): void {
    this.#pending.push({ ...spec });
  }

  clear(): void {
    this.#pending.length = 0;
  }

  /** Drops the faults of one operation and mode still pending (a standing latency switched off). */
  remove(operationId: OperationId, mode: FaultMode): void {
    for (let i = this.#pending.length - 1; i >= 0; i--) {
      const f = this.#pending[i]!;
      if (f.operationId === operationId && f.mode === mode) this.#pending.splice(i, 1);
    }
  }

  list(): FaultSpec[] {
    return this.#pending.map((f) => ({ ...f }));
  }

  /** Uses up one count of the oldest fault for the operation, if any. */
  take(operationId: OperationId): Fault | undefined {
    const i = this.#pending.findIndex((f) => f.operationId === operationId);
    if (i < 0) return undefined;
    const spec = this.#pending[i] as FaultSpec;
    spec.count -= 1;
    if (spec.count === 0) this.#pending.splice(i, 1);
    return { mode: spec.mode, ms: spec.ms };
  }
}
