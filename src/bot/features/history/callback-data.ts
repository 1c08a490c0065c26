/** The history's buttons: a page under a filter, an entry's receipt, the filter menus. */
import { callbackData, int, oneOf, text } from "../../../telegram/callback-data.js";

/** The kinds of entry a list can be narrowed to, one letter each (a button's data is short). */
export const FILTERS = ["a", "s", "r", "c", "i", "w", "x", "m"] as const;
export type Filter = (typeof FILTERS)[number];

const page = int(0, 999);
const filter = oneOf(FILTERS);
/** An asset code, or "-" for every asset. */
const asset = text("[A-Z0-9_-]", 10);

export const HISTORY_DATA = {
  page: callbackData("hst:pg", { page, filter, asset }),
  /** An entry's receipt, with the list it was opened from (to go back to). */
  entry: callbackData("hst:e", { id: text("[A-Za-z0-9_-]", 40), page, filter, asset }),
  kinds: callbackData("hst:k", { asset }),
  assets: callbackData("hst:as", { filter }),
};

/** "every asset" in a button's data. */
export const ANY_ASSET = "-";
