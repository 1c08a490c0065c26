/**
 * The router: every update goes to the one feature whose manifest claims it (a command, a callback
 * prefix, a main-menu button, a menu text, a deep link, an inline query), the key gate answers a
 * key-needing entry without a key, and what nobody claims gets the fallback.
 */
import { Composer } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import type { Feature } from "../../src/bot/feature.js";
import { claimsOf, Router } from "../../src/bot/router.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await Harness.create();
});
afterAll(async () => {
  await h.close();
});

/** A context as far as the router reads one. */
function updateOf(update: Partial<BotContext>): BotContext {
  const labels: Record<string, string> = { "common-cancel": "✖️ Cancel" };
  return { t: (key: string) => labels[key] ?? key, ...update } as unknown as BotContext;
}
const text = (t: string) => updateOf({ message: { text: t } } as never);
const press = (data: string) => updateOf({ callbackQuery: { data } } as never);

describe("routing", () => {
  it.each([
    [text("/balance"), "balances"],
    [text("/balances"), "balances"],
    [text("/rates@test_payments_bot"), "balances"],
    [text("/start"), "start"],
    [text("/start price_BTC-USDT"), "links"],
    [text("/mass"), "mass"],
    [text("/cheque_new"), "cheques"],
    [text("/price BTC-USDT"), "market"],
    [text("/alert BTC above 1"), "alerts"],
    [press("al:list"), "alerts"],
    [press("nt:show"), "notify"],
    [text("✖️ Cancel"), "send"],
    [press("menu:main"), "start"],
    [press("menu:balances"), "balances"],
    [press("menu:settings"), "keys"],
    [press("bal:refresh"), "balances"],
    [press("rates:EUR"), "balances"],
    [press("mkt:syms:1:"), "market"],
    [press("ia:TON:inv_1"), "invoices"],
    [press("mass:pause:0123456789abcdef"), "mass"],
    [press("lang:ru"), "start"],
    [updateOf({ inlineQuery: { query: "BTC" } } as never), "inline"],
    [updateOf({ message: { users_shared: { request_id: 1, users: [] } } } as never), "send"],
  ])("%# goes to its one feature", (ctx, feature) => {
    const router = new Router(h.app.features);
    expect(router.lookup(ctx)?.feature.manifest.name).toBe(feature);
  });

  it.each([text("hello"), text("/nosuchcommand"), press("nothing:here"), press("in:skip"), press("menu:nothing")])(
    "%# belongs to no feature",
    (ctx) => {
      expect(new Router(h.app.features).lookup(ctx)).toBeUndefined();
    },
  );

  it("marks exactly the manifests' key-needing entries", () => {
    const router = new Router(h.app.features);
    const needs = (ctx: BotContext) => router.needsKey(ctx) !== undefined;
    expect(needs(text("/balance"))).toBe(true);
    expect(needs(text("/balances"))).toBe(true);
    expect(needs(press("menu:orders"))).toBe(true);
    expect(needs(text("/rates"))).toBe(false);
    expect(needs(press("menu:rates"))).toBe(false);
    expect(needs(text("/price BTC-USDT"))).toBe(false);
    expect(needs(text("/connect"))).toBe(false);
    // A key-needing feature's own buttons, unless its manifest lists them open.
    expect(needs(press("bal:refresh"))).toBe(true);
    expect(needs(press("snd:new"))).toBe(true);
    expect(needs(press("inv:show:inv_1"))).toBe(true);
    expect(needs(press("rates:EUR"))).toBe(false);
    expect(needs(press("bal:use:testnet"))).toBe(false);
    expect(needs(press("mass:pause:0123456789abcdef"))).toBe(false);
    expect(needs(updateOf({ message: { users_shared: { request_id: 1, users: [] } } } as never))).toBe(true);
    expect(needs(text("✖️ Cancel"))).toBe(false);
    // Deep links by kind: only `send` needs a key, and says so in its own words.
    expect(router.needsKey(text("/start send_123456789"))).toEqual({ adminOnly: false, noKeyReply: "links-send-no-key" });
    expect(needs(text("/start price_BTC-USDT"))).toBe(false);
    expect(needs(text("/start invoice_inv_1"))).toBe(false);
    // Admin-only: the gate holds admins to it and lets everyone else by.
    expect(router.needsKey(text("/mass"))).toEqual({ adminOnly: true });
  });

  it("looks an update up once, however many ask", () => {
    const router = new Router(h.app.features);
    const ctx = text("/balance");
    let reads = 0;
    const counted = new Proxy(ctx, {
      get: (target, key, receiver) => {
        if (key === "message") reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(router.lookup(counted)?.feature.manifest.name).toBe("balances");
    expect(router.needsKey(counted)).toBeDefined();
    expect(router.lookup(counted)?.feature.manifest.name).toBe("balances");
    expect(reads).toBe(1);
  });

  it("refuses two features claiming one entry", () => {
    const twin = (name: string): Feature => ({
      manifest: { name, commands: [{ command: "same", descriptionKey: "x" }], needsKey: false },
      composer: new Composer<BotContext>(),
    });
    expect(() => new Router([twin("a"), twin("b")])).toThrow(/cmd:same is claimed by both a and b/);
  });

  it("no two real features claim one entry, and every feature claims something", () => {
    const claims = h.app.features.flatMap((f) => claimsOf(f.manifest));
    expect(new Set(claims).size).toBe(claims.length);
    for (const f of h.app.features) expect(claimsOf(f.manifest).length, f.manifest.name).toBeGreaterThan(0);
  });
});

describe("through the bot", () => {
  it("a key-needing command without a key gets the link-your-key reply, and no feature answers", async () => {
    const user = h.user(7101);
    await user.send("/start");
    const from = h.tg.sent.length;
    await user.send("/orders");
    expect(h.tg.sent.slice(from).map((m) => m.text)).toEqual(["You have not linked an API key yet. Use /connect."]);
  });

  it("an open command of a key-needing feature works without a key", async () => {
    const user = h.user(7102);
    await user.send("/rates");
    expect(user.last()?.text).not.toMatch(/not linked an API key/);
    expect(user.last()?.text).not.toMatch(/did not understand/);
  });

  it("unknown text gets the fallback with the main menu; an unclaimed button is outdated", async () => {
    const user = h.user(7103);
    await user.send("what is this?");
    expect(user.last()?.text).toMatch(/did not understand/);
    expect(user.buttonData(/Balances/)).toBe("menu:balances");
    await user.press("zzz:1");
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toMatch(/no longer active/);
  });

  it("a command its feature passes on (/mass for someone not an admin) gets the fallback", async () => {
    const user = h.user(7104);
    await user.send("/mass");
    expect(user.last()?.text).toMatch(/no such command/);
  });
});
