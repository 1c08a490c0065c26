/** Mass transfers, for admins only (the flow checks the admin's key itself). */
import { MASS_JOB_DATA } from "../../../mass/callback-data.js";
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "mass",
  adminCommands: [{ command: "mass", descriptionKey: "mass-cmd" }],
  callbacks: Object.values(MASS_JOB_DATA),
  menuButtons: ["mass"],
  needsKey: false,
};
