/** Balances, rates, currencies and moves between accounts; rates and currencies are public. */
import type { FeatureManifest } from "../../feature.js";
import { BALANCE_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "balances",
  commands: [
    { command: "balance", descriptionKey: "balances-cmd-balance" },
    { command: "rates", descriptionKey: "balances-cmd-rates" },
    { command: "currencies", descriptionKey: "balances-cmd-currencies" },
    { command: "move", descriptionKey: "balances-cmd-move" },
  ],
  aliases: ["balances"],
  callbacks: Object.values(BALANCE_DATA),
  menuButtons: ["balances", "rates"],
  needsKey: true,
  openWithoutKey: ["rates", "currencies"],
  // Rates and currencies are public; the network switch says itself when the new network has no key.
  openCallbacks: [BALANCE_DATA.rates.head, BALANCE_DATA.currencies.head, BALANCE_DATA.network.head],
};
