/** Cheques: create, list, describe, delete. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "cheques",
  commands: [
    { command: "cheques", descriptionKey: "cheques-cmd-cheques" },
    { command: "cheque_new", descriptionKey: "cheques-cmd-new" },
  ],
  callbackPrefixes: ["chq"],
  menuButtons: ["cheques"],
  needsKey: true,
};
