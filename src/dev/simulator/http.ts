/** Reading requests and writing JSON and problem+json replies with plain node:http. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { problemBody, problems } from "./problems.js";
import type { SimProblem } from "./types.js";

/** Largest request body accepted; a full mass transfer is far below it. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The whole request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw problems.validation("body", "The request body is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON body; an empty body is `undefined`, malformed JSON a 400 on `body`. */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw problems.validation("body", "The request body is not valid JSON.");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

/** Sends an already serialised JSON body. */
export function sendJsonText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendProblem(
  res: ServerResponse,
  problem: SimProblem,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(problemBody(problem));
  res.writeHead(problem.status, {
    ...headers,
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204): void {
  res.writeHead(status);
  res.end();
}
