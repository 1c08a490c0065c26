/** The order history's buttons; each list button carries the filter its page was shown with. */
import { callbackData, int, text } from "../../../telegram/callback-data.js";
import { filterField as filter } from "./filter.js";

/** An order id: `ord:show:` plus the id fits 64 bytes. */
const orderId = text("[A-Za-z0-9_-]", 55);
/** A page of a list (the service pages from 1). */
const page = int(1, 9999);

export const ORDERS_DATA = {
  /** The filter panel showing this filter. */
  filters: callbackData("ord:f", { filter }),
  pairPicker: callbackData("ord:sym", { filter }),
  history: callbackData("ord:h", { page, filter }),
  active: callbackData("ord:a", { page, filter }),
  show: callbackData("ord:show", { orderId }),
};
