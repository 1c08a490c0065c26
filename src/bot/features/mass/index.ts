import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";

// Placeholder until the feature lands.
export function massFeature(_kit: FeatureKit): Feature {
  return { name: "mass", composer: new Composer<BotContext>() };
}
