/**
 * What the service's own bot does when a person opens one of its links (`t.me/xrocket?start=<id>`,
 * or the matching web link): a cheque is credited to them, an invoice is paid by them, a withdrawal
 * link is confirmed from their wallet; any other payload opens the bot's start screen, where people
 * deposit. The `/_sim/links` control endpoints serve this to the playground and to people trying a
 * bot against the simulator.
 */
import { CATALOGUE } from "../catalogue.js";
import { problems } from "../problems.js";
import type { SimNetwork, World } from "../types.js";
import { redeemCheque } from "./cheques.js";
import { DEFAULT_TESTNET_PAYER, payInvoice } from "./invoices.js";
import { readServiceLink } from "./links.js";
import { payModule } from "./state.js";
import { completeWithdrawalLink } from "./withdrawals.js";

/** A service link as the bot would show it before the person acts. */
export type ServiceLinkView = { network: SimNetwork } & (
  | { kind: "cheque"; id: string; asset: string; amount: string; state: string; target: string | null }
  | { kind: "invoice"; id: string; asset: string; amount: string; fixed: boolean; status: string }
  | {
      kind: "withdrawal-link";
      id: string;
      asset: string;
      amount: string;
      chain: string;
      address: string;
      used: boolean;
    }
  /** The bot's start screen; `asset` when the payload names one (a deposit link, say). */
  | { kind: "start"; payload: string; asset?: string }
);

/** What opening the link did. */
export type ServiceLinkOutcome = { network: SimNetwork } & (
  | { kind: "cheque"; id: string; asset: string; amount: string; userId: number }
  | { kind: "invoice"; id: string; asset: string; amount: string; payerId: string }
  | { kind: "withdrawal-link"; id: string; asset: string; amount: string; fee: string; address: string; withdrawalId: string }
  | { kind: "start"; payload: string }
);

/** The view of a service link; undefined when the link is not one of the service's. */
export function describeServiceLink(worlds: Readonly<Record<SimNetwork, World>>, link: string): ServiceLinkView | undefined {
  const read = readServiceLink(link);
  if (read === undefined) return undefined;
  const { network, payload } = read;
  const pay = payModule(worlds[network]);
  const cheque = pay.chequesById.get(payload)?.cheque;
  if (cheque) {
    const state = cheque.deleted ? "deleted" : cheque.state;
    return { network, kind: "cheque", id: payload, asset: cheque.asset, amount: cheque.amount, state, target: cheque.target ?? null };
  }
  const invoice = pay.invoicesById.get(payload);
  if (invoice) {
    const { asset, min, fixed } = invoice.terms;
    return { network, kind: "invoice", id: payload, asset, amount: min, fixed, status: invoice.invoice.status ?? "active" };
  }
  const wdl = pay.withdrawalLinksById.get(payload);
  if (wdl) {
    const { asset, amount, network: chain, address } = wdl.terms;
    return { network, kind: "withdrawal-link", id: payload, asset, amount, chain, address, used: wdl.completed !== undefined };
  }
  const asset = payload
    .toUpperCase()
    .split(/[_-]/)
    .find((word) => CATALOGUE.some((a) => a.asset === word));
  return { network, kind: "start", payload, ...(asset ? { asset } : {}) };
}

/**
 * Opens a service link as `userId` (an account), or for an invoice also as someone without an
 * account (`userId` undefined: a payment from outside, as on the web). Refusals are the simulator's
 * problems: 404 for an unknown link or user, 409 for a used one, 422 when the balance falls short.
 */
export function openServiceLink(
  worlds: Readonly<Record<SimNetwork, World>>,
  link: string,
  userId: number | undefined,
): ServiceLinkOutcome {
  const view = describeServiceLink(worlds, link);
  if (view === undefined) throw problems.notFound("service link");
  const { network } = view;
  const world = worlds[network];
  const opener = () => {
    if (userId === undefined) throw problems.validation("userId", "Only a person with an account can open this link.");
    return userId;
  };
  switch (view.kind) {
    case "cheque": {
      const rec = redeemCheque(world, view.id, opener());
      return { network, kind: "cheque", id: view.id, asset: rec.cheque.asset, amount: rec.cheque.amount, userId: opener() };
    }
    case "invoice": {
      const payerId = userId === undefined ? DEFAULT_TESTNET_PAYER : String(userId);
      const before = payModule(world).invoicesById.get(view.id)!.payments.length;
      payInvoice(world, view.id, payerId);
      const payment = payModule(world).invoicesById.get(view.id)!.payments[before]!;
      return { network, kind: "invoice", id: view.id, asset: payment.payCurrency, amount: payment.payAmount, payerId };
    }
    case "withdrawal-link": {
      const { withdrawal } = completeWithdrawalLink(world, view.id, opener());
      const { asset, amount, fee, withdrawalId } = withdrawal;
      return { network, kind: "withdrawal-link", id: view.id, asset, amount, fee, address: view.address, withdrawalId };
    }
    case "start":
      return { network, kind: "start", payload: view.payload };
  }
}
