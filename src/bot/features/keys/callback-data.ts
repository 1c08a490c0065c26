/** The keys feature's buttons. */
import { callbackData, oneOf } from "../../callback-data.js";

export const KEY_DATA = {
  connect: callbackData("keys:connect"),
  network: callbackData("keys:net", { network: oneOf(["production", "testnet"]) }),
  abort: callbackData("keys:abort"),
  disconnect: callbackData("keys:disconnect"),
  unlinkYes: callbackData("keys:unlink:yes"),
  unlinkNo: callbackData("keys:unlink:no"),
};
