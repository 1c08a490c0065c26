/** Mass transfers, for admins only. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "mass",
  adminCommands: [{ command: "mass", descriptionKey: "mass-cmd" }],
  callbackPrefixes: ["mass"],
  menuButtons: ["mass"],
  needsKey: true,
  adminOnly: true,
  // A job under way can always be paused or cancelled from its progress message.
  openCallbacks: ["mass"],
};
