/**
 * Handling of one API request: record it, apply an injected fault, check the key, parse the input
 * with the operation's schema, run the handler and check its reply against the contract before it
 * leaves (a handler bug becomes a 500 naming the mismatch rather than a silently wrong reply).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { parseJson, readBody, sendJson, sendProblem } from "./http.js";
import { problems } from "./problems.js";
import { buildInput, queryObject, type RouteMatch } from "./routes.js";
import type { Simulator } from "./simulator.js";
import { type SimAccount, type SimHandlers, SimProblem, type SimReply, type World } from "./types.js";

interface Reply {
  status: number;
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
  let bodyError: SimProblem | undefined;
  try {
    body = parseJson(text);
  } catch (err) {
    bodyError = err as SimProblem;
    body = text;
  }
  sim.requests.add({
    operationId: match.operationId,
    network: match.network,
    api: match.api,
    method: match.def.method,
    path: url.pathname,
    query,
    body: body ?? null,
  });

  const fault = sim.faults.take(match.operationId);
  switch (fault?.mode) {
    case "latency":
      await sleep(fault.ms);
      break;
    case "error5xx":
      return sendProblem(res, problems.internal("Injected failure; the action was not carried out."));
    case "rateLimit":
      return sendProblem(res, new SimProblem(429, "rate_limited", "Request rate exceeded; retry later."), {
        "retry-after": String(Math.ceil(fault.ms / 1000)),
      });
    case "dropBefore":
      req.socket.destroy();
      return;
  }

  let reply: Reply;
  try {
    if (bodyError !== undefined) throw bodyError;
    reply = await dispatch(
      handlers,
      match,
      sim.worlds[match.network],
      req,
      buildInput(match.def, match.params, query, body),
      body,
    );
  } catch (err) {
    reply = { status: 0, body: toProblem(err) };
  }
  if (fault?.mode === "dropAfter") {
    req.socket.destroy();
    return;
  }
  if (reply.body instanceof SimProblem) sendProblem(res, reply.body);
  else sendJson(res, reply.status, reply.body);
}

async function dispatch(
  handlers: SimHandlers,
  match: RouteMatch,
  world: World,
  req: IncomingMessage,
  raw: Record<string, unknown>,
  body: unknown,
): Promise<Reply> {
  const { def, operationId } = match;
  const account = authenticate(def.auth, world, req.headers.authorization);
  if (
    def.method === "POST" &&
    body !== undefined &&
    (body === null || typeof body !== "object" || Array.isArray(body))
  ) {
    throw problems.validation("body", "The request body must be a JSON object.");
  }
  const parsed = def.input.safeParse(raw);
  if (!parsed.success) throw validationProblem(parsed.error);
  const handler = handlers[operationId];
  if (handler === undefined) {
    throw new SimProblem(501, "not_implemented", `The simulator does not implement ${operationId}.`);
  }
  const out = await handler({ operationId, input: parsed.data as Record<string, unknown>, account, world });
  const reply = isSimReply(out)
    ? { status: out.status ?? def.status, body: out.body }
    : { status: def.status, body: out };
  if (reply.status === def.status) {
    const check = def.reply.safeParse(reply.body);
    if (!check.success)
      throw problems.internal(`${operationId} reply breaks the contract: ${describe(check.error)}`);
  }
  return reply;
}

/** The account behind the key, per the operation's auth; 401 for a missing (bearer) or unknown key. */
function authenticate(auth: string, world: World, header: string | undefined): SimAccount | undefined {
  if (auth === "public") return undefined;
  const key = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  if (key === undefined) {
    if (auth === "optional" && header === undefined) return undefined;
    throw problems.unauthorized();
  }
  const account = world.accountsByKey.get(key);
  if (account === undefined) throw problems.unauthorized();
  return account;
}

function isSimReply(value: unknown): value is SimReply {
  if (value === null || typeof value !== "object" || Array.isArray(value) || !("body" in value)) return false;
  return Object.keys(value).every((k) => k === "body" || k === "status");
}

function validationProblem(error: z.ZodError): SimProblem {
  const issue = error.issues[0];
  return problems.validation(issue?.path.join(".") || "body", describe(error));
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
