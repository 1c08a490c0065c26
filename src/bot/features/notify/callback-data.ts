/** The notification settings' and price alerts' buttons. */
import { NOTICE_TOPICS } from "../../../storage/notify-settings.js";
import { callbackData, oneOf, text } from "../../callback-data.js";

export const NOTIFY_DATA = {
  show: callbackData("nt:show"),
  menu: callbackData("nt:menu"),
  toggle: callbackData("nt:t", { topic: oneOf(NOTICE_TOPICS) }),
  quiet: callbackData("nt:q"),
  setSecret: callbackData("nt:ws:set"),
  abortSecret: callbackData("nt:ws:abort"),
  removeSecret: callbackData("nt:ws:rm"),
  alerts: callbackData("al:list"),
  removeAlert: callbackData("al:rm", { id: text("[A-Za-z0-9_-]", 40) }),
};
