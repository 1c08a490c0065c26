/**
 * Telegram's limits: a mass-transfer list that repeats recipients on thousands of lines gets a short
 * question and the full list as a file (Telegram would refuse one line number per repeat), and any
 * text over 4,096 characters (or caption over 1,024) is shortened with "…and N more lines" in the
 * person's language, whichever Api sends it; the stand-in refuses what Telegram refuses.
 */
import { Api, GrammyError, InputFile } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fitText, fitToTelegram, TELEGRAM_LIMITS } from "../../src/telegram/limits.js";
import { BotApi } from "../../src/dev/telegram-stand-in/bot-api.js";
import { BOT_INFO, Harness } from "../helpers/bot-harness.js";
import { TelegramView } from "../helpers/telegram-view.js";
import { ADMIN, fastTuning, recipients } from "../helpers/mass-flow.js";

const [R1, R2] = [900_001, 900_002];

describe("a mass-transfer list with many repeats", () => {
  let h: Harness;
  beforeEach(fastTuning);
  afterEach(async () => h?.close());

  const start = async (languageCode: string) => {
    h = await Harness.create({ adminIds: [ADMIN] });
    recipients(h, [R1, R2]);
    const { user } = await h.linkedUser({ pay: { USDT: "1000" } }, { id: ADMIN, languageCode });
    return user;
  };

  it("one recipient on 1,000 lines: counts, the first lines, the whole list as a file (English)", async () => {
    const admin = await start("en");
    const csv = Array.from({ length: 1000 }, () => `${R1},0.01,USDT`).join("\n");
    await admin.send("/mass");
    await admin.sendDocument("payroll.csv", csv);

    const question = admin.last()!;
    expect(question.text).toContain("1 recipient appears more than once with the same asset, on 1,000 lines in all:");
    expect(question.text).toContain(`• ${R1} (USDT), 1,000 lines: 1, 2, 3, 4, 5 …and 995 more`);
    expect(question.text).toContain("What should I do with them?");
    expect(question.text.length).toBeLessThan(TELEGRAM_LIMITS.text);
    const file = h.tg.sent.find((m) => m.chatId === ADMIN && m.document?.fileName === "mass-duplicates.csv")!;
    expect(file.text).toBe("Repeated recipients (1), each with every line it is on.");
    const [header, row] = file.document!.content.trim().split("\n");
    expect(header).toBe("target,asset,count,lines");
    expect(row).toBe(`${R1},USDT,1000,${Array.from({ length: 1000 }, (_, i) => i + 1).join(" ")}`);

    // The flow goes on: merged, one transfer of the summed amount.
    await admin.pressLabel(/Merge/);
    expect(admin.texts().join("\n")).toContain("Recipients: 1 (1 transfer)");
    expect(admin.last()!.text).toBe("Should I tell each paid recipient with a short message?");
  });

  it("two recipients alternating over 3,000 lines (Russian)", async () => {
    const admin = await start("ru");
    const csv = Array.from({ length: 3000 }, (_, i) => `${i % 2 === 0 ? R1 : R2},0.01,USDT`).join("\n");
    await admin.send("/mass");
    await admin.sendDocument("payroll.csv", csv);

    // Russian groups thousands with a no-break space.
    const question = { text: admin.last()!.text.replace(/[\u00a0\u202f]/g, " ") };
    expect(question.text).toContain("2 получателя встречаются несколько раз с одной валютой, всего в 3 000 строках:");
    expect(question.text).toContain(`• ${R1} (USDT), 1 500 строк: 1, 3, 5, 7, 9 …и ещё 1 495`);
    expect(question.text).toContain(`• ${R2} (USDT), 1 500 строк: 2, 4, 6, 8, 10 …и ещё 1 495`);
    expect(question.text).toContain("Что с ними сделать?");
    const file = h.tg.sent.find((m) => m.chatId === ADMIN && m.document?.fileName === "mass-duplicates.csv")!;
    expect(file.text).toBe("Повторяющиеся получатели (2) и все строки, где встречается каждый.");
    expect(file.document!.content.trim().split("\n")).toHaveLength(3);

    await admin.pressLabel(/Оставить/);
    expect(admin.texts().join("\n").replace(/[\u00a0\u202f]/g, " ")).toContain("Получателей: 2 (переводов: 3 000)");
  });

  it("a few repeats are listed in full, with no file", async () => {
    const admin = await start("en");
    await admin.send("/mass");
    await admin.send(`${R1},1,USDT\n${R2},1,USDT\n${R1},2,USDT`);
    expect(admin.last()!.text).toContain(`• ${R1} (USDT), 2 lines: 1, 3`);
    expect(h.tg.sent.some((m) => m.document?.fileName === "mass-duplicates.csv")).toBe(false);
  });
});

