/**
 * /connect as a person meets it: where a key comes from (step by step, with the service's bot of each
 * network to open), a key for the wrong network or one the service refuses leaving the step open for
 * the next paste, text typed at the network question, and the Connect button under every reply that
 * tells a person to link a key. Keys are still deleted from the chat and never echoed or logged.
 */
import { readdirSync, readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { InlineKeyboardMarkup } from "grammy/types";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const CONNECT = "keys:connect";
const buttons = (keyboard?: InlineKeyboardMarkup) => (keyboard?.inline_keyboard ?? []).flat();
const callbacks = (keyboard?: InlineKeyboardMarkup) =>
  buttons(keyboard).flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
const urls = (keyboard?: InlineKeyboardMarkup) => buttons(keyboard).flatMap((b) => ("url" in b && b.url ? [b.url] : []));

/** The key never shows up anywhere a person or an operator reads. */
function expectNeverShown(user: TestUser, key: string): void {
  expect(user.texts().join("\n")).not.toContain(key);
  expect(h.logLines.join("")).not.toContain(key);
}

describe("a key that does not fit keeps the step open", () => {
  it("a key of the other network is refused, and the next paste, the right key, is linked", async () => {
    h = await Harness.create();
    const account = await h.createAccount({ pay: { USDT: "5" } });
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.press("keys:net:production");
    const deletedBefore = h.tg.deleted.length;
    await user.send(account.keys.testnet);
    expect(user.last()?.text).toMatch(/belongs to Testnet, not Production/);
    // Offered: this key on its own network, or leave.
    expect(callbacks(user.last()?.keyboard)).toEqual(["keys:net:testnet", "keys:abort"]);

    await user.send(account.keys.production);
    expect(user.last()?.text).toMatch(/^✅ Key linked to “.+” \(Production\)/);
    expect(await h.storage.users.loadKey(user.id)).toEqual({ network: "production", apiKey: account.keys.production });
    // Both pastes left the chat at once.
    expect(h.tg.deleted.slice(deletedBefore).filter((d) => d.chatId === user.id)).toHaveLength(2);
    expect(user.texts().join("\n")).not.toMatch(/To link a key, use \/connect/);
    expectNeverShown(user, account.keys.testnet);
    expectNeverShown(user, account.keys.production);
  });

  it("the wrong-network reply's button takes the same key again for its own network", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.press("keys:net:production");
    await user.send(account.keys.testnet);
    await user.press("keys:net:testnet");
    expect(user.last()?.text).toMatch(/Paste your Testnet API key/);
    await user.send(account.keys.testnet);
    expect(user.last()?.text).toMatch(/^✅ Key linked to “.+” \(Testnet\)/);
    expect(await h.storage.users.loadKey(user.id, "testnet")).toEqual({ network: "testnet", apiKey: account.keys.testnet });
  });

  it("a key the service refuses is asked for again; Cancel then leaves, and text is text again", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.press("keys:net:testnet");
    await user.send("xr_test_notARealKey0123456789abcd");
    expect(user.last()?.text).toMatch(/did not accept this key/);
    expect(callbacks(user.last()?.keyboard)).toContain("keys:abort");
    await user.send("xr_test_stillNotAKey0123456789abc");
    expect(user.last()?.text).toMatch(/did not accept this key/);
    await user.press("keys:abort");
    expect(user.last()?.text).toBe("Cancelled. No key was linked.");
    await user.send("hello");
    expect(user.last()?.text).toMatch(/did not understand/);
    expect(await h.storage.users.loadKey(user.id, "testnet")).toBeUndefined();
  });

  it("in Russian too", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    const user = h.user(account.userId, { languageCode: "ru" });
    await user.send("/connect");
    await user.press("keys:net:production");
    await user.send(account.keys.testnet);
    expect(user.last()?.text).toMatch(/Этот ключ от сети «Тестовая сеть», а не «Основная сеть»/);
    await user.send(account.keys.production);
    expect(user.last()?.text).toMatch(/^✅ Ключ привязан/);
  });
});

