/**
 * The network a person acts on (production or testnet, a key each; docs/decisions/023-keys-per-network.md):
 * the button that switches to the other one, shown in /settings, /connect, the balances' header and
 * wherever a key is missing on the active network.
 */
import type { InlineKeyboard } from "grammy";
import type { NetworkName } from "../../domain/networks.js";
import type { Translate } from "../../domain/translate.js";
import { callbackData, oneOf } from "../../telegram/callback-data.js";

export const otherNetwork = (n: NetworkName): NetworkName => (n === "production" ? "testnet" : "production");

/** The settings' switch (the keys feature answers it; the balances have their own, which shows the balances again). */
export const SWITCH_NETWORK = callbackData("keys:use", { network: oneOf(["production", "testnet"]) });
const switchNetworkData = (network: NetworkName) => SWITCH_NETWORK.build({ network });

/** Adds "🔀 Switch to <the other network>" to `kb`, with `data` for its callback data. */
export function addSwitchButton(
  kb: InlineKeyboard,
  t: Translate,
  user: { network: NetworkName },
  data: (network: NetworkName) => string = switchNetworkData,
): InlineKeyboard {
  const other = otherNetwork(user.network);
  return kb.text(t(`keys-switch-${other}`), data(other));
}
