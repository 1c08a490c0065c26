/** The market screens' buttons (a pair's card and what opens from it, the pair list, the assets). */
import { callbackData, int, matching, text } from "../../../telegram/callback-data.js";

/** A pair as the exchange spells it: `mkt:chart:` plus the longest pair and interval fits 64 bytes. */
const symbol = matching("[A-Z0-9]{1,20}-[A-Z0-9]{1,20}", `${"X".repeat(20)}-${"X".repeat(20)}`);

export const MARKET_DATA = {
  price: callbackData("mkt:price", { symbol }),
  book: callbackData("mkt:book", { symbol }),
  trades: callbackData("mkt:trades", { symbol }),
  /** Opens the trade flow on the pair. */
  trade: callbackData("mkt:trade", { symbol }),
  /** The pair's trading rules. */
  info: callbackData("mkt:info", { symbol }),
  /** The chart at an interval (the handler checks it is one of CHART_INTERVALS). */
  chart: callbackData("mkt:chart", { symbol, interval: text("[0-9a-z]", 3, 2) }),
  /** A page of the pair list, narrowed by what was searched (empty: all pairs). */
  symbols: callbackData("mkt:syms", { page: int(1, 9999), query: text("[A-Za-z0-9-]", 20, 0) }),
  assets: callbackData("mkt:assets"),
  asset: callbackData("mkt:asset", { asset: text("[A-Za-z0-9]", 32) }),
};
