import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { send, TransportError } from "../../src/service/transport.js";
import { closedPortUrl } from "./scripted-server.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server answering every request with `answer`; what it received and how many connections it saw. */
async function serve(answer: (res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const state = { connections: 0 };
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      answer(res);
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, state };
}

const failure = async (promise: Promise<unknown>): Promise<TransportError> => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
};

describe("send", () => {
  it("sends the body as JSON with its length and reads the whole reply as text", async () => {
    // "€" is three bytes: the first chunk ends inside it.
    const text = Buffer.from(JSON.stringify({ price: "1 €" }));
    const { url, seen } = await serve((res) => {
      res.writeHead(201, { "content-length": text.length });
      res.write(text.subarray(0, text.length - 3));
      setTimeout(() => res.end(text.subarray(text.length - 3)), 10);
    });
    const body = JSON.stringify({ amount: "0.5", comment: "за кофе" });

    const reply = await send({ method: "POST", url: `${url}/v1/transfers?x=1`, headers: { authorization: "Bearer k" }, body, timeoutMs: 2_000 });

    expect(reply).toEqual({ status: 201, body: JSON.stringify({ price: "1 €" }), retryAfter: undefined });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/v1/transfers?x=1", body });
    expect(seen[0]!.headers).toMatchObject({
      authorization: "Bearer k",
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
    });
    // No compression asked for: the replies are small, and zlib would cost every call.
    expect(seen[0]!.headers["accept-encoding"]).toBeUndefined();
  });

  it("returns an error status as a reply, with its Retry-After", async () => {
    const { url } = await serve((res) => {
      res.writeHead(429, { "retry-after": "7", "content-type": "application/problem+json" });
      res.end('{"status":429}');
    });

    const reply = await send({ method: "GET", url, headers: {}, timeoutMs: 2_000 });

    expect(reply).toEqual({ status: 429, body: '{"status":429}', retryAfter: "7" });
  });

  it("keeps the connection for the next request", async () => {
    const { url, state } = await serve((res) => res.end("{}"));

    for (let i = 0; i < 3; i++) await send({ method: "GET", url, headers: {}, timeoutMs: 2_000 });

    expect(state.connections).toBe(1);
  });

  it("rejects a reply cut off before its end, never as a request that was not sent", async () => {
    const { url } = await serve((res) => {
      res.writeHead(200, { "content-length": 100 });
      res.write('{"balances":[');
      setTimeout(() => res.destroy(), 10);
    });

    const err = await failure(send({ method: "GET", url, headers: {}, timeoutMs: 2_000 }));

    // got names the short body; what matters to the client is that this is no "never sent" code.
    expect(["ECONNRESET", "ERR_HTTP_CONTENT_LENGTH_MISMATCH"]).toContain(err.code);
  });

  it("rejects with ETIMEDOUT when the whole reply does not come in time, its headers already read", async () => {
    const { url } = await serve((res) => {
      res.writeHead(200, { "content-length": 100 });
      res.write("{");
    });

    const err = await failure(send({ method: "GET", url, headers: {}, timeoutMs: 100 }));

    expect(err.code).toBe("ETIMEDOUT");
  });

  it("rejects with Node's code when nothing listens", async () => {
    const err = await failure(send({ method: "GET", url: await closedPortUrl(), headers: {}, timeoutMs: 2_000 }));

    expect(err.code).toBe("ECONNREFUSED");
  });

  it("sends nothing when a header cannot be sent or the URL is not one", async () => {
    const { url, seen } = await serve((res) => res.end("{}"));

    const badHeader = await failure(send({ method: "GET", url, headers: { authorization: "Bearer k\n" }, timeoutMs: 2_000 }));
    const badUrl = await failure(send({ method: "GET", url: "not a url", headers: {}, timeoutMs: 2_000 }));

    expect(badHeader.code).toBe("ERR_INVALID_CHAR");
    expect(badUrl.code).toBe("ERR_INVALID_URL");
    expect(seen).toHaveLength(0);
  });
});
