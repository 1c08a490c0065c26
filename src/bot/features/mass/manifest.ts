/** Mass transfers, for admins only (the flow checks the admin's key itself). */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "mass",
  adminCommands: [{ command: "mass", descriptionKey: "mass-cmd" }],
  callbackPrefixes: ["mass"],
  menuButtons: ["mass"],
  needsKey: false,
};
