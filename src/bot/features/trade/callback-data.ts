/** The trade feature's buttons (the flow's own choices are the shared inputs' `in:pick:` buttons). */
import { callbackData, text } from "../../../telegram/callback-data.js";

export const TRADE_DATA = {
  /** Proposes cancelling an order, by the exchange's id (`trd:cancel:` plus the id fits 64 bytes). */
  cancel: callbackData("trd:cancel", { orderId: text("[A-Za-z0-9_-]", 53) }),
};
