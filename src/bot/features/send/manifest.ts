/** Transfers to Telegram users: new transfer, history, find by id. */
import type { FeatureManifest } from "../../feature.js";
import { SEND_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "send",
  commands: [
    { command: "send", descriptionKey: "send-cmd" },
    { command: "transfers", descriptionKey: "send-cmd-list" },
    { command: "transfer", descriptionKey: "send-cmd-find" },
  ],
  callbacks: Object.values(SEND_DATA),
  menuButtons: ["send"],
  menuTexts: ["common-cancel"],
  updates: ["users_shared", "forward"],
  needsKey: true,
};
