/**
 * The Bot API stand-in served over HTTP (node:http) on loopback: the same core as in process, for the
 * bot's own wiring (`TELEGRAM_API_ROOT`), benchmarks and the playground.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BotApi, type BotApiOptions } from "./bot-api.js";

export interface BotApiServerOptions extends BotApiOptions {
  port?: number;
}

export class BotApiServer extends BotApi {
  #server: Server | undefined;
  #url = "";

  constructor(override readonly options: BotApiServerOptions = {}) {
    super(options);
  }

  /** The `apiRoot` for grammY (`client.apiRoot`) and TELEGRAM_API_ROOT. */
  get apiRoot(): string {
    return this.#url;
  }

  async listen(): Promise<this> {
    this.#server = createServer((req, res) => void this.#serve(req, res));
    this.#server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.#server!.listen(this.options.port ?? 0, "127.0.0.1", resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  override async close(): Promise<void> {
    await super.close();
    if (!this.#server) return;
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server!.close(resolve));
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://local");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await this.answer({
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers["content-type"] ?? "",
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }
}

export async function startBotApiServer(options: BotApiServerOptions = {}): Promise<BotApiServer> {
  return new BotApiServer(options).listen();
}
