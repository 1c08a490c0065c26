/** The withdrawal limits the service states for each currency of the person's network. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "limits",
  helpTopic: "wallet",
  commands: [{ command: "limits", descriptionKey: "limits-cmd" }],
  needsKey: true,
};
