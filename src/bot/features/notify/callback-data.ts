/** The notification settings' buttons (price alerts have their own: ../alerts/callback-data.ts). */
import { NOTICE_TOPICS } from "../../../storage/notify-settings.js";
import { callbackData, oneOf } from "../../callback-data.js";

export const NOTIFY_DATA = {
  show: callbackData("nt:show"),
  menu: callbackData("nt:menu"),
  toggle: callbackData("nt:t", { topic: oneOf(NOTICE_TOPICS) }),
  quiet: callbackData("nt:q"),
  setSecret: callbackData("nt:ws:set"),
  abortSecret: callbackData("nt:ws:abort"),
  removeSecret: callbackData("nt:ws:rm"),
};
