/** The balances feature's buttons. */
import { callbackData, text } from "../../callback-data.js";

export const BALANCE_DATA = {
  refresh: callbackData("bal:refresh"),
  move: callbackData("bal:move"),
  currencies: callbackData("bal:currencies"),
  /** Rates against a fiat currency (the handler checks it is one of FIATS). */
  rates: callbackData("rates", { fiat: text("[A-Z]", 3, 3) }),
};
