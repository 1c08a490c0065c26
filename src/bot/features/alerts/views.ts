/**
 * What the alerts feature shows: an alert's line, the paged list with a remove button per alert, and
 * the buttons' callback data. Prices are formatted here with the pair's quote asset, nowhere else.
 */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { PriceAlert } from "../../../notifications/alerts.js";

/** Alerts shown per page of /alerts. */
export const ALERTS_PER_PAGE = 5;

/** Callback data of the feature; every value stays within Telegram's 64 bytes (an alert id is 35 characters). */
export const CB = {
  list: "al:list",
  page: (page: number) => `al:p:${page}`,
  remove: (alertId: string, page: number) => `al:rm:${alertId}:${page}`,
  create: "al:new",
  /** A new alert on this pair (under a pair's price card). */
  createFor: (symbol: string) => `al:new:${symbol}`,
  /** Every crossing (1) or once (0), for an alert just set. */
  repeat: (alertId: string, every: boolean) => `al:rep:${alertId}:${every ? 1 : 0}`,
  /** The main menu (start feature). */
  menu: "menu:main",
  /** The notification settings (notify feature), where the alerts list is reached from. */
  settings: "nt:show",
} as const;

export const REPEAT_PATTERN = /^al:rep:([A-Za-z0-9_-]{1,40}):([01])$/;
export const CREATE_FOR_PATTERN = /^al:new:([A-Z0-9]{1,20}-[A-Z0-9]{1,20})$/;
export const PAGE_PATTERN = /^al:p:([0-9]{1,3})$/;
/** Also the older `al:rm:<id>` of lists shown before pages existed. */
export const REMOVE_PATTERN = /^al:rm:([A-Za-z0-9_-]{1,40})(?::([0-9]{1,3}))?$/;

/** The quote asset of a pair code ("BTC-USDT" → "USDT"): the asset its prices are in. */
export const quoteOf = (symbol: string): string | undefined => symbol.split("-")[1];

/** A price of `symbol` with its quote asset: "65 032.5 USDT". */
export const pairPrice = (symbol: string, price: string): string => formatAmount(price, quoteOf(symbol));

/** "BTC-USDT above 100 000 USDT (once)". */
export function alertLine(t: Translate, a: Pick<PriceAlert, "symbol" | "direction" | "price" | "repeat">): string {
  return t(a.direction === "above" ? "alerts-line-above" : "alerts-line-below", {
    symbol: a.symbol,
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
    keyboard.text(t("alerts-new-button"), CB.create).row().text(t("common-back"), CB.settings);
    return { text: t("alerts-empty"), keyboard };
  }
  const first = page * ALERTS_PER_PAGE;
  const shown = alerts.slice(first, first + ALERTS_PER_PAGE);
  shown.forEach((a, i) => {
    const sign = a.direction === "above" ? ">" : "<";
    keyboard.text(`✖️ ${first + i + 1}. ${a.symbol} ${sign} ${pairPrice(a.symbol, a.price)}`, CB.remove(a.id, page)).row();
  });
  if (page > 0) keyboard.text(t("common-prev"), CB.page(page - 1));
  if (page < pages - 1) keyboard.text(t("common-next"), CB.page(page + 1));
  if (pages > 1) keyboard.row();
  keyboard.text(t("alerts-new-button"), CB.create).text(t("common-back"), CB.settings);
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
    .text(t(alert.repeat ? "alerts-make-once" : "alerts-make-every"), CB.repeat(alert.id, !alert.repeat))
    .row()
    .text(t("notify-alerts-button"), CB.list)
    .text(t("alerts-new-button"), CB.create)
    .row()
    .text(t("common-back"), CB.menu);
}
