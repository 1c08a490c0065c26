/** The price alerts' buttons (the flow's own choices are the shared inputs' `in:pick:` buttons). */
import { callbackData, int, oneOf, text } from "../../../telegram/callback-data.js";

/** An alert's id (`al-` and 32 hex digits today; up to 40 of these characters). */
const alertId = text("[A-Za-z0-9_-]", 40);

export const ALERTS_DATA = {
  list: callbackData("al:list"),
  page: callbackData("al:p", { page: int(0, 99) }),
  /** Remove, then show the list's page `page` again. */
  remove: callbackData("al:del", { id: alertId, page: int(0, 99) }),
  /** The remove button of lists shown before they had pages. */
  removeUnpaged: callbackData("al:rm", { id: alertId }),
  create: callbackData("al:new"),
  /** A new alert on this pair (under a pair's price card). */
  createFor: callbackData("al:pair", { symbol: text("[A-Z0-9-]", 41) }),
  /** Every crossing or once, for an alert just set. */
  repeat: callbackData("al:rep", { id: alertId, every: oneOf(["0", "1"]) }),
};
