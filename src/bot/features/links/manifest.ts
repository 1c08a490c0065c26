/** Deep links (`t.me/<bot>?start=<payload>`). */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "links",
  deepLinks: ["price", "send", "invoice"],
  needsKey: false,
};
