/** Withdrawals to an address or by link, and their history. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "withdraw",
  commands: [
    { command: "withdraw", descriptionKey: "withdraw-cmd-withdraw" },
    { command: "withdraw_link", descriptionKey: "withdraw-cmd-link" },
    { command: "withdraw_to", descriptionKey: "withdraw-cmd-to" },
    { command: "withdrawals", descriptionKey: "withdraw-cmd-list" },
  ],
  callbackPrefixes: ["wdr"],
  menuButtons: ["withdraw"],
  needsKey: true,
};
