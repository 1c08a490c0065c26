/**
 * Typed handler definitions: each handler receives its operation's parsed input type and must return
 * its reply as it goes on the wire (the reply schema's input: a field the contract makes optional may
 * be left out), so the compiler checks handlers against the contract schemas.
 */
import type { z } from "zod";
import type { OperationId, OperationInput, Operations } from "../../service/operations.js";
import type { SimHandler, SimHandlers, SimReply, SimRequest } from "./types.js";

type Wire<K extends OperationId> = z.input<Operations[K]["reply"]>;
/** What a handler returns: nothing for an operation answered with no body (204). */
type HandlerReply<K extends OperationId> = Wire<K> extends undefined ? void : Wire<K>;

export type TypedHandlers = {
  [K in OperationId]?: (
    input: OperationInput<K>,
    req: SimRequest,
  ) => HandlerReply<K> | SimReply | Promise<HandlerReply<K> | SimReply>;
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
