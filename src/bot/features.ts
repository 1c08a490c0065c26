/**
 * Every feature, in one list: add a feature here and nowhere else (what it registers says what it
 * answers).
 */
import type { InlineKeyboard } from "grammy";
import type { Translate } from "../domain/translate.js";
import { helpSections } from "./commands.js";
import type { Feature, FeatureFactory, FeatureKit } from "./feature.js";
import { alertsFeature } from "./features/alerts/index.js";
import { balancesFeature } from "./features/balances/index.js";
import { chequesFeature } from "./features/cheques/index.js";
import { fundingFeature } from "./features/funding/index.js";
import { inlineFeature } from "./features/inline/index.js";
import { invoicesFeature } from "./features/invoices/index.js";
import { keysFeature } from "./features/keys/index.js";
import { limitsFeature } from "./features/limits/index.js";
import { linksFeature } from "./features/links/index.js";
import { marketFeature } from "./features/market/index.js";
import { massFeature } from "./features/mass/index.js";
import { historyFeature } from "./features/history/index.js";
import { notifyFeature } from "./features/notify/index.js";
import { receiveFeature } from "./features/receive/index.js";
import { ordersFeature } from "./features/orders/index.js";
import { sendFeature } from "./features/send/index.js";
import { startFeature } from "./features/start/index.js";
import { swapFeature } from "./features/swap/index.js";
import { tradeFeature } from "./features/trade/index.js";
import { withdrawFeature } from "./features/withdraw/index.js";
import { mainMenuOf } from "./main-menu.js";

/** In the order their early middleware runs (the router sends every other update to one feature). */
const FEATURES: FeatureFactory[] = [
  // Before keys: its early step takes a webhook secret the user was asked for (not a stray key).
  notifyFeature,
  alertsFeature,
  keysFeature,
  balancesFeature,
  chequesFeature,
  sendFeature,
  receiveFeature,
  historyFeature,
  invoicesFeature,
  withdrawFeature,
  limitsFeature,
  ordersFeature,
  tradeFeature,
  swapFeature,
  marketFeature,
  fundingFeature,
  linksFeature,
  inlineFeature,
  massFeature,
];

export function createFeatures(parts: Omit<FeatureKit, "mainMenu">): Feature[] {
  // The main menu is laid out from what every feature declared, so it is known once all are made.
  let mainMenu: (t: Translate) => InlineKeyboard = () => {
    throw new Error("the main menu is read before the features are made");
  };
  const kit: FeatureKit = { ...parts, mainMenu: (t) => mainMenu(t) };
  const features = FEATURES.map((make) => make(kit));
  // /help names every feature's commands, its own included.
  const start = startFeature(kit, (telegramId) => helpSections(all, kit.deps.config.ADMIN_IDS, telegramId));
  const all = [start, ...features];
  mainMenu = mainMenuOf(all);
  return all;
}
