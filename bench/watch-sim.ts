/**
 * The simulator side of `bench:watch`, in its own process (so that the benchmark's RSS is the bot's
 * alone): creates USERS accounts with 1–3 open objects each in process, reports their keys and
 * objects to the parent over IPC, then serves HTTP and applies the changes the parent asks for.
 */
import { fillOrder } from "../src/simulator/exchange/control.js";
import { exchangeHandlers } from "../src/simulator/exchange/index.js";
import { payHandlers, payInvoice, redeemCheque } from "../src/simulator/pay/index.js";
import { startSimulator } from "../src/simulator/server.js";
import type { SimHandler } from "../src/simulator/types.js";

export type BenchObject = { kind: "invoice" | "cheque" | "order"; id: string; owner: number };
export type FromSim =
  | { type: "ready"; baseUrls: Record<string, string>; users: { userId: number; key: string }[]; objects: BenchObject[] }
  | { type: "changed"; id: string };
export type ToSim = { type: "change"; object: BenchObject };

const USERS = Number(process.env.USERS ?? 100_000);

async function main(): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  const world = sim.sim.worlds.production;
  // The simulator logs every request for tests; a benchmark has no use for that memory.
  setInterval(() => sim.sim.requests.clear(), 1000).unref();
  const call = (h: SimHandler | undefined, input: object, owner: number) =>
    (h as SimHandler)({ operationId: "getHealth", input: input as never, account: world.accounts.get(owner), world }) as {
      chequeId?: string;
      id?: string;
    };
  const users: { userId: number; key: string }[] = [];
  const objects: BenchObject[] = [];
  for (let i = 0; i < USERS; i++) {
    const { userId, keys } = sim.createAccount({ pay: { USDT: "100" }, trading: { USDT: "1000" } });
    users.push({ userId, key: keys.production });
    for (let k = 0; k < 1 + (i % 3); k++) {
      const kind = (["invoice", "cheque", "order"] as const)[(i + k) % 3]!;
      const clientId = `b${i}-${k}`;
      if (kind === "invoice") {
        const inv = call(payHandlers.createInvoice, { clientInvoiceId: clientId, priceCurrency: "USDT", priceAmount: "5" }, userId);
        objects.push({ kind, id: inv.id!, owner: userId });
      } else if (kind === "cheque") {
        const c = call(payHandlers.createCheque, { clientChequeId: clientId, asset: "USDT", amount: "1" }, userId);
        objects.push({ kind, id: c.chequeId!, owner: userId });
      } else {
        const terms = { symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "1", price: "1" };
        const o = call(exchangeHandlers.placeOrder, { clientOrderId: clientId, ...terms }, userId);
        objects.push({ kind, id: o.id!, owner: userId });
      }
    }
  }
  const redeemer = users[0]!.userId;
  process.on("message", (msg: ToSim) => {
    const o = msg.object;
    if (o.kind === "invoice") payInvoice(world, o.id);
    else if (o.kind === "cheque") redeemCheque(world, o.id, o.owner === redeemer ? users[1]!.userId : redeemer);
    else fillOrder(world, o.id);
    process.send?.({ type: "changed", id: o.id } satisfies FromSim);
  });
  process.on("disconnect", () => void sim.close().then(() => process.exit(0)));
  process.send?.({ type: "ready", baseUrls: { ...sim.baseUrls }, users, objects } satisfies FromSim);
}

void main();
