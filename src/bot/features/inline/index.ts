/**
 * Inline mode: `@bot BTC-USDT` in any chat offers the pair's ticker card and its chart as a photo;
 * `@bot` alone offers the user's own active cheques and unpaid invoices to share, each with a button
 * that opens its link (without a key: a few public ticker cards). Results are personal (`is_personal`),
 * cached briefly by Telegram, and read with the asking user's own key only, so nobody else's cheque
 * or invoice can appear.
 */
import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { InlineQueryResult } from "grammy/types";
import { clientsFor, publicClientsFor, type UserClients } from "../../../accounts/clients.js";
import { pairOn } from "../../../domain/networks.js";
import { formatAmount, formatOptionalAmount } from "../../../domain/money.js";
import { resolveSymbol } from "../../../domain/symbols.js";
import type { Translate } from "../../../domain/translate.js";
import { inlineUserText, quoteBlock } from "../../../domain/user-text.js";
import { ServiceError } from "../../../service/errors.js";
import type { Cheque, Invoice } from "../../../service/schemas.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { zoneOf } from "../../shared/user-on-arrival.js";
import { isReceiptQuery, sharedReceipt } from "../history/index.js";
import { invoicePrice, invoiceTerms } from "../invoices/index.js";
import { priceLink } from "../../shared/link-payloads.js";
import {
  assetsOf,
  chartCacheOf,
  chartCaption,
  chartOf,
  DEFAULT_INTERVAL,
  marketScreens,
  percent,
  tickerText,
} from "../market/index.js";

/** Pairs offered to a user without a key who types nothing. */
const PUBLIC_PAIRS = ["BTC-USDT", "ETH-USDT", "TONCOIN-USDT"];
const MAX_SUGGESTIONS = 3;
const MAX_OWN = 20;

/** A shared message: the bot's line, then the owner's description quoted below it. */
function withQuote(text: string, description: string | null | undefined): string {
  const quote = description ? quoteBlock(description) : "";
  return quote === "" ? text : `${text}\n${quote}`;
}

function chequeResult(t: Translate, c: Cheque, i: number): InlineQueryResult {
  const amount = formatOptionalAmount(c.amount, c.asset);
  return {
    type: "article",
    id: `cq${i}`,
    title: t("inline-cheque-title", { amount }),
    description: c.description ? inlineUserText(c.description, 100) : t("inline-cheque-description"),
    input_message_content: { message_text: withQuote(t("inline-cheque-message", { amount }), c.description) },
    ...(c.links.telegramBotLink
      ? { reply_markup: new InlineKeyboard().url(t("inline-cheque-open", { amount }), c.links.telegramBotLink) }
      : {}),
  };
}

/** An invoice as a message to share; null when it has no link a payer could open. */
function invoiceResult(t: Translate, inv: Invoice, i: number): InlineQueryResult | null {
  const link = inv.links.telegramBotLink ?? inv.links.webLink;
  if (link === undefined) return null;
  const amount = invoicePrice(t, inv);
  return {
    type: "article",
    id: `iv${i}`,
    title: t("inline-invoice-title", { amount }),
    description: inv.description ? inlineUserText(inv.description, 100) : t("inline-invoice-description"),
    input_message_content: { message_text: withQuote(t("inline-invoice-message", invoiceTerms(inv)), inv.description) },
    reply_markup: new InlineKeyboard().url(t("inline-invoice-open"), link),
  };
}

