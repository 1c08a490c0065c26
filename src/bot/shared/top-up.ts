/**
 * Dead ends: where a person with nothing to spend is sent next. Money enters through the service's
 * own bot (a deposit into the xRocket Pay wallet or onto the Exchange), reached by a deep link per
 * network; the playground opens that link as a top-up the simulator carries out. Money already on
 * the Exchange's other balance is moved with /move (the balances feature's moveReply).
 */
import { InlineKeyboard } from "grammy";
import { type NetworkName, SERVICE_BOT_USERNAMES } from "../../domain/networks.js";
import type { Translate } from "../../domain/translate.js";
import type { BotDeps } from "../context.js";

/** Where the missing money has to arrive: the Pay wallet, the Exchange, or either. */
export type TopUpPlace = "pay" | "exchange" | "any";

/** A deep link into the service's bot; the payload names the asset when one is missing. */
export function depositLink(network: NetworkName, asset?: string): string {
  const payload = asset === undefined ? "deposit" : `deposit_${asset}`;
  return `https://t.me/${SERVICE_BOT_USERNAMES[network]}?start=${payload}`;
}

/** How money gets to `place`, as a sentence naming the service's bot. */
export function topUpText(t: Translate, network: NetworkName, place: TopUpPlace): string {
  return t(`topup-${place}`, { bot: `@${SERVICE_BOT_USERNAMES[network]}` });
}

/** The button that opens the service's bot (on `kb`, a new keyboard by default). */
export function topUpButton(t: Translate, network: NetworkName, asset?: string, kb = new InlineKeyboard()): InlineKeyboard {
  return kb.url(t("topup-button", { bot: `@${SERVICE_BOT_USERNAMES[network]}` }), depositLink(network, asset));
}

/** A dead end's reply: why nothing can be done, then how money gets there, with the button. */
export function topUpReply(
  t: Translate,
  network: NetworkName,
  why: string,
  place: TopUpPlace,
  asset?: string,
): { text: string; keyboard: InlineKeyboard } {
  return { text: `${why}\n\n${topUpText(t, network, place)}`, keyboard: topUpButton(t, network, asset) };
}

/** The network of the person's key (production without one); inside a flow, call it in `external`. */
export async function networkOf(deps: Pick<BotDeps, "storage">, telegramId: number): Promise<NetworkName> {
  return (await deps.storage.users.get(telegramId))?.network ?? "production";
}