describe("/connect says where a key comes from", () => {
  it("step by step, with the service's bot of each network to open", async () => {
    h = await Harness.create();
    const user = h.user(7101);
    await user.send("/connect");
    const question = user.last()!;
    expect(question.text).toMatch(/@xRocket/);
    expect(question.text).toMatch(/@xrocket_testnet_bot/);
    expect(question.text).toMatch(/1\. .*\n2\. .*Settings → Exchange settings → API token.*\n3\. /);
    expect(question.text).toMatch(/Which network is the key for\?$/);
    expect(urls(question.keyboard)).toEqual(["https://t.me/xRocket", "https://t.me/xrocket_testnet_bot"]);
    expect(callbacks(question.keyboard)).toEqual(["keys:net:production", "keys:net:testnet", "keys:close"]);

    // The paste prompt names the bot of the chosen network again.
    await user.press("keys:net:testnet");
    expect(user.last()?.text).toMatch(/@xrocket_testnet_bot/);
    expect(urls(user.last()?.keyboard)).toEqual(["https://t.me/xrocket_testnet_bot"]);
  });

  it("in Russian", async () => {
    h = await Harness.create();
    const user = h.user(7102, { languageCode: "ru" });
    await user.send("/connect");
    expect(user.last()?.text).toMatch(/Настройки → Настройки биржи → API-токен/);
    expect(user.last()?.text).toMatch(/Для какой сети ключ\?$/);
    expect(buttons(user.last()?.keyboard).map((b) => b.text)).toContain("Открыть @xrocket_testnet_bot");
  });
});

describe("text at the network question", () => {
  it("is answered 'Please pick one of the buttons' with the buttons again; a command still works", async () => {
    h = await Harness.create();
    const user = h.user(7201);
    await user.send("/start");
    await user.send("/connect");
    await user.send("hello");
    expect(user.last()?.text).toBe("Please pick one of the buttons.");
    expect(callbacks(user.last()?.keyboard)).toEqual(["keys:net:production", "keys:net:testnet", "keys:close"]);
    // Still asked: a network button works.
    await user.press("keys:net:production");
    expect(user.last()?.text).toMatch(/Paste your Production API key/);

    await user.press("keys:abort");
    await user.send("/connect");
    await user.send("/help");
    expect(user.last()?.text).toMatch(/Commands, by topic/);
    // A command ended the question: text is text again.
    await user.send("hello");
    expect(user.last()?.text).toMatch(/did not understand/);
  });

  it("a key pasted there is deleted, and the person is told to pick its network first", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.send(account.keys.production);
    expect(h.tg.deleted.some((d) => d.chatId === user.id)).toBe(true);
    expect(user.last()?.text).toMatch(/looked like an API key.*pick its network/s);
    expect(callbacks(user.last()?.keyboard)).toEqual(["keys:net:production", "keys:net:testnet", "keys:close"]);
    expectNeverShown(user, account.keys.production);
  });

  it("another button ends the question, so a flow's text is its own", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({ pay: { USDT: "50" } });
    await user.send("/connect");
    await user.send("/send");
    await user.press("snd:new");
    await user.send("hello");
    expect(user.last()?.text).not.toBe("Please pick one of the buttons.");
  });
});

