/**
 * Handling of one API request: record it, apply an injected fault, check the key, parse the input
 * with the operation's schema, run the handler and check its reply against the contract before it
 * leaves (a handler bug becomes a 500 naming the mismatch rather than a silently wrong reply).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { replyOf } from "../../service/operations.js";
import { refusalKindOf } from "../../service/schemas.js";
import { parseJson, readBody, sendEmpty, sendJsonText, sendProblem } from "./http.js";
import { onTheWire, problems } from "./problems.js";
import { buildInput, queryObject, type RouteMatch } from "./routes.js";
import type { Simulator } from "./simulator.js";
import { type SimAccount, type SimHandlers, SimProblem, type SimReply, type World } from "./types.js";

/** A reply serialised when the handler returned, so later changes to the state cannot leak into it. */
type Outcome = { status: number; text: string } | SimProblem;

interface ApiRequest {
  match: RouteMatch;
  req: IncomingMessage;
  query: Record<string, string | string[]>;
  body: unknown;
}

/** Serves a request already matched to an operation. */
export async function handleApi(
  sim: Simulator,
  handlers: SimHandlers,
  match: RouteMatch,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const text = await readBody(req);
  const query = queryObject(url.searchParams);
  let body: unknown;
  let bodyError: unknown;
  try {
    body = parseJson(text);
  } catch (err) {
    bodyError = err;
    body = text;
  }
  const { def, operationId, network, api } = match;
  sim.requests.add({
    operationId,
    network,
    api,
    method: def.method,
    path: url.pathname,
    query,
    body: body ?? null,
  });

  const fault = sim.faults.take(operationId);
  switch (fault?.mode) {
    case "latency":
      await sleep(fault.ms);
      break;
    case "error5xx":
      return sendProblem(res, problems.internal("Injected failure; the action was not carried out."));
    case "rateLimit":
      return sendProblem(res, new SimProblem(429, "rate_limit", "Request rate exceeded; retry later."), {
        "retry-after": String(Math.ceil(fault.ms / 1000)),
      });
    case "dropBefore":
      req.socket.destroy();
      return;
  }

  let outcome: Outcome;
  try {
    if (bodyError !== undefined) throw bodyError;
    outcome = await dispatch(handlers, sim, sim.worlds[network], { match, req, query, body });
  } catch (err) {
    outcome = toProblem(err);
  }
  if (fault?.mode === "dropAfter") {
    // The action (if accepted) is done; the client never learns it.
    req.socket.destroy();
    return;
  }
  if (outcome instanceof SimProblem) sendProblem(res, onTheWire(outcome, api, operationId));
  else if (outcome.status === 204) sendEmpty(res);
  else sendJsonText(res, outcome.status, outcome.text);
}

async function dispatch(
  handlers: SimHandlers,
  sim: Simulator,
  world: World,
  { match, req, query, body }: ApiRequest,
): Promise<Outcome> {
  const { def, operationId, api } = match;
  const account = authenticate(def.auth, sim, world, req.headers.authorization);
  if (def.method === "POST" && body !== undefined && !isPlainObject(body)) {
    throw problems.validation("body", "The request body must be a JSON object.");
  }
  const parsed = def.input.safeParse(buildInput(def, match.params, query, body));
  if (!parsed.success) {
    const kind = refusalKindOf(parsed.error);
    const field = firstField(parsed.error);
    throw kind === undefined
      ? problems.validation(field, describe(parsed.error))
      : new SimProblem(400, kind, describe(parsed.error), { field });
  }
  const handler = handlers[operationId];
  if (handler === undefined) {
    throw new SimProblem(501, "not_implemented", `The simulator does not implement ${operationId}.`);
  }
  const returned = handler({ operationId, api, input: parsed.data as Record<string, unknown>, account, world });
  const out = returned instanceof Promise ? await returned : returned;
  const reply = isSimReply(out)
    ? { status: out.status ?? def.status, body: out.body }
    : { status: def.status, body: out };
  if (reply.status === def.status) {
    const check = replyOf(def, api).safeParse(reply.body);
    if (!check.success)
      throw problems.internal(`${operationId} reply breaks the contract: ${describe(check.error)}`);
  }
  return { status: reply.status, text: reply.body === undefined ? "" : JSON.stringify(reply.body) };
}

/** The account behind the key, per the operation's auth; 401 for a missing (bearer) or unknown key. */
function authenticate(auth: string, sim: Simulator, world: World, header: string | undefined): SimAccount | undefined {
  if (auth === "public") return undefined;
  if (auth === "optional" && header === undefined) return undefined;
  const key = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  const account = key === undefined ? undefined : sim.accountByKey(world.network, key);
  if (account === undefined) throw problems.unauthorized();
  return account;
}

function isPlainObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isSimReply(value: unknown): value is SimReply {
  return (
    isPlainObject(value) &&
    "body" in (value as object) &&
    Object.keys(value as object).every((k) => k === "body" || k === "status")
  );
}

function firstField(error: z.ZodError): string {
  return error.issues[0]?.path.join(".") || "body";
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

function toProblem(err: unknown): SimProblem {
  if (err instanceof SimProblem) return err;
  // An unexpected exception is a simulator bug: say so in the reply and on stderr.
  console.error("simulator handler failed", err);
  return problems.internal(err instanceof Error ? err.message : String(err));
}
