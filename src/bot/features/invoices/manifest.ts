/** Invoices: create, list, manage, pay addresses. */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "invoices",
  commands: [
    { command: "invoices", descriptionKey: "invoices-cmd-invoices" },
    { command: "newinvoice", descriptionKey: "invoices-cmd-new" },
    { command: "myinvoices", descriptionKey: "invoices-cmd-list" },
  ],
  callbackPrefixes: ["inv", "ia"],
  menuButtons: ["invoices"],
  needsKey: true,
};
