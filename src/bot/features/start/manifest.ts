/** Greeting, language and the main menu: works for everyone. */
import type { FeatureManifest } from "../../feature.js";
import { START_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "start",
  commands: [
    { command: "start", descriptionKey: "cmd-start" },
    { command: "menu", descriptionKey: "cmd-menu" },
    { command: "help", descriptionKey: "cmd-help" },
    { command: "language", descriptionKey: "cmd-language" },
    { command: "cancel", descriptionKey: "cmd-cancel" },
  ],
  callbacks: Object.values(START_DATA),
  menuButtons: ["main", "language"],
  needsKey: false,
};