describe("every reply that says /connect has the Connect button", () => {
  /** The locale keys whose English text tells a person to use /connect. */
  const sayingConnect = () =>
    readdirSync("locales/en").flatMap((file) =>
      [...readFileSync(`locales/en/${file}`, "utf8").matchAll(/^([a-z0-9-]+) = .*\/connect/gm)].map((m) => m[1]!),
    );

  const shown: Record<string, string> = {};
  /** The newest message in the chat: it says `text` and carries the Connect button. */
  function expectConnect(user: TestUser, key: string, text: RegExp): void {
    const last = user.last()!;
    expect(last.text).toMatch(text);
    expect(callbacks(last.keyboard)).toContain(CONNECT);
    shown[key] = last.text;
  }

  it("no key, no key on this network, a switch to a network without one, a send link, a stray key", async () => {
    h = await Harness.create();
    const stranger = h.user(7301);
    await stranger.send("/start");
    expectConnect(stranger, "start-connect-first", /To begin, link your xRocket API key/);
    await stranger.send("/balance");
    expectConnect(stranger, "error-no-key", /You have not linked an API key yet/);
    await stranger.send(`/start send_${7302}`);
    expectConnect(stranger, "links-send-no-key", /Someone shared a link to send them money/);

    const { user, account } = await h.linkedUser({});
    await user.send(account.keys.production);
    expectConnect(user, "keys-pasted-outside", /looked like an API key/);
    await user.send("/settings");
    await user.press("keys:use:testnet");
    expectConnect(user, "keys-switched-no-key-testnet", /You now act on testnet\. No testnet key/);
    // The switch stays beside it.
    expect(callbacks(user.last()?.keyboard)).toContain("keys:use:production");
    await user.send("/balance");
    expectConnect(user, "error-no-key-here-testnet", /No testnet key is linked/);
    expect(callbacks(user.last()?.keyboard)).toContain("keys:use:production");

    const tester = await h.linkedUser({}, { network: "testnet" });
    await tester.user.send("/settings");
    await tester.user.press("keys:use:production");
    expectConnect(tester.user, "keys-switched-no-key-production", /You now act on production\. No production key/);
    await tester.user.send("/balance");
    expectConnect(tester.user, "error-no-key-here-production", /No production key is linked/);
    // The balances' own switch says the same, with the same button.
    await tester.user.press("keys:use:testnet");
    await tester.user.send("/balance");
    await tester.user.press("bal:use:production");
    expectConnect(tester.user, "keys-switched-no-key-production", /You now act on production\. No production key/);
  });

  it("a key the service no longer accepts: the error, a flow's failure, a refused Confirm", async () => {
    h = await Harness.create();
    const { user, account } = await h.linkedUser({ pay: { USDT: "50" } });
    const friend = await h.createAccount({});
    await user.send(`/send ${friend.userId}`);
    await user.pressLabel(/^USDT/);
    await user.send("5");
    await user.pressLabel(/Skip/);
    const confirm = user.confirmData()!;
    // The key was revoked at the service meanwhile.
    await h.storage.users.saveKey(user.id, "production", "xr_live_revokedKey0123456789abcdef", "old");
    await user.press(confirm);
    expectConnect(user, "error-unauthorized", /Not done. The service refused your API key/);
    expect((await h.account(friend.userId)).pay.USDT?.balance ?? "0").toBe("0");

    await user.send("/balance");
    expectConnect(user, "error-unauthorized", /^The service refused your API key/);
    await user.send("/send");
    await user.press("snd:new");
    expectConnect(user, "error-unauthorized", /^The service refused your API key/);
    expectNeverShown(user, account.keys.production);
    // The person's situation, not a failure of ours: nothing at error level.
    expect(h.logLines.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50)).toEqual([]);
  });

  it("a stored key that cannot be read", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    await sql`update service_keys set key_version = 99`.execute(h.storage.db);
    await user.send("/balance");
    expectConnect(user, "error-key-unreadable", /Your stored key cannot be read any more/);
  });

  it("covers every text that says /connect", async () => {
    // The scenarios above, in this file's order, showed every one of them.
    expect(sayingConnect().sort()).toEqual(
      [
        "error-no-key",
        "error-unauthorized",
        "error-key-unreadable",
        "error-no-key-here-production",
        "error-no-key-here-testnet",
        "keys-pasted-outside",
        "keys-switched-no-key-production",
        "keys-switched-no-key-testnet",
        "links-send-no-key",
        "start-connect-first",
      ].sort(),
    );
    expect(Object.keys(shown).sort()).toEqual(sayingConnect().sort());
  });
});
