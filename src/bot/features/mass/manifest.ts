/** Mass transfers, for admins only. */
import { MASS_JOB_DATA, MASS_REPORT_DATA, MASS_RETRY_DATA } from "../../../mass/callback-data.js";
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "mass",
  adminCommands: [{ command: "mass", descriptionKey: "mass-cmd" }],
  // Retry opens a new payout: it needs the key, as /mass does.
  callbacks: [...Object.values(MASS_JOB_DATA), MASS_RETRY_DATA, MASS_REPORT_DATA],
  menuButtons: ["mass"],
  needsKey: true,
  adminOnly: true,
  // A job under way can always be paused, resumed or cancelled from its progress message.
  openCallbacks: Object.values(MASS_JOB_DATA).map((c) => c.head),
};
