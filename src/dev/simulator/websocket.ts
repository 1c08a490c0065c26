/**
 * The Exchange WebSocket of the simulator (real-api.md Table C): at the root of each network's
 * Exchange origin (the real service's is the root of its own origin too), JSON-RPC-like requests `{id, method, params}` with methods ping, auth
 * (`{key}`), subscribe / unsubscribe (`{channel, symbols?}`) and unsubscribeAll; channels `ticker`
 * (public, per symbol), `activeOrders` and `balances` (after auth). Pushes are `{method: <channel>,
 * params}`: a ticker when a pair's last price moves, an order whenever one of the account's orders
 * changes (fills, status, stop trigger), the trading balances when they change. Changes are found by
 * comparing the world's state every `tickMs` with what each connection was last sent.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { market } from "./exchange/market.js";
import { exchangeState, orderView } from "./exchange/model.js";
import { findPair } from "./exchange/symbols.js";
import type { SimAccount, World } from "./types.js";

const Request = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  method: z.enum(["ping", "auth", "subscribe", "unsubscribe", "unsubscribeAll"]),
  params: z
    .object({
      key: z.string().optional(),
      channel: z.enum(["ticker", "activeOrders", "balances"]).optional(),
      symbols: z.array(z.string()).max(100).optional(),
    })
    .optional(),
});

interface Session {
  world: World;
  accountByKey: (key: string) => SimAccount | undefined;
  userId: number | undefined;
  tickers: Map<string, string>;
  orders: Map<string, string> | undefined;
  balances: string | undefined;
}

/**
 * Attaches the WebSocket endpoint to each Exchange server (upgrades of `/`, for the world of that
 * server's network, whose accounts `accountByKey` finds); returns a closer.
 */
export function attachExchangeWebSocket(
  servers: readonly { server: Server; world: World; accountByKey: (key: string) => SimAccount | undefined }[],
  tickMs = 100,
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Map<WebSocket, Session>();

  for (const { server, world, accountByKey } of servers) {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? "/", "http://sim").pathname !== "/") return void socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => open(ws, world, accountByKey));
    });
  }

  function open(ws: WebSocket, world: World, accountByKey: Session["accountByKey"]): void {
    const session: Session = { world, accountByKey, userId: undefined, tickers: new Map(), orders: undefined, balances: undefined };
    sessions.set(ws, session);
    ws.on("close", () => sessions.delete(ws));
    ws.on("message", (raw) => answer(ws, session, raw.toString()));
  }

  const send = (ws: WebSocket, body: unknown) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(body));
  const error = (ws: WebSocket, id: unknown, code: number, message: string) => send(ws, { id, error: { code, message } });

  function answer(ws: WebSocket, s: Session, text: string): void {
    let parsed: z.infer<typeof Request>;
    try {
      const r = Request.safeParse(JSON.parse(text));
      if (!r.success) return void error(ws, undefined, -32600, "Invalid request");
      parsed = r.data;
    } catch {
      return void error(ws, undefined, -32700, "Parse error");
    }
    const { id, method, params = {} } = parsed;
    if (method === "ping") return void send(ws, { id, result: "pong" });
    if (method === "auth") {
      const account = params.key === undefined ? undefined : s.accountByKey(params.key);
      if (!account) return void error(ws, id, -32001, "Unauthorized");
      s.userId = account.userId;
      return void send(ws, { id, result: { userId: account.userId } });
    }
    if (method === "unsubscribeAll") {
      s.tickers.clear();
      s.orders = undefined;
      s.balances = undefined;
      return void send(ws, { id, result: true });
    }
    const channel = params.channel;
    if (channel === undefined) return void error(ws, id, -32602, "channel is required");
    if (channel !== "ticker" && s.userId === undefined) return void error(ws, id, -32001, "Authenticate first");
    const on = method === "subscribe";
    if (channel === "ticker") {
      for (const symbol of params.symbols ?? []) {
        if (!findPair(symbol)) return void error(ws, id, -32602, `Unknown symbol ${symbol}`);
        if (on) s.tickers.set(symbol, market(s.world, symbol).lastPrice);
        else s.tickers.delete(symbol);
      }
    } else if (channel === "activeOrders") s.orders = on ? orderSnapshot(s) : undefined;
    else s.balances = on ? balanceSnapshot(s) : undefined;
    send(ws, { id, result: true });
  }

  function orderSnapshot(s: Session): Map<string, string> {
    const mine = exchangeState(s.world).orders.of(s.userId as number);
    return new Map(mine.map((o) => [o.id, `${o.status}|${o.dealSize}|${o.stopTriggered}`]));
  }

  function balanceSnapshot(s: Session): string {
    const account = s.world.accounts.get(s.userId as number);
    return JSON.stringify(account ? [...account.trading] : []);
  }

  const timer = setInterval(() => {
    for (const [ws, s] of sessions) {
      for (const [symbol, seen] of s.tickers) {
        const last = market(s.world, symbol).lastPrice;
        if (last === seen) continue;
        s.tickers.set(symbol, last);
        send(ws, { method: "ticker", params: { symbol, last, time: s.world.now().toISOString() } });
      }
      if (s.orders !== undefined) {
        const now = orderSnapshot(s);
        for (const [orderId, sig] of now) {
          if (s.orders.get(orderId) === sig) continue;
          const order = exchangeState(s.world).orders.byId(orderId);
          if (order) send(ws, { method: "activeOrders", params: orderView(order) });
        }
        s.orders = now;
      }
      if (s.balances !== undefined) {
        const now = balanceSnapshot(s);
        if (now !== s.balances) {
          s.balances = now;
          send(ws, { method: "balances", params: { balances: JSON.parse(now) } });
        }
      }
    }
  }, tickMs);
  timer.unref();

  return async () => {
    clearInterval(timer);
    for (const ws of sessions.keys()) ws.terminate();
    await new Promise<void>((r) => wss.close(() => r()));
  };
}
