/** Placing and cancelling exchange orders. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "trade",
  commands: [
    { command: "trade", descriptionKey: "trade-cmd" },
  ],
  callbackPrefixes: ["trd"],
  menuButtons: ["trade"],
  needsKey: true,
};
