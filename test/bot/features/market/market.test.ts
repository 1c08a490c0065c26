/**
 * Market data end to end: the real bot over the in-process simulator and the fake Telegram, with and
 * without a linked key. Asserts what the user sees (the ticker card against the service's own ticker,
 * the book and trades tables, the pair list and suggestions, asset details, fees, status) and the
 * chart: a PNG of the expected size for every interval, edited in place, cached per minute.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHART_INTERVALS } from "../../../../src/bot/features/market/chart.js";
import { CHART_HEIGHT, CHART_WIDTH } from "../../../../src/charts/candles.js";
import { formatAmount } from "../../../../src/domain/money.js";
import { Harness } from "../../../helpers/bot-harness.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("market data", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  // Without a key, market data comes from production, the network /settings shows (test/bot/features/market/market-network.test.ts).
  const publicExchange = () => h.deps.services.public("production").exchange;

  it("shows a pair's ticker without a key, on production, from any spelling of the pair", async () => {
    const user = h.user(7001);
    await user.send("/start");
    for (const spelling of ["btc-usdt", "BTC/USDT", "btcusdt"]) {
      await user.send(`/price ${spelling}`);
      const card = user.last()!;
      const {
        tickers: [ticker],
      } = await publicExchange().getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] });
      const book = await publicExchange().getOrderbook({ symbol: "BTC-USDT", depth: 5 });
      expect(card.text).toContain("💹 BTC-USDT");
      expect(card.text).toContain(`Last price: ${formatAmount(ticker!.last, "USDT")}`);
      expect(card.text).toContain(`24 h high: ${formatAmount(ticker!.high, "USDT")}`);
      expect(card.text).toContain(`Best bid: ${formatAmount(book.bids[0]![0], "USDT")}`);
      expect(card.text).toMatch(/24 h change: .* \([+-]\d+\.\d{2,}%\)/);
      // Volumes are rounded for reading: at most two places from 1 up.
      expect(card.text).toMatch(/24 h volume: [\d,]+(\.\d{1,2})? BTC · [\d,]+(\.\d{1,2})? USDT/);
      expect(card.text).not.toMatch(/e[+-]\d/);
      const buttons = card.keyboard!.inline_keyboard.flat().map((b) => b.text);
      expect(buttons).toEqual(["📉 Chart", "📖 Book", "🔁 Trades", "🔔 Alert", "ℹ️ Pair rules", "📊 Trade", "📣 Share", "« Back"]);
      const share = card.keyboard!.inline_keyboard.flat().find((b) => b.text === "📣 Share");
      expect(share && "url" in share && decodeURIComponent(share.url)).toContain(
        "https://t.me/test_payments_bot?start=price_BTC-USDT",
      );
    }
    // Public reads went to production, with no key.
    const requests = await h.simRequests("getTicker");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.network === "production")).toBe(true);
  });

  it("shows a pair's trading rules from its card", async () => {
    const user = h.user(7014);
    await user.send("/price BTC-USDT");
    await user.press("mkt:info:BTC-USDT");
    const info = await publicExchange().getSymbol({ symbol: "BTC-USDT" });
    const text = user.last()!.text;
    expect(text).toContain("ℹ️ BTC-USDT: trading rules");
    expect(text).toContain("Open for trading.");
    expect(text).toContain(`Order size: ${formatAmount(info.baseMinSize, "BTC")} to ${formatAmount(info.baseMaxSize, "BTC")}`);
    expect(text).toContain(`step ${formatAmount(info.priceIncrement, "USDT")}`);
    expect(user.buttonData(/« Back/)).toBe("mkt:price:BTC-USDT");
    await user.press("mkt:price:BTC-USDT");
    expect(user.last()!.text).toContain("💹 BTC-USDT");
  });

  it("reads a base alone, in any case, as its pair with USDT wherever a pair is asked", async () => {
    const user = h.user(7017);
    await user.send("/price btc");
    expect(user.last()!.text).toContain("💹 BTC-USDT");
    await user.send("/book Eth");
    expect(user.last()!.text).toContain("ETH-USDT");
    await user.send("/alert btc above 1000000");
    expect(user.last()!.text).toContain("BTC-USDT");
    expect(user.last()!.text).not.toMatch(/no trading pair/i);
    await user.send("/alert nope above 5");
    expect(user.last()!.text).toMatch(/^There is no trading pair “nope”\./);
  });

  it("reads as well in Russian", async () => {
    const user = h.user(7016, { languageCode: "ru" });
    await user.send("/price BTC-USDT");
    expect(user.last()!.text).toContain("Последняя цена:");
    expect(user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toContain("📉 График");
    await user.send("/chart BTC-USDT");
    expect(user.last()!.text).toMatch(/^📉 BTC-USDT · 1 ч · последняя цена /);
    // The interval buttons read in Russian; their data keeps the machine value.
    const buttons = user.last()!.keyboard!.inline_keyboard.flat();
    expect(buttons.slice(0, 5).map((b) => b.text)).toEqual(["15 мин", "• 1 ч", "4 ч", "1 д", "1 нед"]);
    expect((buttons[4] as { callback_data: string }).callback_data).toBe("mkt:chart:BTC-USDT:1w");
    await user.send("/fees");
    expect(user.last()!.text).toContain("Стандартные комиссии");
  });

  it("suggests the closest pairs for an unknown one", async () => {
    const user = h.user(7002);
    await user.send("/price BTC-USTD");
    expect(user.last()!.text).toContain("There is no trading pair “BTC-USTD”. Did you mean one of these?");
    expect(user.buttonData(/^BTC-USDT$/)).toBe("mkt:price:BTC-USDT");
    await user.press("mkt:price:BTC-USDT");
    expect(user.last()!.text).toContain("💹 BTC-USDT");
    await user.send("/price zzzzzzzz");
    expect(user.last()!.text).toContain("There is no trading pair “zzzzzzzz”. See /symbols");
  });

  it("shows the top 10 of the book in a monospace table and refreshes it in place", async () => {
    const user = h.user(7003);
    await user.send("/book BTC-USDT");
    const shown = user.last()!;
    expect(shown.text).toContain("📖 Order book BTC-USDT (top 10)");
    expect(shown.html).toContain("<pre>");
    const book = await publicExchange().getOrderbook({ symbol: "BTC-USDT", depth: 10 });
    expect(book.bids).toHaveLength(10);
    expect(shown.text).toContain(formatAmount(book.bids[0]![0]));
    expect(shown.text).toContain(formatAmount(book.asks[9]![0]));
    const sent = h.tg.sent.length;
    await user.press("mkt:book:BTC-USDT");
    expect(h.tg.sent.length).toBe(sent);
    expect(user.last()!.text).toContain("📖 Order book BTC-USDT");
    const call = h.tg.callsOf("sendMessage").find((c) => String(c.payload.text).includes("Order book"));
    expect(call?.payload.parse_mode).toBe("HTML");
  });

  it("lists the last 20 trades", async () => {
    const user = h.user(7004);
    await user.send("/trades ETH-USDT");
    const { trades } = await publicExchange().getTrades({ symbol: "ETH-USDT" });
    const text = user.last()!.text;
    expect(text).toContain("🔁 Latest trades ETH-USDT");
    if (trades.length > 0) expect(text).toContain(formatAmount(trades[0]!.price));
    else expect(text).toContain("No trades yet.");
  });

  it("shows the trades' times on the person's clock, and says whose", async () => {
    const user = h.user(7_101);
    await user.send("/notify");
    await user.press("nt:q");
    await user.press("nt:zones");
    await user.press("nt:tz:7"); // Moscow
    await user.send("/trades ETH-USDT");
    const { trades } = await publicExchange().getTrades({ symbol: "ETH-USDT" });
    const text = user.last()!.text;
    expect(text).toContain("Times on your clock (Moscow, UTC+3), prices in USDT, sizes in ETH");
    const newest = [...trades].sort((a, b) => b.time.localeCompare(a.time))[0];
    if (newest) expect(text).toContain(new Date(Date.parse(newest.time) + 3 * 3_600_000).toISOString().slice(11, 19));
  });

  it("opens the pair list from the main menu's Market button", async () => {
    const user = h.user(7015);
    await user.send("/menu");
    expect(user.buttonData(/Market/)).toBe("mkt:syms:1:");
    await user.press("mkt:syms:1:");
    expect(user.last()!.text).toContain("📋 Trading pairs");
    expect(user.buttonData(/^BTC-USDT$/)).toBe("mkt:price:BTC-USDT");
  });

  it("searches and pages the pair list", async () => {
    const user = h.user(7005);
    await user.send("/symbols usdt");
    const text = user.last()!.text;
    expect(text).toContain("📋 Pairs matching “usdt”");
    const symbols = (await publicExchange().getSymbols()).symbols.map((s) => s.symbol).filter((s) => s.includes("USDT"));
    const labels = user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text);
    for (const s of symbols.slice(0, 10)) expect(labels).toContain(s);
    expect(labels).toContain("« Back");
    await user.send("/symbols nosuchthing");
    expect(user.last()!.text).toContain("No pair matches.");
    await user.send("/symbols btc-usdt");
    expect(user.last()!.text).toContain("Page 1/1 · 1 pair\n");
  });

  it("shows assets with their networks, and Back to the list", async () => {
    const user = h.user(7006);
    await user.send("/assets");
    expect(user.buttonData(/^USDT$/)).toBe("mkt:asset:USDT");
    await user.press("mkt:asset:USDT");
    const asset = await publicExchange().getAsset({ asset: "USDT" });
    const text = user.last()!.text;
    expect(text).toContain(`🪙 USDT — ${asset.name}`);
    for (const n of asset.networks) expect(text).toContain(`${n.network}: deposits`);
    expect(user.buttonData(/« Back/)).toBe("mkt:assets");
  });

  it("shows default fees without a key and the account's fees with one", async () => {
    const anon = h.user(7007);
    await anon.send("/fees");
    expect(anon.last()!.text).toContain("Default trade fees");
    expect(anon.last()!.text).toMatch(/TONCOIN-USDT: 0\.08% \/ 0\.10%/);
    const { user } = await h.linkedUser();
    await user.send("/fees");
    expect(user.last()!.text).toContain("Your trade fees");
  });

  it("tells whether each interface answers, and names the exchange when it is down", async () => {
    const user = h.user(7008);
    await user.send("/status");
    expect(user.last()!.text).toContain("🩺 Service status (production)");
    expect(user.last()!.text).toMatch(/✅ Exchange answers/);
    expect(user.last()!.text).toMatch(/✅ Payments answers/);

    await h.fault({ operationId: "getTicker", mode: "error5xx", count: 10 });
    await user.send("/price BTC-USDT");
    expect(user.last()!.text).toBe("The exchange is unreachable right now. Please try again in a minute.");
  });

  it("draws a chart PNG for every interval, switching by editing the photo in place", async () => {
    const user = h.user(7009);
    await user.send("/chart btc-usdt");
    const first = user.last()!;
    expect(first.photo?.png).toBeDefined();
    expect(pngSize(first.photo!.png!)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect(first.text).toMatch(/^📉 BTC-USDT · 1h · last price /);
    const labels = first.keyboard!.inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(["15m", "• 1h", "4h", "1d", "1w", "💹 Price", "« Back"]);

    for (const interval of Object.keys(CHART_INTERVALS)) {
      if (interval === "1h") continue;
      await user.press(`mkt:chart:BTC-USDT:${interval}`, first.messageId);
      const shown = user.last()!;
      expect(shown.messageId).toBe(first.messageId);
      expect(shown.text).toContain(`BTC-USDT · ${interval}`);
      expect(pngSize(shown.photo!.png!)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    }
    expect(h.tg.callsOf("editMessageMedia")).toHaveLength(4);
  });

  it("renders a chart once per minute: a second ask reuses Telegram's file id", async () => {
    const user = h.user(7010);
    const other = h.user(7011);
    await user.send("/chart ETH-USDT 4h");
    const candleReads = (await h.simRequests("getCandles")).length;
    await other.send("/chart eth/usdt 4h");
    expect((await h.simRequests("getCandles")).length).toBe(candleReads);
    const [a, b] = [user.last()!, other.last()!];
    expect(b.photo?.png).toBeUndefined();
    expect(b.photo?.fileId).toBe(a.photo?.fileId);
  });

  it("says so when there are no candles instead of sending a blank image", async () => {
    const user = h.user(7012);
    // The bot's clock runs far ahead of the service's: the range asked for has no candles yet.
    h.advanceClock(400 * 7 * 86_400_000);
    await user.send("/chart BTC-USDT 1d");
    expect(user.last()!.text).toBe("No candles for BTC-USDT at 1d yet: nothing to draw. Try another interval.");
    expect(h.tg.callsOf("sendPhoto")).toHaveLength(0);
  });

  it("starts the trade flow on the pair of the card", async () => {
    const { user } = await h.linkedUser({ trading: { USDT: "100" } });
    await user.send("/price BTC-USDT");
    await user.press("mkt:trade:BTC-USDT");
    expect(user.last()!.text).toContain("BTC-USDT");
    expect(user.buttonData(/Buy/)).toBe(pickData("buy"));
  });

  it("registers the new public commands per language, admin commands only in admins' chats", async () => {
    await h.app.registerCommands();
    const calls = h.tg.callsOf("setMyCommands");
    const ofLanguage = (code: string) =>
      calls.find((c) => c.payload.language_code === code)!.payload.commands as { command: string; description: string }[];
    for (const code of ["en", "ru"]) {
      const names = ofLanguage(code).map((c) => c.command);
      for (const cmd of ["price", "chart", "book", "trades", "symbols", "assets", "fees", "status", "fund_withdraw", "fund_withdrawals", "moves"]) {
        expect(names).toContain(cmd);
      }
      expect(names).not.toContain("mass");
    }
    expect(ofLanguage("ru").find((c) => c.command === "price")!.description).toBe("Цена пары: /price BTC-USDT");
  });

  it("lists the market commands in /help", async () => {
    const user = h.user(7013);
    await user.send("/help");
    await user.press("help:t:exchange");
    for (const cmd of ["/price", "/chart", "/book", "/trades", "/symbols"]) expect(user.last()!.text).toContain(cmd);
  });
});
