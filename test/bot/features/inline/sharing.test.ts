/**
 * Sharing from any chat: inline mode (ticker cards and charts for a typed pair; the user's own active
 * cheques and unpaid invoices for an empty query; public cards only without a key) and deep links
 * (price, send, invoice; bad or foreign payloads answered clearly). The real bot over the in-process
 * simulator and the fake Telegram.
 */
import type { InlineQueryResult } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPayClient } from "../../../../src/service/client.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

describe("sharing: inline mode and deep links", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  let queryId = 0;
  /** Sends an inline query as `user` and returns what the bot answered. */
  async function inline(user: TestUser, query: string) {
    const id = `q${++queryId}`;
    await h.handle({ inline_query: { id, from: user.from, query, offset: "" } } as never);
    const answer = h.tg.callsOf("answerInlineQuery").find((c) => c.payload.inline_query_id === id);
    if (!answer) throw new Error("no inline answer");
    const results = answer.payload.results as InlineQueryResult[];
    return { results, payload: answer.payload };
  }
  const texts = (results: InlineQueryResult[]) =>
    results.map((r) => ("input_message_content" in r && r.input_message_content && "message_text" in r.input_message_content ? r.input_message_content.message_text : ""));
  const buttonUrls = (results: InlineQueryResult[]) =>
    results.flatMap((r) => (r.reply_markup?.inline_keyboard.flat() ?? []).flatMap((b) => ("url" in b ? [b.url] : [])));

  async function payClientOf(user: TestUser) {
    const key = (await h.storage.users.loadKey(user.id))!.apiKey;
    return createPayClient({ baseUrl: h.sim.baseUrls.pay, apiKey: key });
  }

  it("offers a ticker card for a typed pair, personal and briefly cached", async () => {
    const user = h.user(8101);
    const { results, payload } = await inline(user, "btc/usdt");
    expect(payload.is_personal).toBe(true);
    expect(payload.cache_time).toBe(10);
    expect(results[0]).toMatchObject({ type: "article", id: "tk:BTC-USDT" });
    expect(texts(results)[0]).toContain("💹 BTC-USDT");
    expect(buttonUrls(results)).toContain("https://t.me/test_payments_bot?start=price_BTC-USDT");
    // No chart was drawn this minute and no upload chat is set: no photo result.
    expect(results.some((r) => r.type === "photo")).toBe(false);
  });

  it("offers the chart as a photo once it has a Telegram file id (uploaded to the chart chat)", async () => {
    (h.deps.config as { CHART_UPLOAD_CHAT_ID?: number }).CHART_UPLOAD_CHAT_ID = -100123;
    h.tg.api.group({ id: -100123, type: "supergroup", title: "Charts" });
    const user = h.user(8102);
    const { results } = await inline(user, "ETH-USDT");
    const photo = results.find((r) => r.type === "photo");
    expect(photo).toMatchObject({ type: "photo", id: "ch:ETH-USDT" });
    const upload = h.tg.callsOf("sendPhoto");
    expect(upload).toHaveLength(1);
    expect(Number(upload[0]!.payload.chat_id)).toBe(-100123);
    // A second query in the same minute reuses the file id: no second upload.
    await inline(h.user(8103), "eth-usdt");
    expect(h.tg.callsOf("sendPhoto")).toHaveLength(1);
  });

  it("suggests the closest pairs for an unknown one", async () => {
    const { results } = await inline(h.user(8104), "BTCUSTD");
    expect(results.map((r) => r.id)).toContain("tk:BTC-USDT");
  });

  it("offers only the user's own cheques and unpaid invoices, never another user's", async () => {
    const a = await h.linkedUser({ pay: { USDT: "100" } });
    const b = await h.linkedUser({ pay: { USDT: "100" } });
    const payA = await payClientOf(a.user);
    const payB = await payClientOf(b.user);
    await payA.createCheque({ asset: "USDT", amount: "3", clientChequeId: "chA1", description: "for Alice's friends" });
    await payB.createCheque({ asset: "USDT", amount: "7", clientChequeId: "chB1", description: "Bob only" });
    const invA = await payA.createInvoice({ clientInvoiceId: "invA1", priceCurrency: "USDT", priceAmount: "12" });
    await payB.createInvoice({ clientInvoiceId: "invB1", priceCurrency: "USDT", priceAmount: "99" });

    const { results, payload } = await inline(a.user, "");
    expect(payload.is_personal).toBe(true);
    const shown = texts(results).join("\n");
    expect(shown).toContain("🎟 A cheque for 3 USDT");
    expect(shown).toContain("for Alice's friends");
    expect(shown).toContain("🧾 Invoice for 12 USDT");
    expect(shown).not.toContain("7 USDT");
    expect(shown).not.toContain("Bob only");
    expect(shown).not.toContain("99 USDT");
    expect(buttonUrls(results)).toContain(invA.links.telegramBotLink ?? invA.links.webLink);

    // Another user's results hold theirs only.
    const other = texts((await inline(b.user, "")).results).join("\n");
    expect(other).toContain("7 USDT");
    expect(other).not.toContain("3 USDT");
  });

  it("answers with no results, not an error, when the exchange is down", async () => {
    await h.fault({ operationId: "getSymbols", mode: "error5xx", count: 10 });
    const { results, payload } = await inline(h.user(8109), "BTC-USDT");
    expect(results).toEqual([]);
    expect(payload.is_personal).toBe(true);
    expect(h.logLines.join("")).not.toMatch(/"level":50/);
  });

  it("shows only public cards to a user without a key", async () => {
    const { results } = await inline(h.user(8105), "");
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.id.startsWith("tk:"))).toBe(true);
  });

  it("opens a pair's card from a price link, and says so for a bad one", async () => {
    const user = h.user(8106);
    await user.send("/start price_ETH-USDT");
    expect(user.last()!.text).toContain("💹 ETH-USDT");
    await user.send("/start price_NOPE-USDT");
    expect(user.last()!.text).toContain("names a trading pair that does not exist");
    await user.send("/start definitely-not-ours");
    expect(user.last()!.text).toContain("This link is not one of mine");
    expect(user.buttonData(/Balances/)).toBe("menu:balances");
  });

  it("starts a transfer to the user of a send link; one's own link and no key are explained", async () => {
    const payer = await h.linkedUser({ pay: { USDT: "50" } });
    const payee = await h.linkedUser();
    await payee.user.send("/send");
    const share = payee.user.last()!.keyboard!.inline_keyboard.flat().find((b) => "url" in b);
    expect(share && "url" in share && decodeURIComponent(share.url)).toContain(
      `https://t.me/test_payments_bot?start=send_${payee.user.id}`,
    );

    await payer.user.send(`/start send_${payee.user.id}`);
    const asked = payer.user.texts().slice(-2).join("\n");
    expect(asked).toMatch(new RegExp(String(payee.user.id)));
    await payee.user.send(`/start send_${payee.user.id}`);
    expect(payee.user.last()!.text).toContain("This is your own link to get paid");
    const stranger = h.user(8107);
    await stranger.send(`/start send_${payee.user.id}`);
    expect(stranger.last()!.text).toContain("Link your API key first");
  });

  it("shows an invoice to its owner from an invoice link, and refuses it to anyone else", async () => {
    const owner = await h.linkedUser();
    const inv = await (await payClientOf(owner.user)).createInvoice({
      clientInvoiceId: "invL1",
      priceCurrency: "USDT",
      priceAmount: "5",
    });
    await owner.user.send(`/start invoice_${inv.id}`);
    expect(owner.user.last()!.text).toContain("5 USDT");
    expect(owner.user.buttonData(/Delete/)).toBe(`inv:del:${inv.id}`);
    const other = await h.linkedUser();
    await other.user.send(`/start invoice_${inv.id}`);
    expect(other.user.last()!.text).toContain("This invoice is not one of yours");
    await h.user(8108).send(`/start invoice_${inv.id}`);
    expect(h.user(8108).last()!.text).toContain("This invoice is not one of yours");
  });

  it("answers nothing to a result the person picked from the bot's own inline mode (it arrives via the bot)", async () => {
    for (const languageCode of ["en", "ru"]) {
      const user = h.user(languageCode === "en" ? 8111 : 8112, { languageCode });
      await user.send("/start");
      const shownBefore = user.texts().length;
      const asked = h.tg.api.personQueriesInline(user.id, "btc");
      // Handed over under the harness's own update numbering (the stand-in's queue counts apart).
      const delivered = () => {
        const { update_id: _id, ...body } = h.tg.api.state.queue.at(-1)!;
        return h.handle(body);
      };
      await delivered();
      const { queryId, results } = await asked;
      const picked = h.tg.api.personSendsInlineResult(user.id, queryId, String(results[0]!.id));
      expect(picked.via_bot?.id).toBe(h.app.bot.botInfo.id);
      await delivered();
      // Not "I did not understand that", not the menu: nothing at all.
      expect(user.texts()).toHaveLength(shownBefore);
      // A message the person types themselves is still answered.
      await user.send("hello there");
      expect(user.texts()).toHaveLength(shownBefore + 1);
    }
  });
});
