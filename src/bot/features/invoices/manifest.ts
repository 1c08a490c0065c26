/** Invoices: create, list, manage, pay addresses. */
import type { FeatureManifest } from "../../feature.js";
import { INVOICE_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "invoices",
  commands: [
    { command: "invoices", descriptionKey: "invoices-cmd-invoices" },
    { command: "newinvoice", descriptionKey: "invoices-cmd-new" },
    { command: "myinvoices", descriptionKey: "invoices-cmd-list" },
  ],
  callbacks: Object.values(INVOICE_DATA),
  menuButtons: ["invoices"],
  needsKey: true,
};
