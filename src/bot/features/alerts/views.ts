/**
 * What the alerts feature shows: an alert's line, the paged list with a remove button per alert, and
 * the keyboards. Prices are formatted here with the pair's quote asset, nowhere else.
 */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import { pairOn } from "../../../domain/networks.js";
import type { Translate } from "../../../domain/translate.js";
import type { PriceAlert } from "../../../notifications/alerts.js";
import { menu } from "../../menu-data.js";
import { NOTIFY_DATA } from "../notify/callback-data.js";
import { ALERTS_DATA } from "./callback-data.js";

/** Alerts shown per page of /alerts. */
export const ALERTS_PER_PAGE = 5;

/** The quote asset of a pair code ("BTC-USDT" → "USDT"): the asset its prices are in. */
export const quoteOf = (symbol: string): string | undefined => symbol.split("-")[1];

/** A price of `symbol` with its quote asset: "65 032.5 USDT". */
export const pairPrice = (symbol: string, price: string): string => formatAmount(price, quoteOf(symbol));

/** "BTC-USDT above 100 000 USDT (once)"; a testnet alert's pair says testnet. */
export function alertLine(t: Translate, a: Pick<PriceAlert, "symbol" | "direction" | "price" | "repeat" | "network">): string {
  return t(a.direction === "above" ? "alerts-line-above" : "alerts-line-below", {
    symbol: pairOn(t, a.symbol, a.network),
    price: pairPrice(a.symbol, a.price),
    mode: t(a.repeat ? "alerts-mode-every" : "alerts-mode-once"),
  });
}

/** Pages of a list of `count` alerts (at least one, for the empty list). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / ALERTS_PER_PAGE));

/**
 * One page of the user's alerts: a numbered line each, a ✖️ button each (its number, pair and price),
 * Previous / Next when there are more, New alert and « Back. A page past the end shows the last one.
 */
export function alertsPage(
  t: Translate,
  alerts: PriceAlert[],
  max: number,
  askedPage: number,
): { text: string; keyboard: InlineKeyboard } {
  const pages = pageCount(alerts.length);
  const page = Math.min(Math.max(askedPage, 0), pages - 1);
  const keyboard = new InlineKeyboard();
  if (alerts.length === 0) {
    keyboard.text(t("alerts-new-button"), ALERTS_DATA.create.build({})).row().text(t("common-back"), NOTIFY_DATA.show.build({}));
    return { text: t("alerts-empty"), keyboard };
  }
  const first = page * ALERTS_PER_PAGE;
  const shown = alerts.slice(first, first + ALERTS_PER_PAGE);
  shown.forEach((a, i) => {
    const sign = a.direction === "above" ? ">" : "<";
    keyboard.text(`✖️ ${first + i + 1}. ${a.symbol} ${sign} ${pairPrice(a.symbol, a.price)}`, ALERTS_DATA.remove.build({ id: a.id, page })).row();
  });
  if (page > 0) keyboard.text(t("common-prev"), ALERTS_DATA.page.build({ page: page - 1 }));
  if (page < pages - 1) keyboard.text(t("common-next"), ALERTS_DATA.page.build({ page: page + 1 }));
  if (pages > 1) keyboard.row();
  keyboard.text(t("alerts-new-button"), ALERTS_DATA.create.build({})).text(t("common-back"), NOTIFY_DATA.show.build({}));
  const title =
    pages > 1
      ? t("alerts-title-paged", { count: alerts.length, max, page: page + 1, pages })
      : t("alerts-title", { count: alerts.length, max });
  const lines = shown.map((a, i) => `${first + i + 1}. ${alertLine(t, a)}`);
  return { text: [title, ...lines].join("\n"), keyboard };
}

/**
 * Under an alert just set (or named as kept already): switch between once and every time, the list,
 * another alert, and « Back to the main menu.
 */
export function setAlertKeyboard(t: Translate, alert: Pick<PriceAlert, "id" | "repeat">): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t(alert.repeat ? "alerts-make-once" : "alerts-make-every"),
      ALERTS_DATA.repeat.build({ id: alert.id, every: alert.repeat ? "0" : "1" }),
    )
    .row()
    .text(t("notify-alerts-button"), ALERTS_DATA.list.build({}))
    .text(t("alerts-new-button"), ALERTS_DATA.create.build({}))
    .row()
    .text(t("common-back"), menu("main"));
}
