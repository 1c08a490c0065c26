/** The balances feature's buttons. */
import { callbackData, oneOf, text } from "../../../telegram/callback-data.js";

export const BALANCE_DATA = {
  refresh: callbackData("bal:refresh"),
  move: callbackData("bal:move"),
  currencies: callbackData("bal:currencies"),
  /** Rates against a fiat currency (the handler checks it is one of FIATS). */
  rates: callbackData("rates", { fiat: text("[A-Z]", 3, 3) }),
  /** The currency the balances are valued in: the picker, and a choice (checked against the service's list). */
  fiatPicker: callbackData("bal:fiats"),
  fiat: callbackData("bal:fiat", { fiat: text("[A-Z]", 5, 3) }),
  /** Switches the network and shows the balances there. */
  network: callbackData("bal:use", { network: oneOf(["production", "testnet"]) }),
};
