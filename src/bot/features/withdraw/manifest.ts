/** Withdrawals to an address or by link, and their history. */
import type { FeatureManifest } from "../../feature.js";
import { WITHDRAW_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "withdraw",
  commands: [
    { command: "withdraw", descriptionKey: "withdraw-cmd-withdraw" },
    { command: "withdraw_link", descriptionKey: "withdraw-cmd-link" },
    { command: "withdraw_to", descriptionKey: "withdraw-cmd-to" },
    { command: "withdrawals", descriptionKey: "withdraw-cmd-list" },
  ],
  callbacks: Object.values(WITHDRAW_DATA),
  menuButtons: ["withdraw"],
  needsKey: true,
};
