/** The withdraw feature's buttons. */
import { callbackData, int, text } from "../../../telegram/callback-data.js";

export const WITHDRAW_DATA = {
  /** Starts a withdrawal by link. */
  link: callbackData("wdr:link"),
  /** Starts a withdrawal to an address. */
  create: callbackData("wdr:new"),
  list: callbackData("wdr:list"),
  /** A page of the list (cursor pages kept per user; the index only). */
  page: callbackData("wdr:page", { page: int(0, 9999) }),
  /** One withdrawal's details, by the service's id (`wdr:show:` plus the id fits 64 bytes). */
  show: callbackData("wdr:show", { withdrawalId: text("[A-Za-z0-9_-]", 50) }),
};
