/** The Receive screen's buttons. */
import { callbackData } from "../../../telegram/callback-data.js";

export const RECEIVE_DATA = {
  menu: callbackData("rcv:menu"),
  request: callbackData("rcv:req"),
  payMe: callbackData("rcv:me"),
  topUp: callbackData("rcv:top"),
};
