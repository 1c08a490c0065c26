/** Placing and cancelling exchange orders. */
import type { FeatureManifest } from "../../feature.js";
import { TRADE_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "trade",
  commands: [
    { command: "trade", descriptionKey: "trade-cmd" },
  ],
  callbacks: Object.values(TRADE_DATA),
  menuButtons: ["trade"],
  needsKey: true,
};
