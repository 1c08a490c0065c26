/** The start feature's buttons (the main menu's own are in src/bot/menu-data.ts). */
import { callbackData, text } from "../../../telegram/callback-data.js";

export const START_DATA = {
  /** A language: a folder of locales/ ("uk", "pt-br"); the handler checks it is one the bot speaks. */
  language: callbackData("lang", { locale: text("[A-Za-z0-9-]", 12, 2) }),
  /** A language chosen on the /start welcome (the welcome is redrawn in it). */
  welcomeLanguage: callbackData("lang:w", { locale: text("[A-Za-z0-9-]", 12, 2) }),
  /** /help's first screen, and one topic's. */
  helpMain: callbackData("help:main"),
  helpTopic: callbackData("help:t", { topic: text("[a-z]", 20) }),
};
