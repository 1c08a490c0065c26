/** The keys feature's buttons. */
import { callbackData, oneOf } from "../../../telegram/callback-data.js";
import { LINK_KEY } from "../../shared/link-key.js";
import { SWITCH_NETWORK } from "../../shared/networks.js";

const network = oneOf(["production", "testnet"]);

export const KEY_DATA = {
  /** The settings screen, shown in place: the way back from a screen opened there (the time zones). */
  settings: callbackData("keys:settings"),
  /** /connect's network question (also offered wherever a reply says to link a key). */
  connect: LINK_KEY,
  network: callbackData("keys:net", { network }),
  abort: callbackData("keys:abort"),
  /** The network question's Cancel: the question goes away. */
  close: callbackData("keys:close"),
  disconnect: callbackData("keys:disconnect"),
  /** Carries the network asked about: a switch between the question and the press removes nothing else. */
  unlinkYes: callbackData("keys:unlink:yes", { network }),
  unlinkNo: callbackData("keys:unlink:no"),
  /** Makes a network the active one (also offered by the balances and the key gate). */
  use: SWITCH_NETWORK,
};
