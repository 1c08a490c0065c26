/**
 * The key gate is the one place that decides "has a key": a person without one who presses a send
 * button, shares a user from a leftover keyboard, opens a `send_` deep link or (as an admin) starts
 * /mass gets the gate's reply and nothing else happens; the manifests it reads are well formed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeatureManifest } from "../../src/bot/feature.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { RECIPIENT_REQUEST_ID } from "../../src/bot/shared/recipient.js";
import { parseStartPayload } from "../../src/bot/shared/link-payloads.js";
import { menu } from "../../src/bot/menu-data.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";

const NO_KEY = "You have not linked an API key yet. Use /connect.";
const SEND_LINK_NO_KEY = "Someone shared a link to send them money. Link your API key first (/connect), then open the link again.";
const ADMIN = 5301;

let h: Harness;
beforeAll(async () => {
  h = await Harness.create({ adminIds: [ADMIN] });
});
afterAll(async () => {
  await h.close();
});

/** What the bot sent (or left in place of a pressed message) while `act` ran. */
async function shownWhile(act: () => Promise<void>): Promise<string[]> {
  const from = h.tg.sent.length;
  await act();
  return h.tg.sent.slice(from).map((m) => h.tg.messages.get(`${m.chatId}:${m.messageId}`)!.text);
}

/** No flow was left waiting: the next message is one nobody understood. */
async function expectNoFlow(user: TestUser): Promise<void> {
  await user.send("12345");
  expect(user.last()?.text).toMatch(/did not understand/);
}

describe("without a key", () => {
  it.each([
    SEND_DATA.create.build({}),
    SEND_DATA.find.build({}),
    SEND_DATA.menu.build({}),
    SEND_DATA.page.build({ page: 0 }),
  ])("the send button %s gets the gate's reply and nothing else", async (data) => {
    const user = h.user(5310);
    await user.send("/start");
    // A button left on a message from before the key was unlinked (or forged).
    const on = user.last()!.messageId;
    const calls = (await h.simRequests("getTransfers")).length;
    expect(await shownWhile(() => user.press(data, on))).toEqual([NO_KEY]);
    expect(await h.simRequests("getTransfers")).toHaveLength(calls);
    await expectNoFlow(user);
  });

  it("/send to an id gets the gate's reply and starts no transfer", async () => {
    const user = h.user(5311);
    await user.send("/start");
    expect(await shownWhile(() => user.send("/send 5399"))).toEqual([NO_KEY]);
    await expectNoFlow(user);
  });

  it("a user shared from a leftover keyboard gets the gate's reply and starts no transfer", async () => {
    const user = h.user(5312);
    await user.send("/start");
    expect(await shownWhile(() => user.shareUser(RECIPIENT_REQUEST_ID, 5399))).toEqual([NO_KEY]);
    await expectNoFlow(user);
  });

  it("a send_ deep link gets its own refusal, and starts no transfer", async () => {
    const user = h.user(5313);
    expect(await shownWhile(() => user.send("/start send_5399"))).toEqual([SEND_LINK_NO_KEY]);
    await expectNoFlow(user);
  });

  it("a price deep link still opens without a key", async () => {
    const user = h.user(5314);
    const shown = await shownWhile(() => user.send("/start price_BTC-USDT"));
    expect(shown.join("\n")).toMatch(/BTC/);
    expect(shown).not.toContain(NO_KEY);
  });

  it.each(["/mass", menu("mass")])("an admin starting %s gets the gate's reply, and the flow asks the service nothing", async (entry) => {
    const admin = h.user(ADMIN);
    await admin.send("/start");
    const calls = (await h.simRequests("getCurrencies")).length;
    const shown = await shownWhile(() => (entry.startsWith("/") ? admin.send(entry) : admin.press(entry)));
    expect(shown).toEqual([NO_KEY]);
    expect(await h.simRequests("getCurrencies")).toHaveLength(calls);
    await expectNoFlow(admin);
  });

  it("someone not an admin starting /mass sees no mass feature, not the gate", async () => {
    const user = h.user(5315);
    await user.send("/start");
    expect(await shownWhile(() => user.send("/mass"))).not.toContain(NO_KEY);
    expect(user.last()?.text).toMatch(/no such command/);
  });
});

describe("the manifests the gate reads", () => {
  // What the features registered.
  const manifests: FeatureManifest[] = [];
  beforeAll(() => {
    manifests.push(...h.app.features.map((f) => f.manifest));
  });
  const localeKeys = (locale: string) => {
    const dir = fileURLToPath(new URL(`../../locales/${locale}/`, import.meta.url));
    return readdirSync(dir)
      .filter((f) => f.endsWith(".ftl"))
      .flatMap((f) => [...readFileSync(dir + f, "utf8").matchAll(/^([a-z][a-z0-9-]*) =/gm)].map((m) => m[1]!));
  };

  it("declare each deep-link kind once, a kind the payload reader knows, with a refusal every locale has", () => {
    const links = manifests.flatMap((m) => m.deepLinks ?? []);
    expect(links.map((l) => l.kind)).toEqual([...new Set(links.map((l) => l.kind))]);
    for (const link of links) {
      expect(parseStartPayload(`${link.kind}_1`) ?? parseStartPayload(`${link.kind}_BTC-USDT`), link.kind).toBeDefined();
      if (link.noKeyReply === undefined) continue;
      expect(link.needsKey, `${link.kind} names a refusal but needs no key`).toBe(true);
      for (const locale of ["en", "ru"]) expect(localeKeys(locale), locale).toContain(link.noKeyReply);
    }
    expect(links.find((l) => l.kind === "send")).toMatchObject({ needsKey: true, noKeyReply: "links-send-no-key" });
  });

  it("open only what they answer, and only when they need a key at all", () => {
    for (const m of manifests) {
      const prefixes = (m.callbacks ?? []).map((c) => c.prefix);
      for (const head of m.openCallbacks ?? []) {
        expect(m.needsKey, `${m.name} opens ${head}`).toBe(true);
        expect(prefixes, `${m.name} opens ${head}`).toContain(head.split(":")[0]);
        const declared = (m.callbacks ?? []).some((c) => c.head === head);
        expect(declared, `${m.name} opens ${head}: a codec's head`).toBe(true);
      }
      const names = [
        ...[...(m.commands ?? []), ...(m.adminCommands ?? [])].map((c) => c.command),
        ...(m.aliases ?? []),
        ...(m.menuButtons ?? []),
        ...(m.updates ?? []),
      ];
      for (const name of m.openWithoutKey ?? []) {
        expect(m.needsKey, `${m.name} opens ${name}`).toBe(true);
        expect(names, `${m.name} opens ${name}`).toContain(name);
      }
    }
  });

  it("mark as admin-only just the features whose commands are all admin commands", () => {
    for (const m of manifests.filter((m) => m.adminOnly)) {
      expect(m.commands ?? [], m.name).toEqual([]);
      expect(m.adminCommands?.length, m.name).toBeGreaterThan(0);
    }
    expect(manifests.filter((m) => m.adminOnly).map((m) => m.name)).toEqual(["mass"]);
  });
});
