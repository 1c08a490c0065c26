/** Swapping one asset for another on the Exchange (its buttons are the shared inputs and confirmation). */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "swap",
  commands: [{ command: "swap", descriptionKey: "swap-cmd" }],
  menuButtons: ["swap"],
  needsKey: true,
};
