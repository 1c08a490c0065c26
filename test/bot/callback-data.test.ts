/**
 * Typed callback data: every codec a feature registers (and the main menu's, the confirmation step's
 * and the shared inputs') builds data that reads back to the same values, refuses what is not its
 * own, and fits Telegram's 64 bytes with every field at its longest.
 */
import { describe, expect, it } from "vitest";
import { callbackData, type DeclaredCodec, int, MAX_CALLBACK_BYTES, oneOf, text } from "../../src/telegram/callback-data.js";
import { ORDERS_DATA } from "../../src/bot/features/orders/callback-data.js";
import { MENU } from "../../src/bot/menu-data.js";
import { MASS_JOB_DATA, parseJobButton } from "../../src/mass/callback-data.js";
import { isConfirmationPress } from "../../src/bot/shared/confirm.js";
import { CONFIRM_DATA } from "../../src/bot/shared/confirm-data.js";
import { INPUT_DATA, pickData } from "../../src/bot/shared/input-data.js";

import { Harness } from "../helpers/bot-harness.js";

// What the features registered: read from a built bot (before the tests are collected, for it.each).
const h = await Harness.create();
const manifests = h.app.features.map((f) => f.manifest);
await h.close();
const codecs: [string, DeclaredCodec][] = [
  ["menu", MENU],
  ...manifests.flatMap((m) => (m.callbacks ?? []).map((c): [string, DeclaredCodec] => [m.name, c])),
];

/** The shared confirmation's and input steps' buttons: no feature's, used by all. */
const shared: [string, DeclaredCodec][] = [
  ...Object.values(CONFIRM_DATA).map((c): [string, DeclaredCodec] => ["confirm", c]),
  ...Object.values(INPUT_DATA).map((c): [string, DeclaredCodec] => ["inputs", c]),
];

describe("every button's data", () => {
  it("is declared by the features", () => {
    expect(codecs.length).toBeGreaterThan(20);
  });

  it.each([...codecs, ...shared].map(([owner, c]) => [`${owner} ${c.head}`, c] as const))(
    "%s fits 64 bytes at its longest and reads back",
    (_, codec) => {
      const longest = codec.longest();
      expect(Buffer.byteLength(longest), longest).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
      expect(codec.pattern.test(longest)).toBe(true);
    },
  );

  it("includes the buttons an engine builds: a mass job's Pause, Resume and Cancel", () => {
    const mass = codecs.filter(([feature]) => feature === "mass").map(([, c]) => c);
    expect(mass).toEqual(expect.arrayContaining(Object.values(MASS_JOB_DATA)));
    expect(parseJobButton("mass:resume:0123456789abcdef")).toEqual({ action: "resume", jobId: "0123456789abcdef" });
    expect(parseJobButton("mass:halt:0123456789abcdef")).toBeUndefined();
    expect(parseJobButton("mass:pause:0123")).toBeUndefined();
  });

  it("no two codecs share a head", () => {
    const heads = codecs.map(([, c]) => c.head);
    expect(new Set(heads).size).toBe(heads.length);
  });
});

describe("the shared components' buttons", () => {
  it("share no head with a feature's or the menu's, and no feature claims their prefixes", () => {
    const heads = [...codecs, ...shared].map(([, c]) => c.head);
    expect(new Set(heads).size).toBe(heads.length);
    const claimed = new Set(codecs.map(([, c]) => c.prefix));
    for (const [, c] of shared) expect(claimed.has(c.prefix), c.head).toBe(false);
  });

  it("keep the data buttons already in chats carry", () => {
    const id = "swp-0123456789abcdef0123456789abcdef";
    expect(CONFIRM_DATA.confirm.build({ id })).toBe(`cf:${id}`);
    expect(CONFIRM_DATA.cancel.parse(`cx:${id}`)).toEqual({ id });
    expect(INPUT_DATA.cancel.build({})).toBe("in:cancel");
    expect(INPUT_DATA.skip.build({})).toBe("in:skip");
    expect(INPUT_DATA.pick.parse(pickData("amt:max"))).toEqual({ value: "amt:max" });
  });

  it("tell a Confirm or Cancel press from anything else in one test", () => {
    const press = (data: string) => isConfirmationPress({ callbackQuery: { data } });
    expect(press("cf:mv-0123")).toBe(true);
    expect(press("cx:mv-0123")).toBe(true);
    expect(press("cf:")).toBe(false);
    expect(press(`cf:${"a".repeat(41)}`)).toBe(false);
    expect(press("cf:mv 0123")).toBe(false);
    expect(press("cfx:mv-0123")).toBe(false);
    expect(press("in:cancel")).toBe(false);
    expect(isConfirmationPress({})).toBe(false);
  });

  it.each(["USDT", "TONCOIN", "BTC-USDT", "TRX", "fundingToTrading", "604800", "amt:max", "p:BTC-USDT", "v:0.00012345", "t:keep"])(
    "carry the choice %s",
    (value) => {
      expect(INPUT_DATA.pick.parse(pickData(value))).toEqual({ value });
    },
  );

  it.each(["", "a".repeat(51), "BTC USDT", "USD₮"])("refuse to build a choice button for %j", (value) => {
    expect(() => pickData(value)).toThrow(/does not fit/);
  });
});

describe("a codec", () => {
  const page = callbackData("x:page", { token: text("[a-z0-9]", 12), page: int(0, 9999), kind: oneOf(["a", "bb"]) });

  it("builds and parses its own values", () => {
    const data = page.build({ token: "ab12", page: 7, kind: "bb" });
    expect(data).toBe("x:page:ab12:7:bb");
    expect(page.parse(data)).toEqual({ token: "ab12", page: 7, kind: "bb" });
    expect(page.longest()).toBe(`x:page:${"x".repeat(12)}:9999:bb`);
  });

  it.each(["x:page:ab12:7", "x:page:AB:7:a", "x:page:ab:10000:a", "x:page:ab:7:c", "y:page:ab:7:a", "x:page:ab:7:a:more"])(
    "refuses %s",
    (data) => {
      expect(page.parse(data)).toBeUndefined();
    },
  );

  it("does not build data that would not read back or not fit", () => {
    const show = callbackData("x:show", { id: text("[A-Za-z0-9]", 60) });
    expect(show.tryBuild({ id: "a".repeat(55) })).toBe(`x:show:${"a".repeat(55)}`);
    expect(show.tryBuild({ id: "a".repeat(58) })).toBeUndefined();
    expect(show.tryBuild({ id: "a b" })).toBeUndefined();
  });

  it("writes a value that is not its own text through its field (an order filter)", () => {
    const filter = { symbol: "BTC-USDT", side: "buy", period: "7d", hideCancelled: true } as const;
    const data = ORDERS_DATA.history.build({ page: 3, filter });
    expect(data).toBe("ord:h:3:bw1.BTC-USDT");
    expect(ORDERS_DATA.history.parse(data)).toEqual({ page: 3, filter });
    expect(ORDERS_DATA.filters.parse("ord:f:aa0.*")).toEqual({
      filter: { symbol: null, side: "any", period: "all", hideCancelled: false },
    });
    expect(ORDERS_DATA.history.parse("ord:h:0:aa0.*")).toBeUndefined();
    expect(ORDERS_DATA.filters.parse("ord:f:xa0.*")).toBeUndefined();
  });

  it("claims its prefix for the router", () => {
    expect(page.prefix).toBe("x");
  });
});
