/** Linking and unlinking an API key, settings: works without a key (it is how one is linked). */
import type { FeatureManifest } from "../../feature.js";
import { KEY_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "keys",
  commands: [
    { command: "settings", descriptionKey: "cmd-settings" },
    { command: "connect", descriptionKey: "cmd-connect" },
    { command: "disconnect", descriptionKey: "cmd-disconnect" },
  ],
  callbacks: Object.values(KEY_DATA),
  menuButtons: ["settings"],
  needsKey: false,
};
