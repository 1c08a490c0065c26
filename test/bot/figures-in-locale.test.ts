/**
 * Every figure a person reads is written as their language writes numbers and dates: amounts, fiat
 * worth, percentages and times, in English ("1,003.5", "28/11/2026, 03:57"), Russian and Ukrainian
 * ("1 003,5", "28.11.2026, 03:57"). The real bot, the simulator over HTTP and the Bot API stand-in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { pickData } from "../../src/bot/shared/input-data.js";
import { createI18n, Languages } from "../../src/bot/i18n.js";
import { DEFAULT_FORMAT_LOCALE } from "../../src/domain/format-locale.js";
import { formatAmount, formatFiat } from "../../src/domain/money.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const NBSP = "\u00a0";
const LANGUAGES = [
  { code: "en", balance: "Pay 1,003.5 ·", amount: "2.5 USDT (≈ US$2.50)", date: /\b\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\b/, change: /[+-]\d+\.\d{2,}%/ },
  { code: "ru", balance: `кошелёк 1${NBSP}003,5 ·`, amount: `2,5 USDT (≈ 2,50${NBSP}$)`, date: /\b\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\b/, change: /[+-]\d+,\d{2,}\s?%/ },
  { code: "uk", balance: `гаманець 1${NBSP}003,5 ·`, amount: `2,5 USDT (≈ 2,50${NBSP}USD)`, date: /\b\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\b/, change: /[+-]\d+,\d{2,}\s?%/ },
];

describe.each(LANGUAGES)("figures in $code", (lang) => {
  it("amounts, worth, dates and percentages are written the language's way, and no other", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({ pay: { USDT: "1003.5" } }, { languageCode: lang.code });
    const { userId: sam } = await h.createAccount({});

    await user.send("/balance");
    const balances = user.last()!.text;
    expect(balances).toContain(lang.balance);

    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
    await user.send(String(sam));
    await user.press(pickData("USDT"));
    // Typed either way (the input reads both), shown the language's way.
    await user.send(lang.code === "en" ? "2.5" : "2,5");
    await user.press("in:skip");
    const summary = user.last()!.text;
    expect(summary).toContain(lang.amount);
    await user.press(user.confirmData()!);

    await user.send("/history");
    expect(user.last()!.text).toMatch(lang.date);
    await user.send("/price BTC");
    expect(user.last()!.text).toMatch(lang.change);

    const everything = user.texts().join("\n");
    if (lang.code === "en") {
      // One grouping style: commas, never a space between digits.
      expect(everything).not.toMatch(/\d[\u00a0\u202f ]\d{3}\b/);
      // Dollars with the symbol British English writes, never a code after the figure.
      expect(everything).not.toMatch(/≈ [\d,.]+ USD\b/);
    } else {
      // A decimal comma: no amount written with a point.
      expect(everything).not.toMatch(/\d\.\d+ (USDT|BTC|TONCOIN|USD)\b/);
      // The currency after the figure, never written the English way before it.
      expect(everything).not.toMatch(/US\$\d/);
    }
  });
});

it("text made outside any person's context (logs, CSV) writes English, as the English folder writes it", () => {
  expect(formatAmount("1003.5", "USDT")).toBe("1,003.5 USDT");
  expect(formatFiat("1003.5", "USD")).toBe("US$1,003.50");
  expect(new Languages(createI18n()).formatOf("en")).toBe(DEFAULT_FORMAT_LOCALE);
});
