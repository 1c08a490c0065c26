/**
 * Texts and keyboards of the order history: the filter panel, the pair picker, a page of orders (one
 * compact line each, a button per order) and one order in full. Pure functions of service replies.
 */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { formatAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import type { Order } from "../../../service/schemas.js";
import { ORDERS_DATA } from "./callback-data.js";
import { fitsButton, type OrderFilter, PERIODS, SIDES } from "./filter.js";
import { menu } from "../../menu-data.js";
import { formatListTime, formatTime } from "../../shared/format.js";

/** Orders per page of history. */
export const PAGE_SIZE = 10;
const ORDER_BUTTONS_PER_ROW = 5;
const SYMBOLS_PER_ROW = 3;

const mark = (on: boolean, label: string) => (on ? `✓ ${label}` : label);

const assetsOf = (symbol: string) => {
  const [base = symbol, quote = symbol] = symbol.split("-");
  return { base, quote };
};

/** One line describing the filter (page headers and the panel). */
export function filterLine(t: Translate, f: OrderFilter): string {
  return t("orders-filter-line", {
    pair: f.symbol ?? t("orders-all-pairs"),
    side: t(`orders-side-${f.side}`),
    period: t(`orders-period-${f.period}`),
    cancelled: t(f.hideCancelled ? "orders-cancelled-hidden" : "orders-cancelled-shown"),
  });
}

/** The part of the filter that applies to open orders (pair and side). */
export function activeFilterLine(t: Translate, f: OrderFilter): string {
  return t("orders-active-filter-line", {
    pair: f.symbol ?? t("orders-all-pairs"),
    side: t(`orders-side-${f.side}`),
  });
}

/** The filter panel: each button carries the filter it leads to. */
export function panel(t: Translate, f: OrderFilter): { text: string; keyboard: InlineKeyboard } {
  const kb = new InlineKeyboard()
    .text(t("orders-pair-button", { pair: f.symbol ?? t("orders-all-pairs") }), ORDERS_DATA.pairPicker.build({ filter: f }))
    .row();
  for (const side of SIDES)
    kb.text(mark(f.side === side, t(`orders-side-${side}`)), ORDERS_DATA.filters.build({ filter: { ...f, side } }));
  kb.row();
  for (const period of PERIODS) {
    kb.text(
      mark(f.period === period, t(`orders-period-${period}`)),
      ORDERS_DATA.filters.build({ filter: { ...f, period } }),
    );
  }
  kb.row()
    .text(
      t(f.hideCancelled ? "orders-hide-on" : "orders-hide-off"),
      ORDERS_DATA.filters.build({ filter: { ...f, hideCancelled: !f.hideCancelled } }),
    )
    .row()
    .text(t("orders-show"), ORDERS_DATA.history.build({ page: 1, filter: f }))
    .text(t("orders-active"), ORDERS_DATA.active.build({ page: 1, filter: f }))
    .row()
    .text(t("trade-button"), menu("trade"));
  return {
    text: [t("orders-panel-title"), filterLine(t, f), "", t("orders-panel-hint")].join("\n"),
    keyboard: kb,
  };
}

/** The pair picker: All plus every pair the exchange lists (that fits in a button). */
export function symbolPicker(
  t: Translate,
  f: OrderFilter,
  symbols: string[],
): { text: string; keyboard: InlineKeyboard } {
  const kb = new InlineKeyboard()
    .text(mark(f.symbol === null, t("orders-all-pairs")), ORDERS_DATA.filters.build({ filter: { ...f, symbol: null } }))
    .row();
  symbols.filter(fitsButton).forEach((symbol, i) => {
    if (i > 0 && i % SYMBOLS_PER_ROW === 0) kb.row();
    kb.text(mark(f.symbol === symbol, symbol), ORDERS_DATA.filters.build({ filter: { ...f, symbol } }));
  });
  kb.row().text(t("common-back"), ORDERS_DATA.filters.build({ filter: f }));
  return { text: t("orders-pick-pair"), keyboard: kb };
}

/**
 * The price an order was placed at: its limit, "at market", and the stop when it has one; a market
 * order that filled also shows what it averaged.
 */
function priceShown(t: Translate, o: Order, quote: string): string {
  const parts = [
    o.price != null
      ? t("orders-at-price", { price: formatAmount(o.price, quote) })
      : money.isPositive(o.dealSize)
        ? t("orders-at-average", { price: formatAmount(money.div(o.dealFunds, o.dealSize, 8), quote) })
        : t("orders-at-market"),
  ];
  if (o.stopPrice != null) parts.push(t("orders-at-stop", { stop: formatAmount(o.stopPrice, quote) }));
  return parts.join(", ");
}

/**
 * One order on one line: status, side, type, pair, ordered amount and price, filled size and funds,
 * fee, and when it was placed on the wall clock of `zone` (the list's title names the zone).
 */
export function orderLine(t: Translate, n: number, o: Order, zone?: string): string {
  const { base, quote } = assetsOf(o.symbol);
  let ordered = t("orders-missing");
  if (o.size != null) ordered = t("orders-ordered-size", { size: formatAmount(o.size, base) });
  else if (o.funds != null) ordered = t("orders-ordered-funds", { funds: formatAmount(o.funds, quote) });
  return t("orders-line", {
    at: priceShown(t, o, quote),
    n,
    status: t(`orders-status-${o.status}`),
    side: t(`orders-side-short-${o.side}`),
    type: t(`orders-type-${o.type}`),
    symbol: o.symbol,
    ordered,
    filled: formatAmount(o.dealSize, base),
    funds: formatAmount(o.dealFunds, quote),
    fee: formatAmount(o.fee, o.feeAsset),
    time: formatListTime(o.createdAt, zone),
  });
}

export interface PageView {
  title: string;
  /** The filter the list was read with; the Filters and Active buttons keep it. */
  filter: OrderFilter;
  /** How the filter is described above the list. */
  filterText: string;
  orders: Order[];
  currentPage: number;
  totalPage: number;
  totalNum: number;
  /** Number of the first order on this page (1-based), so lines and buttons count on across pages. */
  firstNumber: number;
  /** Callback data of another page of the same list. */
  pageData: (page: number) => string;
  /** The active-orders list: it offers the history instead of a button to itself. */
  active?: boolean;
  /** The person's time zone: the times of the lines (the title names it). */
  zone?: string;
}

/** A page of orders with a button per order, Previous / Next and the way back to the filters. */
export function ordersPage(t: Translate, v: PageView): { text: string; keyboard: InlineKeyboard } {
  const lines = v.orders.map((o, i) => orderLine(t, v.firstNumber + i, o, v.zone));
  const head = [v.title, v.filterText, ""];
  let body: string[];
  if (v.totalNum === 0) body = [t("orders-none")];
  else if (lines.length === 0) body = [t("orders-page-empty", { page: v.currentPage, pages: v.totalPage })];
  else
    body = [t("orders-page", { page: v.currentPage, pages: v.totalPage, total: v.totalNum }), "", ...lines];

  // Rows are built whole: an empty row (no Previous/Next on a single page) is left out.
  // An id that would not fit the button's data gets no button.
  const numbers = v.orders.flatMap((o, i) => {
    const data = ORDERS_DATA.show.tryBuild({ orderId: o.id });
    return data === undefined ? [] : [InlineKeyboard.text(String(v.firstNumber + i), data)];
  });
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < numbers.length; i += ORDER_BUTTONS_PER_ROW)
    rows.push(numbers.slice(i, i + ORDER_BUTTONS_PER_ROW));
  const nav: InlineKeyboardButton[] = [];
  if (v.currentPage > 1) {
    nav.push(
      InlineKeyboard.text(
        t("common-prev"),
        v.pageData(Math.min(v.currentPage - 1, Math.max(v.totalPage, 1))),
      ),
    );
  }
  if (v.currentPage < v.totalPage)
    nav.push(InlineKeyboard.text(t("common-next"), v.pageData(v.currentPage + 1)));
  if (nav.length > 0) rows.push(nav);
  rows.push([
    InlineKeyboard.text(t("orders-filters"), ORDERS_DATA.filters.build({ filter: v.filter })),
    v.active
      ? InlineKeyboard.text(t("orders-show"), ORDERS_DATA.history.build({ page: 1, filter: v.filter }))
      : InlineKeyboard.text(t("orders-active"), ORDERS_DATA.active.build({ page: 1, filter: v.filter })),
  ]);
  const kb = InlineKeyboard.from(rows);
  return { text: [...head, ...body].join("\n"), keyboard: kb };
}

