/** The notification settings' buttons (price alerts have their own: ../alerts/callback-data.ts). */
import { NOTICE_TOPICS } from "../../../storage/notify-settings.js";
import { callbackData, int, oneOf } from "../../../telegram/callback-data.js";

export const NOTIFY_DATA = {
  show: callbackData("nt:show"),
  menu: callbackData("nt:menu"),
  toggle: callbackData("nt:t", { topic: oneOf(NOTICE_TOPICS) }),
  quiet: callbackData("nt:q"),
  /** A quiet-hours preset (hours on the person's clock), or none. */
  quietSet: callbackData("nt:qs", { from: int(0, 23), to: int(0, 23) }),
  quietOff: callbackData("nt:qs:off"),
  /** The time zones, and one of them (its index among the offered zones), opened from quiet hours. */
  zones: callbackData("nt:zones"),
  zone: callbackData("nt:tz", { index: int(0, 99) }),
  /** The same opened from the settings: a pick and « Back return there. */
  settingsZones: callbackData("nt:zones:s"),
  settingsZone: callbackData("nt:tz:s", { index: int(0, 99) }),
  setSecret: callbackData("nt:ws:set"),
  abortSecret: callbackData("nt:ws:abort"),
  removeSecret: callbackData("nt:ws:rm"),
};
