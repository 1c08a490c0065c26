/** The send feature's buttons. */
import { callbackData, int } from "../../../telegram/callback-data.js";

export const SEND_DATA = {
  menu: callbackData("snd:menu"),
  create: callbackData("snd:new"),
  find: callbackData("snd:find"),
  /** A new transfer to this user (offered for a message forwarded outside any flow). */
  to: callbackData("snd:to", { userId: int(1, Number.MAX_SAFE_INTEGER) }),
  /** A page of the history (cursor pages kept per user; the index only). */
  page: callbackData("snd:pg", { page: int(0, 9999) }),
};
