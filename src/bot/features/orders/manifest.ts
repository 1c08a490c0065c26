/** Exchange orders: filters, history, active orders. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "orders",
  commands: [
    { command: "orders", descriptionKey: "orders-cmd" },
  ],
  callbackPrefixes: ["ord"],
  menuButtons: ["orders"],
  needsKey: true,
};
