/** Exchange orders: filters, history, active orders. */
import type { FeatureManifest } from "../../feature.js";
import { ORDERS_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "orders",
  commands: [
    { command: "orders", descriptionKey: "orders-cmd" },
  ],
  callbacks: Object.values(ORDERS_DATA),
  menuButtons: ["orders"],
  needsKey: true,
};
