/** Receiving money: a payment request, the pay-me link, topping up from outside. */
import type { FeatureManifest } from "../../feature.js";
import { RECEIVE_DATA } from "./callback-data.js";

export const manifest: FeatureManifest = {
  name: "receive",
  commands: [{ command: "receive", descriptionKey: "receive-cmd" }],
  callbacks: Object.values(RECEIVE_DATA),
  menuButtons: ["receive"],
  // A request is made with the person's key; the pay-me link and the deposit link are theirs to
  // share whether or not a key is linked, and the screen itself says what each needs.
  needsKey: true,
  openWithoutKey: ["receive"],
  openCallbacks: [RECEIVE_DATA.menu.head, RECEIVE_DATA.payMe.head, RECEIVE_DATA.topUp.head],
};
