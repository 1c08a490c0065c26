/**
 * What the playground's side panel shows: the simulator's balances of the demo accounts in both
 * networks and the last money-moving operations it received, so a person sees money move when they
 * confirm. Amounts stay decimal strings; the page only lays them out.
 */
import { money } from "../../domain/money.js";
import { type OperationId, operations } from "../../service/operations.js";
import type { Holding, Simulator } from "../simulator/simulator.js";
import type { SimNetwork } from "../simulator/types.js";
import type { DemoPerson } from "./demo-seed.js";
import { slowMassOn } from "./slow-mass.js";

export interface PanelAccount {
  id: number;
  role: DemoPerson["role"];
  name: string;
  /**
   * Per network: Pay, funding and trading, each asset's available amount and what is held apart
   * (by cheques, orders and the like), as the bot's /balance shows them; zero balances left out.
   */
  balances: Record<SimNetwork, Record<"pay" | "funding" | "trading", Record<string, Holding>>>;
}

export interface PanelOperation {
  seq: number;
  at: string;
  network: SimNetwork;
  /** The API operation, or what the service's own bot did for a person on the page. */
  operationId: OperationId | "xRocket bot";
  summary: string;
}

export interface PanelState {
  accounts: PanelAccount[];
  operations: PanelOperation[];
  /** The "slow mass transfers" switch (src/dev/playground/slow-mass.ts). */
  slowMass: boolean;
}

const SHOWN_OPERATIONS = 15;
const NETWORKS: SimNetwork[] = ["production", "testnet"];

/** Keeps the numbered list of write operations seen in the simulator's request log. */
export class PanelWatcher {
  #seen = 0;
  #operations: PanelOperation[] = [];

  /** Adds what the service's own bot did (no API request shows it): a cheque taken, a deposit. */
  note(network: SimNetwork, summary: string, now = new Date()): void {
    this.#operations.unshift({ seq: 0, at: now.toISOString(), network, operationId: "xRocket bot", summary });
    this.#operations.length = Math.min(this.#operations.length, SHOWN_OPERATIONS);
  }

  constructor(
    private readonly sim: Simulator,
    private readonly people: readonly DemoPerson[],
  ) {}

  /** The current state; newly logged writes get the time they were first seen. */
  state(now = new Date()): PanelState {
    const log = this.sim.requests.list();
    for (; this.#seen < log.length; this.#seen++) {
      const entry = log[this.#seen]!;
      if (!operations[entry.operationId].write || isMarketMaker(entry.body) || isMarketMaker(entry.query)) continue;
      this.#operations.unshift({
        seq: this.#seen + 1,
        at: now.toISOString(),
        network: entry.network,
        operationId: entry.operationId,
        summary: summarise(entry.body),
      });
    }
    this.#operations.length = Math.min(this.#operations.length, SHOWN_OPERATIONS);
    return {
      accounts: this.people.map((p) => ({
        id: p.id,
        role: p.role,
        name: p.firstName,
        balances: Object.fromEntries(
          NETWORKS.map((network) => {
            const h = this.sim.holdings(p.id, network);
            return [network, { pay: nonZero(h.pay), funding: nonZero(h.funding), trading: nonZero(h.trading) }];
          }),
        ) as PanelAccount["balances"],
      })),
      operations: [...this.#operations],
      slowMass: slowMassOn(this.sim),
    };
  }
}

/** The assets with something available or held. */
function nonZero(balances: Record<string, Holding>): Record<string, Holding> {
  return Object.fromEntries(Object.entries(balances).filter(([, h]) => !(money.isZero(h.available) && money.isZero(h.held))));
}

/** The market maker's orders carry client ids starting with "mm-" (see demo-seed.ts), in the body or the query. */
function isMarketMaker(params: unknown): boolean {
  const id = field(params, "clientOrderId");
  return typeof id === "string" && id.startsWith("mm-");
}

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/** A one-line description of a write request: amount and asset, recipient, order side and pair. */
export function summarise(body: unknown): string {
  const text = (name: string) => {
    const v = field(body, name);
    return typeof v === "string" || typeof v === "number" ? String(v) : undefined;
  };
  const parts: string[] = [];
  // A mass transfer's items are its payouts.
  const payouts = field(body, "payouts");
  if (Array.isArray(payouts)) {
    const amounts = payouts.map((t) => String(field(t, "amount") ?? "0"));
    parts.push(`${payouts.length} × ${text("asset") ?? ""}, total ${money.sum(amounts)} ${text("asset") ?? ""}`.trim());
  } else if (text("symbol")) {
    parts.push([text("side"), text("type"), text("size") ?? text("funds"), text("symbol"), text("price") && `@ ${text("price")}`].filter(Boolean).join(" "));
  } else if (text("amount")) {
    parts.push(`${text("amount")} ${text("asset") ?? ""}`.trim());
  }
  if (text("target")) parts.push(`→ ${text("target")}`);
  if (text("from") && text("to")) parts.push(`${text("from")} → ${text("to")}`);
  for (const id of ["chequeId", "invoiceId", "orderId"]) if (text(id)) parts.push(`#${text(id)}`);
  return parts.join(" ");
}
