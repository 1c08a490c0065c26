/**
 * Whether the update being handled has asked the service to change something (any call but a read).
 * Until it has, a failure of the database leaves nothing done, and the person can be told so; after
 * it, the service may have carried something out, and the bot must not say otherwise. Kept per update
 * in an AsyncLocalStorage, so the service calls made anywhere beneath it (conversations included) are
 * seen without passing the update along.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFn } from "grammy";
import { type OperationId, operations } from "../service/operations.js";

const current = new AsyncLocalStorage<{ changes: boolean }>();

/** Middleware (outside the error boundary): follows the service calls of each update. */
export const followServiceChanges: MiddlewareFn = (_ctx, next) => current.run({ changes: false }, next);

/** For the service clients' `onAttempt`: notes a call that may change something at the service. */
export function noteServiceAttempt(attempt: { operationId: string }): void {
  const def = operations[attempt.operationId as OperationId] as { method: string } | undefined;
  if (def === undefined || def.method === "GET") return;
  const update = current.getStore();
  if (update) update.changes = true;
}

/** Whether the update being handled has asked the service to change something. */
export function serviceMayHaveChanged(): boolean {
  return current.getStore()?.changes ?? false;
}
