/** Cheques: create, list, describe, delete. */
import type { FeatureManifest } from "../../feature.js";
import { CHEQUE_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "cheques",
  commands: [
    { command: "cheques", descriptionKey: "cheques-cmd-cheques" },
    { command: "cheque_new", descriptionKey: "cheques-cmd-new" },
  ],
  callbacks: Object.values(CHEQUE_DATA),
  menuButtons: ["cheques"],
  needsKey: true,
};
