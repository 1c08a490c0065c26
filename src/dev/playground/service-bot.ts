/**
 * The service's own bot as the playground uses it: reads and opens its links and makes deposits
 * through the simulator's control endpoints (`/_sim/links`, `/_sim/deposits`), and words the outcome
 * for the page as that bot would tell the person.
 */
import type { ServiceLinkOutcome, ServiceLinkView } from "../simulator/pay/service-bot.js";
import type { SimNetwork } from "../simulator/types.js";
import type { Translate } from "../../domain/translate.js";
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

/** The playground's words in one language (locales/<code>/playground.ftl, through the bot's i18n). */
export type TranslateIn = (language: string, key: string, vars?: Record<string, string | number>) => string;

/** The side panel's list of operations is shared by everyone on the page: it speaks English. */
const PANEL_LANGUAGE = "en";

export class SimulatedServiceBot {
  /** `done` hears of each thing the bot did, with its network (the side panel lists them). */
  constructor(
    private readonly simUrl: string,
    private readonly translate: TranslateIn,
    private readonly done: (network: SimNetwork, summary: string) => void = () => undefined,
  ) {}

  /** The simulator's view of a link into the service's bot; undefined for any other link. */
  async describe(link: string): Promise<ServiceLinkView | undefined> {
    const res = await fetch(`${this.simUrl}/_sim/links?url=${encodeURIComponent(link)}`);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`the simulator answered ${res.status} to a link description`);
    return (await res.json()) as ServiceLinkView;
  }

  /**
   * Opens a link as a demo person, or (undefined) as someone without an account in the simulator; the
   * outcome is worded in `language`, the language the page shows.
   */
  async open(link: string, person: DemoPerson | undefined, language = PANEL_LANGUAGE): Promise<OpenedLink> {
    const t = this.#in(language);
    const view = await this.describe(link);
    if (view === undefined) return { ok: false, text: t("playground-link-not-service") };
    if (view.kind === "start") return { ok: true, text: "", topUp: { network: view.network, ...(view.asset ? { asset: view.asset } : {}) } };
    const res = await this.#post("/_sim/links/open", { url: link, ...(person ? { userId: person.id } : {}) });
    if (!res.ok) return { ok: false, text: refusal(t, view, person, res.problem) };
    const outcome = res.body as ServiceLinkOutcome;
    this.done(view.network, success(this.#in(PANEL_LANGUAGE), outcome, person));
    return { ok: true, text: success(t, outcome, person) };
  }

  /** Credits a person's Pay wallet or Exchange funding, as a deposit through the service's bot would. */
  async deposit(person: DemoPerson, request: DepositRequest, language = PANEL_LANGUAGE): Promise<{ ok: boolean; text: string }> {
    const res = await this.#post("/_sim/deposits", { userId: person.id, ...request });
    const t = this.#in(language);
    const vars = (tr: Translate) => ({
      name: person.firstName,
      kind: tr(`playground-wallet-of-${request.to}`),
      amount: `${request.amount} ${request.asset}`,
      network: tr(`playground-network-${request.network}`),
    });
    if (!res.ok) return { ok: false, text: t("playground-top-up-failed", { ...vars(t), detail: res.problem.detail ?? t("playground-top-up-refused") }) };
    const panel = this.#in(PANEL_LANGUAGE);
    this.done(request.network, panel("playground-topped-up", vars(panel)));
    return { ok: true, text: t("playground-topped-up", vars(t)) };
  }

  #in(language: string): Translate {
    return (key, vars) => this.translate(language, key, vars);
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

function success(t: Translate, outcome: ServiceLinkOutcome, person: DemoPerson | undefined): string {
  const network = t(`playground-network-${outcome.network}`);
  const name = person?.firstName ?? t("playground-outsider-name");
  switch (outcome.kind) {
    case "cheque":
      return t("playground-cheque-received", { name, amount: `${outcome.amount} ${outcome.asset}`, network });
    case "invoice":
      return t(person === undefined ? "playground-invoice-paid-outside" : "playground-invoice-paid", { name, amount: `${outcome.amount} ${outcome.asset}`, network });
    case "withdrawal-link":
      return t("playground-withdrawal-confirmed", {
        name,
        amount: `${outcome.amount} ${outcome.asset}`,
        fee: `${outcome.fee} ${outcome.asset}`,
        address: outcome.address,
        network,
      });
    case "start":
      return "";
  }
}

function refusal(t: Translate, view: ServiceLinkView, person: DemoPerson | undefined, problem: Problem): string {
  const what = t(view.kind === "cheque" ? "playground-refused-cheque" : view.kind === "invoice" ? "playground-refused-invoice" : "playground-refused-withdrawal");
  const name = person?.firstName ?? t("playground-outsider-name");
  if (problem.kind === "insufficient_funds") {
    return problem.info?.available
      ? t("playground-refused-funds-available", { what, name, available: `${problem.info.available} ${problem.info.asset ?? ""}`.trim() })
      : t("playground-refused-funds", { what, name });
  }
  return t("playground-refused-other", { what, detail: problem.detail ?? t("playground-refused-by-bot") });
}
