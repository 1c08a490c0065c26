/** Notification settings: work without a key. */
import type { FeatureManifest } from "../../feature.js";
import { NOTIFY_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "notify",
  commands: [
    { command: "notify", descriptionKey: "cmd-notify" },
  ],
  callbacks: Object.values(NOTIFY_DATA),
  needsKey: false,
};
