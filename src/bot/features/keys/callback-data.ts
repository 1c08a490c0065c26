/** The keys feature's buttons. */
import { callbackData, oneOf } from "../../callback-data.js";

export const KEY_DATA = {
  connect: callbackData("keys:connect"),
  network: callbackData("keys:net", { network: oneOf(["production", "testnet"]) }),
  abort: callbackData("keys:abort"),
  /** The network question's Cancel: the question goes away. */
  close: callbackData("keys:close"),
  disconnect: callbackData("keys:disconnect"),
  unlinkYes: callbackData("keys:unlink:yes"),
  unlinkNo: callbackData("keys:unlink:no"),
};
