/** Price alerts: public prices, so they work without a key. */
import type { FeatureManifest } from "../../feature.js";
import { ALERTS_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "alerts",
  commands: [
    { command: "alert", descriptionKey: "cmd-alert" },
    { command: "alerts", descriptionKey: "cmd-alerts" },
  ],
  callbacks: Object.values(ALERTS_DATA),
  needsKey: false,
};
