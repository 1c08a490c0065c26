/** The exchange's funding account: withdrawals and moves. */
import type { FeatureManifest } from "../../feature.js";
import { FUNDING_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "funding",
  commands: [
    { command: "fund_withdraw", descriptionKey: "funding-cmd-withdraw" },
    { command: "fund_withdrawals", descriptionKey: "funding-cmd-withdrawals" },
    { command: "moves", descriptionKey: "funding-cmd-moves" },
  ],
  callbacks: Object.values(FUNDING_DATA),
  needsKey: true,
};