export function inlineFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const screens = marketScreens(deps);
  const charts = chartCacheOf(deps);

  /** The ticker card of `symbol` as an article that shares the card, with a button into the bot. */
  async function tickerResult(ctx: BotContext, c: UserClients, symbol: string): Promise<InlineQueryResult | null> {
    const [{ tickers }, book] = await Promise.all([
      c.exchange.getTicker({ tickerType: "24h", symbols: [symbol] }),
      c.exchange.getOrderbook({ symbol, depth: 5 }),
    ]);
    const ticker = tickers[0];
    if (!ticker) return null;
    return {
      type: "article",
      id: `tk:${symbol}`,
      title: `${pairOn(ctx.t, symbol, c.network)} · ${formatAmount(ticker.last, assetsOf(symbol).quote)}`,
      description: ctx.t("inline-ticker-description", { change: percent(ticker.changeRate) }),
      input_message_content: { message_text: tickerText(ctx.t, ticker, book, undefined, c.network) },
      reply_markup: new InlineKeyboard().url(ctx.t("inline-open-in-bot"), priceLink(ctx.me.username, symbol)),
    };
  }

  /**
   * The chart as a cached photo result. Telegram needs a file id for that: the chart sent by /chart
   * this minute, or one uploaded once to CHART_UPLOAD_CHAT_ID; without either, no photo is offered.
   */
  async function chartResult(ctx: BotContext, c: UserClients, symbol: string): Promise<InlineQueryResult | null> {
    const chart = await chartOf(charts, c, symbol, DEFAULT_INTERVAL, deps.now());
    if (!chart) return null;
    let fileId = chart.fileId;
    const uploadChat = deps.config.CHART_UPLOAD_CHAT_ID;
    if (!fileId && uploadChat !== undefined) {
      const sent = await ctx.api.sendPhoto(uploadChat, new InputFile(chart.png, `${symbol}.png`), {
        caption: `${c.network} ${symbol} ${DEFAULT_INTERVAL}`,
        disable_notification: true,
      });
      fileId = sent.photo.at(-1)?.file_id;
      if (fileId) await charts.rememberFileId(`${c.network}:${symbol}`, DEFAULT_INTERVAL, chart.png, fileId);
    }
    if (!fileId) return null;
    return {
      type: "photo",
      id: `ch:${symbol}`,
      photo_file_id: fileId,
      title: ctx.t("inline-chart-title", { pair: symbol }),
      caption: chartCaption(ctx.t, symbol, DEFAULT_INTERVAL, chart.last, c.network),
      reply_markup: new InlineKeyboard().url(ctx.t("inline-open-in-bot"), priceLink(ctx.me.username, symbol)),
    };
  }

  /** A pair typed: its card and chart; an unknown one: the cards of the closest pairs. */
  async function marketResults(ctx: BotContext, typed: string): Promise<InlineQueryResult[]> {
    const c = await publicClientsFor(deps, ctx.from!.id);
    const found = resolveSymbol(typed, await screens.knownSymbols(ctx), MAX_SUGGESTIONS);
    const symbols = found.ok ? [found.symbol] : found.suggestions;
    const cards = await Promise.all(symbols.map((s) => tickerResult(ctx, c, s)));
    const chart = found.ok ? await chartResult(ctx, c, found.symbol).catch((err: unknown) => {
      ctx.log.warn({ err }, "inline chart unavailable");
      return null;
    }) : null;
    return [...cards, chart].filter((r): r is InlineQueryResult => r !== null);
  }

  /** Nothing typed: the user's own active cheques and unpaid invoices; public cards without a key. */
  async function ownResults(ctx: BotContext): Promise<InlineQueryResult[]> {
    const user = await deps.storage.users.get(ctx.from!.id);
    if (!user?.hasKey) {
      const c = await publicClientsFor(deps, ctx.from!.id);
      const cards = await Promise.all(PUBLIC_PAIRS.map((s) => tickerResult(ctx, c, s).catch(() => null)));
      return cards.filter((r): r is InlineQueryResult => r !== null);
    }
    const { pay } = await clientsFor(deps, ctx.from!.id);
    const [cheques, invoices] = await Promise.all([
      pay.getCheques({ state: "active", limit: MAX_OWN }),
      pay.getInvoices({ status: "active", limit: 100 }),
    ]);
    return [
      ...cheques.items.filter((c) => c.state === "active" && !c.deleted).map((c, i) => chequeResult(ctx.t, c, i)),
      ...invoices.items
        .filter((inv) => inv.status === "active")
        .slice(0, MAX_OWN)
        .flatMap((inv, i) => invoiceResult(ctx.t, inv, i) ?? []),
    ];
  }

  /** `receipt <id>`: the person's own receipt (from /history) as a message without ids. */
  async function receiptResults(ctx: BotContext, typed: string): Promise<InlineQueryResult[]> {
    const shared = await sharedReceipt(deps, ctx.t, ctx.from!.id, typed, await zoneOf(deps.storage.users, ctx));
    if (!shared) return [];
    return [
      {
        type: "article",
        id: "receipt",
        title: shared.title,
        description: shared.text.split("\n").at(-1) ?? "",
        input_message_content: { message_text: shared.text },
      },
    ];
  }

  const entries = declare(composer, { name: "inline", needsKey: false });
  entries.update("inline_query", async (ctx) => {
    const typed = ctx.inlineQuery.query.trim();
    let results: InlineQueryResult[];
    try {
      results = isReceiptQuery(typed)
        ? await receiptResults(ctx, typed)
        : typed
          ? await marketResults(ctx, typed)
          : await ownResults(ctx);
    } catch (err) {
      // There is no chat to explain a failure in: an empty answer ends the spinner in the user's app.
      if (!(err instanceof ServiceError)) throw err;
      ctx.log.warn({ err }, "inline results unavailable");
      results = [];
    }
    await ctx.answerInlineQuery(results.slice(0, 50), {
      is_personal: true,
      cache_time: deps.config.INLINE_CACHE_SECONDS ?? 10,
    });
  });

  return { manifest: entries.manifest, composer };
}
