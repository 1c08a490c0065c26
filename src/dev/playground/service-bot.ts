/**
 * The service's own bot as the playground uses it: reads and opens its links and makes deposits
 * through the simulator's control endpoints (`/_sim/links`, `/_sim/deposits`), and words the outcome
 * for the page as that bot would tell the person.
 */
import type { ServiceLinkOutcome, ServiceLinkView } from "../simulator/pay/service-bot.js";
import type { SimNetwork } from "../simulator/types.js";
import type { DemoPerson } from "./demo-seed.js";

export interface DepositRequest {
  network: SimNetwork;
  to: "pay" | "funding";
  asset: string;
  amount: string;
}

/** What opening a link did, for the page: a line to show, and a top-up to offer (the bot's start screen). */
export interface OpenedLink {
  ok: boolean;
  text: string;
  topUp?: { network: SimNetwork; asset?: string };
}

interface Problem {
  kind?: string;
  detail?: string;
  info?: { asset?: string; available?: string };
}

const WALLETS = { pay: "Pay wallet", funding: "Exchange funding" } as const;

export class SimulatedServiceBot {
  /** `done` hears of each thing the bot did, with its network (the side panel lists them). */
  constructor(
    private readonly simUrl: string,
    private readonly done: (network: SimNetwork, summary: string) => void = () => undefined,
  ) {}

  /** The simulator's view of a link into the service's bot; undefined for any other link. */
  async describe(link: string): Promise<ServiceLinkView | undefined> {
    const res = await fetch(`${this.simUrl}/_sim/links?url=${encodeURIComponent(link)}`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`the simulator answered ${res.status} to a link description`);
    return (await res.json()) as ServiceLinkView;
  }

  /** Opens a link as a demo person, or (undefined) as someone without an account in the simulator. */
  async open(link: string, person: DemoPerson | undefined): Promise<OpenedLink> {
    const view = await this.describe(link);
    if (view === undefined) return { ok: false, text: "This link does not lead to xRocket's bot." };
    if (view.kind === "start") return { ok: true, text: "", topUp: { network: view.network, ...(view.asset ? { asset: view.asset } : {}) } };
    const res = await this.#post("/_sim/links/open", { url: link, ...(person ? { userId: person.id } : {}) });
    const who = person?.firstName ?? "Someone outside the playground";
    if (!res.ok) return { ok: false, text: refusal(view, who, res.problem) };
    const text = success(res.body as ServiceLinkOutcome, who, person === undefined);
    this.done(view.network, text);
    return { ok: true, text };
  }

  /** Credits a person's Pay wallet or Exchange funding, as a deposit through the service's bot would. */
  async deposit(person: DemoPerson, request: DepositRequest): Promise<{ ok: boolean; text: string }> {
    const res = await this.#post("/_sim/deposits", { userId: person.id, ...request });
    const where = `${person.firstName}'s ${WALLETS[request.to]}`;
    if (!res.ok) return { ok: false, text: `${where} was not topped up: ${res.problem.detail ?? "the simulator refused"}` };
    const text = `Topped up ${where}: +${request.amount} ${request.asset} (${request.network}).`;
    this.done(request.network, text);
    return { ok: true, text };
  }

  async #post(path: string, body: unknown): Promise<{ ok: true; body: unknown } | { ok: false; problem: Problem }> {
    const res = await fetch(`${this.simUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const parsed = (await res.json().catch(() => ({}))) as unknown;
    return res.ok ? { ok: true, body: parsed } : { ok: false, problem: parsed as Problem };
  }
}

function success(outcome: ServiceLinkOutcome, who: string, outsider: boolean): string {
  const net = outcome.network;
  switch (outcome.kind) {
    case "cheque":
      return `${who} received the cheque: +${outcome.amount} ${outcome.asset} in the Pay wallet (${net}).`;
    case "invoice":
      return outsider
        ? `${who} paid the invoice: ${outcome.amount} ${outcome.asset} (a simulated payment, ${net}).`
        : `${who} paid the invoice: ${outcome.amount} ${outcome.asset} from the Pay wallet (${net}).`;
    case "withdrawal-link":
      return `${who} confirmed the withdrawal: ${outcome.amount} ${outcome.asset} + ${outcome.fee} ${outcome.asset} fee left the Pay wallet for ${outcome.address} (${net}).`;
    case "start":
      return "";
  }
}

function refusal(view: ServiceLinkView, who: string, problem: Problem): string {
  const what =
    view.kind === "cheque"
      ? "The cheque could not be received"
      : view.kind === "invoice"
        ? "The invoice could not be paid"
        : "The withdrawal could not be confirmed";
  if (problem.kind === "insufficient_funds") {
    const available = problem.info?.available ? ` (${problem.info.available} ${problem.info.asset ?? ""} available)`.replace(" )", ")") : "";
    return `${what}: ${who}'s Pay wallet does not cover it${available}. Top up with ➕ in the side panel.`;
  }
  return `${what}: ${problem.detail ?? "xRocket's bot refused"}`;
}
