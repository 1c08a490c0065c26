import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";

// Placeholder until the feature lands.
export function chequesFeature(_kit: FeatureKit): Feature {
  return { name: "cheques", composer: new Composer<BotContext>() };
}
