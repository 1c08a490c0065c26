/**
 * Typed handler definitions: each handler receives its operation's parsed input type and must return
 * its reply type, so the compiler checks handlers against the contract schemas.
 */
import type { OperationId, OperationInput, OperationReply } from "../service/operations.js";
import type { SimHandler, SimHandlers, SimReply, SimRequest } from "./types.js";

export type TypedHandlers = {
  [K in OperationId]?: (
    input: OperationInput<K>,
    req: SimRequest,
  ) => OperationReply<K> | SimReply | Promise<OperationReply<K> | SimReply>;
};

/** Turns typed handlers into the server's `SimHandlers` (the input was parsed by the operation's schema). */
export function defineHandlers(typed: TypedHandlers): SimHandlers {
  const handlers: SimHandlers = {};
  for (const [id, fn] of Object.entries(typed) as [
    OperationId,
    (input: unknown, req: SimRequest) => unknown,
  ][]) {
    handlers[id] = ((req) => fn(req.input, req)) satisfies SimHandler;
  }
  return handlers;
}
