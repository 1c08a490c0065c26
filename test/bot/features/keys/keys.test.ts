import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = [{ name: "sqlite", url: undefined }, ...(PG_URL ? [{ name: "postgres", url: PG_URL }] : [])];

describe.each(backends)("linking a key ($name)", ({ url }) => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("deletes the key message, checks the key, stores it encrypted and names the account", async () => {
    h = await Harness.create({ databaseUrl: url });
    const account = await h.createAccount({ pay: { USDT: "5" } });
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.press("keys:net:production");
    await user.send(account.keys.production);

    // The message holding the key was deleted at once.
    expect(h.tg.deleted.some((d) => d.chatId === user.id)).toBe(true);
    expect(user.last()?.text).toMatch(/Key linked to “.+” \(Production\)/);
    const stored = await h.storage.users.loadKey(user.id);
    expect(stored).toEqual({ network: "production", apiKey: account.keys.production });

    // Never in clear: not in the users table, sessions, conversation state, logs or anything shown.
    const rows = await sql<Record<string, unknown>>`select * from users`.execute(h.storage.db);
    expect(JSON.stringify(rows.rows)).not.toContain(account.keys.production);
    const kv = await sql<Record<string, unknown>>`select * from kv`.execute(h.storage.db);
    expect(JSON.stringify(kv.rows)).not.toContain(account.keys.production);
    expect(h.logLines.join("")).not.toContain(account.keys.production);
    expect(user.texts().join("\n")).not.toContain(account.keys.production);
  });

  it("explains a key of the other network and stores nothing", async () => {
    h = await Harness.create({ databaseUrl: url });
    const account = await h.createAccount({});
    const user = h.user(account.userId);
    await user.send("/connect");
    await user.press("keys:net:production");
    await user.send(account.keys.testnet);
    expect(user.last()?.text).toMatch(/belongs to Testnet, not Production/);
    expect(await h.storage.users.loadKey(user.id)).toBeUndefined();
  });

  it("refuses a key the service does not know", async () => {
    h = await Harness.create({ databaseUrl: url });
    const user = h.user(77001);
    await user.send("/connect");
    await user.press("keys:net:testnet");
    await user.send("xr_test_notARealKey0123456789abcd");
    expect(user.last()?.text).toMatch(/did not accept this key/);
    expect(await h.storage.users.loadKey(user.id)).toBeUndefined();
  });

  it("removes the key with /disconnect", async () => {
    h = await Harness.create({ databaseUrl: url });
    const { user } = await h.linkedUser({});
    await user.send("/disconnect");
    // Asked first; "Keep it" keeps the key.
    expect(user.last()?.text).toMatch(/Remove the API key of .+ \(Production\)\?/);
    await user.press("keys:unlink:no");
    expect(user.last()?.text).toBe("The API key stays linked.");
    expect(await h.storage.users.loadKey(user.id)).toBeDefined();
    await user.send("/disconnect");
    await user.press("keys:unlink:yes:production");
    expect(user.last()?.text).toMatch(/The Production API key was removed\./);
    expect(user.buttonData(/Back/)).toBe("menu:settings");
    // Linking one again is a press away.
    expect(user.buttonData(/Link API key/)).toBe("keys:connect");
    expect(await h.storage.users.loadKey(user.id)).toBeUndefined();
    await user.send("/settings");
    expect(user.last()?.text).toMatch(/Production: no key\nTestnet: no key/);
  });
});

describe("keys in the wrong place", () => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("deletes a key posted in a group and refuses it", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    await h.handle({
      message: {
        message_id: 9,
        date: 1,
        chat: { id: -100123, type: "supergroup", title: "Team" },
        from: { id: account.userId, is_bot: false, first_name: "A" },
        text: account.keys.production,
      },
    } as never);
    expect(h.tg.deleted).toContainEqual({ chatId: -100123, messageId: 9 });
    expect(h.tg.lastIn(-100123)?.text).toMatch(/Never post API keys in a group/);
    expect(await h.storage.users.loadKey(account.userId)).toBeUndefined();
  });

  it("deletes a key pasted in the private chat outside the linking step", async () => {
    h = await Harness.create();
    const account = await h.createAccount({});
    const user = h.user(account.userId);
    await user.send(account.keys.testnet);
    expect(h.tg.deleted.some((d) => d.chatId === user.id)).toBe(true);
    expect(user.last()?.text).toMatch(/looked like an API key/);
    expect(await h.storage.users.loadKey(user.id)).toBeUndefined();
  });

  it("keeps the key out of the SQLite file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bot-keyfile-"));
    const path = join(dir, "bot.sqlite");
    h = await Harness.create({ databaseUrl: `sqlite:${path}` });
    const { key } = await h.linkedUser({});
    for (const file of [path, `${path}-wal`]) {
      if (existsSync(file)) expect(readFileSync(file).includes(Buffer.from(key))).toBe(false);
    }
  });

  it("/settings leads back to the main menu", async () => {
    h = await Harness.create();
    const user = h.user(7_777);
    await user.send("/settings");
    const buttons = user.last()!.keyboard!.inline_keyboard;
    expect(buttons.at(-1)!.map((b) => ("callback_data" in b ? b.callback_data : ""))).toEqual(["menu:main"]);
  });
});
