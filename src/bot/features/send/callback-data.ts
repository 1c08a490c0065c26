/** The send feature's buttons. */
import { callbackData, int } from "../../../telegram/callback-data.js";

export const SEND_DATA = {
  menu: callbackData("snd:menu"),
  create: callbackData("snd:new"),
  find: callbackData("snd:find"),
  /** A page of the history (cursor pages kept per user; the index only). */
  page: callbackData("snd:pg", { page: int(0, 9999) }),
};
