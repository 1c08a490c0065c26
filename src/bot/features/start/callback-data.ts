/** The start feature's buttons (the main menu's own are in src/bot/menu-data.ts). */
import { callbackData, text } from "../../callback-data.js";

export const START_DATA = {
  /** A language (the handler checks it is one the bot speaks). */
  language: callbackData("lang", { locale: text("[a-z]", 2, 2) }),
};