/** One order in full, its times on the wall clock of `zone`. */
export function orderDetails(t: Translate, o: Order, zone?: string): string {
  const { base, quote } = assetsOf(o.symbol);
  const lines = [
    t("orders-detail-title", { id: copyable(o.id) }),
    t("orders-detail-pair", { pair: o.symbol }),
    t("orders-detail-kind", {
      side: t(`orders-side-short-${o.side}`),
      type: t(`orders-type-${o.type}`),
      tif: o.timeInForce,
    }),
    t("orders-detail-status", { status: t(`orders-status-${o.status}`) }),
  ];
  if (o.price != null) lines.push(t("orders-detail-price", { price: formatAmount(o.price, quote) }));
  if (o.stopPrice != null) {
    lines.push(
      t("orders-detail-stop", {
        price: formatAmount(o.stopPrice, quote),
        state: t(o.stopTriggered ? "orders-stop-triggered" : "orders-stop-waiting"),
      }),
    );
  }
  if (o.size != null) lines.push(t("orders-detail-size", { size: formatAmount(o.size, base) }));
  if (o.funds != null) lines.push(t("orders-detail-funds", { funds: formatAmount(o.funds, quote) }));
  lines.push(
    t("orders-detail-filled", {
      size: formatAmount(o.dealSize, base),
      funds: formatAmount(o.dealFunds, quote),
    }),
  );
  if (money.isPositive(o.dealSize)) {
    // Eight places are enough to tell apart any two prices a person compares.
    lines.push(
      t("orders-detail-average", { price: formatAmount(money.div(o.dealFunds, o.dealSize, 8), quote) }),
    );
  }
  lines.push(
    t("orders-detail-fee", { fee: formatAmount(o.fee, o.feeAsset) }),
    t("orders-detail-client-id", { id: o.clientOrderId ? copyable(o.clientOrderId) : "—" }),
    t("orders-detail-created", { time: formatTime(o.createdAt, zone, { seconds: true }) }),
    t("orders-detail-updated", { time: formatTime(o.updatedAt, zone, { seconds: true }) }),
  );
  if (o.remark) lines.push(quotedField(t("orders-detail-remark"), o.remark));
  return lines.join("\n");
}
