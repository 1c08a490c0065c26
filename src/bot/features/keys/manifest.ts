/** Linking and unlinking an API key, settings: works without a key (it is how one is linked). */
import type { FeatureManifest } from "../../feature.js";

export const manifest: FeatureManifest = {
  name: "keys",
  commands: [
    { command: "settings", descriptionKey: "cmd-settings" },
    { command: "connect", descriptionKey: "cmd-connect" },
    { command: "disconnect", descriptionKey: "cmd-disconnect" },
  ],
  callbackPrefixes: ["keys"],
  menuButtons: ["settings"],
  needsKey: false,
};
