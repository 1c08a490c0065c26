/**
 * Order history: /orders and the Orders button open a filter panel (pair, side, period, hide
 * cancelled); Show pages through the finished orders, Active lists the open ones, and a number button
 * shows one order in full. Everything is a read, so there is no confirmation. The panel, the pages and
 * the pair picker share one message that is edited in place; each button carries the filter it was
 * shown with, so an old message keeps paging through the list it showed, and the last filter chosen
 * is kept in the session for the next /orders.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { showInPlace } from "../../shared/show.js";
import { cancelOrderKeyboard } from "../trade/index.js";
import { ORDERS_DATA } from "./callback-data.js";
import { filterFromSession, type OrderFilter, periodRange } from "./filter.js";
import {
  activeFilterLine,
  filterLine,
  orderDetails,
  ordersPage,
  PAGE_SIZE,
  panel,
  symbolPicker,
} from "./view.js";
import { menu } from "../../menu-data.js";
import { DEFAULT_ZONE } from "../../../domain/time-zones.js";
import { zoneLabel } from "../../shared/format.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

/** Shows a view in place of the pressed button's message (a new message when it cannot be edited). */
const showView = (ctx: BotContext, view: { text: string; keyboard: InlineKeyboard }) =>
  showInPlace(ctx, view.text, { reply_markup: view.keyboard });

const sideParam = (f: OrderFilter) => (f.side === "any" ? {} : { side: f.side });
const symbolParam = (f: OrderFilter) => (f.symbol === null ? {} : { symbol: f.symbol });

/** The order-history panel, its pages, active orders and order details. */
export function ordersFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "orders", needsKey: true, helpTopic: "exchange" });

  const remember = (ctx: BotContext, f: OrderFilter) => {
    ctx.session.orders = { ...f };
  };

  const openPanel = async (ctx: BotContext) => {
    const view = panel(ctx.t, filterFromSession(ctx.session.orders));
    await ctx.reply(view.text, { reply_markup: view.keyboard });
  };
  entries.command({ command: "orders", descriptionKey: "orders-cmd" }, openPanel);
  entries.menuButton({ button: "orders", menu: { labelKey: "menu-orders", row: 2, column: 1 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await openPanel(ctx);
  });

  // Data that matches a button's pattern but does not read back (page 0) goes on to the fallback.
  entries.callback(ORDERS_DATA.filters, async (ctx, next) => {
    const { filter: f } = ORDERS_DATA.filters.parse(ctx.callbackQuery.data) ?? {};
    if (!f) return next();
    remember(ctx, f);
    await ctx.answerCallbackQuery();
    await showView(ctx, panel(ctx.t, f));
  });

  entries.callback(ORDERS_DATA.pairPicker, async (ctx, next) => {
    const { filter: f } = ORDERS_DATA.pairPicker.parse(ctx.callbackQuery.data) ?? {};
    if (!f) return next();
    await ctx.answerCallbackQuery();
    const symbols = await publicSymbols(deps, ctx.from.id);
    await showView(ctx, symbolPicker(ctx.t, f, symbols));
  });

  entries.callback(ORDERS_DATA.history, async (ctx, next) => {
    const data = ORDERS_DATA.history.parse(ctx.callbackQuery.data);
    if (!data) return next();
    const { page, filter: f } = data;
    remember(ctx, f);
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const zone = await zoneOf(deps.storage.users, ctx);
    const reply = await exchange.getOrdersHistory({
      ...symbolParam(f),
      ...sideParam(f),
      ...periodRange(f.period, deps.now(), zone),
      ...(f.hideCancelled ? { hideCanceled: true } : {}),
      currentPage: page,
      pageSize: PAGE_SIZE,
    });
    await showView(
      ctx,
      ordersPage(ctx.t, {
        title: ctx.t("orders-history-title", { zone: zoneLabel(ctx.t, zone ?? DEFAULT_ZONE, deps.now().getTime()) }),
        zone,
        filter: f,
        orders: reply.orders,
        currentPage: reply.currentPage,
        totalPage: reply.totalPage,
        totalNum: reply.totalNum,
        firstNumber: (reply.currentPage - 1) * reply.pageSize + 1,
        filterText: filterLine(ctx.t, f),
        pageData: (p) => ORDERS_DATA.history.build({ page: p, filter: f }),
      }),
    );
  });

  // The active list takes no parameters: all open orders come at once and are filtered and paged here.
  entries.callback(ORDERS_DATA.active, async (ctx, next) => {
    const data = ORDERS_DATA.active.parse(ctx.callbackQuery.data);
    if (!data) return next();
    const { page: pressed, filter: f } = data;
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const zone = await zoneOf(deps.storage.users, ctx);
    const all = (await exchange.getActiveOrders()).orders;
    const orders = all.filter(
      (o) => (f.symbol === null || o.symbol === f.symbol) && (f.side === "any" || o.side === f.side),
    );
    const reply = { orders };
    const totalPage = Math.ceil(reply.orders.length / PAGE_SIZE);
    const page = Math.min(pressed, Math.max(totalPage, 1));
    const start = (page - 1) * PAGE_SIZE;
    await showView(
      ctx,
      ordersPage(ctx.t, {
        title: ctx.t("orders-active-title", { zone: zoneLabel(ctx.t, zone ?? DEFAULT_ZONE, deps.now().getTime()) }),
        zone,
        filter: f,
        orders: reply.orders.slice(start, start + PAGE_SIZE),
        currentPage: page,
        totalPage,
        totalNum: reply.orders.length,
        firstNumber: start + 1,
        filterText: activeFilterLine(ctx.t, f),
        pageData: (p) => ORDERS_DATA.active.build({ page: p, filter: f }),
        active: true,
      }),
    );
  });

  entries.callback(ORDERS_DATA.show, async (ctx) => {
    const { orderId } = ORDERS_DATA.show.parse(ctx.callbackQuery.data)!;
    await ctx.answerCallbackQuery();
    const { exchange } = await clientsFor(deps, ctx.from.id);
    const order = await exchange.getOrder({ orderId });
    // Back leads to the order lists (the filter panel), whatever the order's state.
    const keyboard = cancelOrderKeyboard(ctx.t, order)?.row() ?? new InlineKeyboard();
    keyboard.text(ctx.t("common-back"), menu("orders"));
    await ctx.reply(orderDetails(ctx.t, order, await zoneOf(deps.storage.users, ctx)), { reply_markup: keyboard });
  });

  return {
    manifest: entries.manifest,
    composer,
  };
}

/** The pairs the exchange lists (a public call, on the network of the user's key). */
async function publicSymbols(deps: BotDeps, telegramId: number): Promise<string[]> {
  const user = await deps.storage.users.get(telegramId);
  const { symbols } = await deps.services.public(user?.network ?? "production").exchange.getSymbols();
  return symbols.map((s) => s.symbol);
}
