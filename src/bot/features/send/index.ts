import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";

// Placeholder until the feature lands.
export function sendFeature(_kit: FeatureKit): Feature {
  return { name: "send", composer: new Composer<BotContext>() };
}
