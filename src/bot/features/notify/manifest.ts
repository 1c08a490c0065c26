/** Notification settings and price alerts: work without a key. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "notify",
  commands: [
    { command: "notify", descriptionKey: "cmd-notify" },
    { command: "alert", descriptionKey: "cmd-alert" },
    { command: "alerts", descriptionKey: "cmd-alerts" },
  ],
  callbackPrefixes: ["nt", "al"],
  needsKey: false,
};