describe("every text within Telegram's limits", () => {
  let h: Harness;
  afterEach(async () => h?.close());

  const longList = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1}: ${"x".repeat(40)}`).join("\n");

  it("the bot's own Api (jobs, reports) shortens a long list in the person's language", async () => {
    h = await Harness.create();
    const en = h.user(5001, { languageCode: "en" });
    const ru = h.user(5002, { languageCode: "ru" });
    await en.send("/start");
    await ru.send("/start");
    await ru.pressLabel(/Русский/);

    await h.app.bot.api.sendMessage(en.id, longList(500));
    const shown = en.last()!.text;
    expect(shown.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.text);
    expect(shown.startsWith("Line 1: ")).toBe(true);
    const kept = shown.split("\n").length - 1;
    expect(shown.split("\n").at(-1)).toBe(`…and ${500 - kept} more lines`);

    await h.app.bot.api.sendMessage(ru.id, longList(500));
    expect(ru.last()!.text.split("\n").at(-1)).toMatch(/^…и ещё \d+ строк[аи]?$/);

    // Through the outbox and its broadcast pacer too.
    await h.storage.db.transaction().execute((trx) =>
      h.app.outbox.write(trx, [{ chatId: en.id, text: longList(300) }]),
    );
    h.app.outbox.kick();
    await h.outboxSent();
    expect(en.last()!.text).toMatch(/\n…and \d+ more lines$/);
  });

  it("the stand-in refuses what Telegram refuses; the transformer keeps texts, captions and edits inside", async () => {
    const tg = new TelegramView(new BotApi({ bot: BOT_INFO }));
    tg.started(7001);
    const raw = new Api("123:T", { fetch: tg.fetch });
    await expect(raw.sendMessage(7001, "y".repeat(TELEGRAM_LIMITS.text + 1))).rejects.toThrow(
      /message text is too long/,
    );

    const api = new Api("123:T", { fetch: tg.fetch });
    api.config.use(fitToTelegram((_chat, n) => `…and ${n} more lines`));
    const sent = await api.sendMessage(7001, longList(200));
    expect(tg.lastIn(7001)!.text).toMatch(/\n…and \d+ more lines$/);
    await api.editMessageText(7001, sent.message_id, longList(300));
    expect(tg.lastIn(7001)!.text.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.text);
    await api.sendDocument(7001, new InputFile(Buffer.from("a"), "a.txt"), { caption: longList(50) });
    expect(tg.lastIn(7001)!.text.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.caption);
    expect(tg.lastIn(7001)!.text).toMatch(/\n…and \d+ more lines$/);

    // Callback data over 64 bytes is our bug: it fails loudly, naming the data.
    await expect(
      api.sendMessage(7001, "hi", {
        reply_markup: { inline_keyboard: [[{ text: "b", callback_data: "d".repeat(65) }]] },
      }),
    ).rejects.toThrow(/callback data over 64 bytes \(65\): d+/);
    await expect(
      raw.sendMessage(7001, "hi", { reply_markup: { inline_keyboard: [[{ text: "b", callback_data: "d".repeat(65) }]] } }),
    ).rejects.toBeInstanceOf(GrammyError);
  });

  it("a press's answer text is cut to 200 characters", async () => {
    const seen: Record<string, unknown>[] = [];
    const transformer = fitToTelegram(() => "");
    const prev = (async (_m: string, payload: Record<string, unknown>) => {
      seen.push(payload);
      return { ok: true, result: true };
    }) as never;
    await transformer(prev, "answerCallbackQuery", { callback_query_id: "q", text: "a".repeat(300) } as never);
    const text = seen[0]!.text as string;
    expect(text).toHaveLength(TELEGRAM_LIMITS.callbackAnswer);
    expect(text.endsWith("…")).toBe(true);
  });

  it("fitText: a text that fits is unchanged; one endless line is cut with an ellipsis", async () => {
    expect(await fitText("short", 10, () => "")).toBe("short");
    const cut = await fitText("z".repeat(50), 20, (n) => `+${n}`);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut.endsWith("…")).toBe(true);
    // HTML: tags do not count.
    expect(await fitText("<b>abc</b>", 3, () => "", true)).toBe("<b>abc</b>");
  });

  it("never cuts an emoji in half, whichever unit the cut falls on", async () => {
    for (const lead of ["", "a"]) {
      const cut = await fitText(`${lead}${"😀".repeat(3000)}`, TELEGRAM_LIMITS.text, () => "");
      expect(cut.isWellFormed()).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.text);
      expect(cut.endsWith("😀…")).toBe(true);
    }
    const transformer = fitToTelegram(() => "");
    const seen: Record<string, unknown>[] = [];
    const prev = (async (_m: string, payload: Record<string, unknown>) => {
      seen.push(payload);
      return { ok: true, result: true };
    }) as never;
    for (const lead of ["", "a"]) {
      await transformer(prev, "answerCallbackQuery", { callback_query_id: "q", text: `${lead}${"😀".repeat(150)}` } as never);
      const text = seen.at(-1)!.text as string;
      expect(text.isWellFormed()).toBe(true);
      expect(text.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.callbackAnswer);
    }
  });
});
