/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore, as a server restart would look
 * to the bot: open connections end at once and new ones are refused until it is back. It listens on
 * port 0 and comes back on that same port; the real server is never touched.
 */
import { createServer, type Server, type Socket, connect } from "node:net";

export class PgProxy {
  readonly #target: { host: string; port: number };
  readonly #targetUrl: URL;
  readonly #pairs = new Set<{ client: Socket; server: Socket }>();
  #server: Server | undefined;
  #port = 0;
  /** A statement to cut the database at: when the client sends it (see cutWhenSent). */
  #trigger: { pattern: Buffer; deliver: boolean; cut: () => void } | undefined;

  private constructor(targetUrl: string) {
    this.#targetUrl = new URL(targetUrl);
    this.#target = { host: this.#targetUrl.hostname, port: Number(this.#targetUrl.port || 5432) };
  }

  /** A proxy to the server of `targetUrl`, listening on a free loopback port. */
  static async start(targetUrl: string): Promise<PgProxy> {
    const proxy = new PgProxy(targetUrl);
    await proxy.#listen(0);
    return proxy;
  }

  /** `targetUrl` with the proxy in place of the server. */
  get url(): string {
    const url = new URL(this.#targetUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.#port);
    return url.toString();
  }

  get down(): boolean {
    return this.#server === undefined;
  }

  /** The server goes away: every open connection ends and new ones are refused. */
  async cut(): Promise<void> {
    this.#trigger = undefined;
    const server = this.#server;
    this.#server = undefined;
    for (const { client, server: upstream } of this.#pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.#pairs.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The server is back, on the same port. */
  async restore(): Promise<void> {
    if (this.#server) return;
    await this.#listen(this.#port);
  }

  /**
   * Cuts the database when a client sends a statement containing `pattern`. `deliver: false`: the
   * statement never reaches the server. `deliver: true`: the server gets it and carries it out, and
   * its reply is lost with the connection. Resolves once the cut happened.
   */
  cutWhenSent(pattern: string, opts: { deliver: boolean }): Promise<void> {
    return new Promise((resolve) => {
      this.#trigger = {
        pattern: Buffer.from(pattern),
        deliver: opts.deliver,
        cut: () => void this.cut().then(resolve),
      };
    });
  }

  async close(): Promise<void> {
    await this.cut();
  }

  #listen(port: number): Promise<void> {
    const server = createServer((client) => this.#accept(client));
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        this.#server = server;
        this.#port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  #accept(client: Socket): void {
    const upstream = connect(this.#target);
    const pair = { client, server: upstream };
    this.#pairs.add(pair);
    let replies = true;
    client.on("data", (chunk: Buffer) => {
      const trigger = this.#trigger;
      if (trigger && chunk.includes(trigger.pattern)) {
        this.#trigger = undefined;
        if (!trigger.deliver) return trigger.cut();
        // The server gets the statement; the reply never comes back. The cut follows once the
        // server has had time to carry it out.
        replies = false;
        upstream.write(chunk);
        setTimeout(trigger.cut, 200);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (replies) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.#pairs.delete(pair);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  }
}
