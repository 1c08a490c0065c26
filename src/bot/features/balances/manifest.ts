/** Balances, rates, currencies and moves between accounts; rates and currencies are public. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "balances",
  commands: [
    { command: "balance", descriptionKey: "balances-cmd-balance" },
    { command: "rates", descriptionKey: "balances-cmd-rates" },
    { command: "currencies", descriptionKey: "balances-cmd-currencies" },
    { command: "move", descriptionKey: "balances-cmd-move" },
  ],
  aliases: ["balances"],
  callbackPrefixes: ["bal", "rates"],
  menuButtons: ["balances", "rates"],
  needsKey: true,
  openWithoutKey: ["rates", "currencies"],
};
