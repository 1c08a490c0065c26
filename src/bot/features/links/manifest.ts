/** Deep links (`t.me/<bot>?start=<payload>`). */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "links",
  deepLinks: [
    { kind: "price" },
    // A transfer needs the sender's key; the reply says the link works once one is linked.
    { kind: "send", needsKey: true, noKeyReply: "links-send-no-key" },
    // Without a key an invoice is simply not found (links-invoice-foreign), like someone else's.
    { kind: "invoice" },
  ],
  needsKey: false,
};
