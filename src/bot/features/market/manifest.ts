/** Public market data: works without a key. */
import type { FeatureManifest } from "../../feature.js";
import { MARKET_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "market",
  commands: [
    { command: "price", descriptionKey: "market-cmd-price" },
    { command: "chart", descriptionKey: "market-cmd-chart" },
    { command: "book", descriptionKey: "market-cmd-book" },
    { command: "trades", descriptionKey: "market-cmd-trades" },
    { command: "symbols", descriptionKey: "market-cmd-symbols" },
    { command: "assets", descriptionKey: "market-cmd-assets" },
    { command: "fees", descriptionKey: "market-cmd-fees" },
    { command: "status", descriptionKey: "market-cmd-status" },
  ],
  callbacks: Object.values(MARKET_DATA),
  needsKey: false,
};
