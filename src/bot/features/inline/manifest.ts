/** Inline mode (`@bot …` in any chat): market cards without a key, own cheques and invoices with one. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "inline",
  updates: ["inline_query"],
  needsKey: false,
};
