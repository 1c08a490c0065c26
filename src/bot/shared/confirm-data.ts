/** The confirmation step's buttons: Confirm and Cancel under a summary, each carrying the operation's id. */
import { callbackData, text } from "../../telegram/callback-data.js";

/** An operation's client id as generated (`newClientId`: a short prefix, a dash, 32 hex digits) or derived. */
const id = text("[A-Za-z0-9_-]", 40);

export const CONFIRM_DATA = {
  confirm: callbackData("cf", { id }),
  cancel: callbackData("cx", { id }),
};
