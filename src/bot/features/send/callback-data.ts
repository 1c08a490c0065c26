/** The send feature's buttons. */
import { callbackData, int, text } from "../../../telegram/callback-data.js";

export const SEND_DATA = {
  menu: callbackData("snd:menu"),
  create: callbackData("snd:new"),
  find: callbackData("snd:find"),
  /** A new transfer to this user (offered for a message forwarded outside any flow). */
  to: callbackData("snd:to", { userId: int(1, Number.MAX_SAFE_INTEGER) }),
  /** "Send again": a new transfer to this user of this asset and amount, straight to its summary. */
  again: callbackData("snd:ag", {
    userId: int(1, Number.MAX_SAFE_INTEGER),
    asset: text("[A-Z0-9_]", 10),
    amount: text("[0-9.]", 24),
  }),
  /** A page of the history (cursor pages kept per user; the index only). */
  page: callbackData("snd:pg", { page: int(0, 9999) }),
};
