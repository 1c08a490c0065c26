/** One history of everything that moved the person's money through this bot, with receipts. */
import type { FeatureManifest } from "../../feature.js";
import { HISTORY_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "history",
  commands: [{ command: "history", descriptionKey: "history-cmd" }],
  callbacks: Object.values(HISTORY_DATA),
  menuButtons: ["history"],
  needsKey: true,
};
