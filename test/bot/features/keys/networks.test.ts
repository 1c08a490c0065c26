/**
 * A key per network, both kept (docs/decisions/023-keys-per-network.md): linking testnet after
 * production keeps both, a button switches the network the person acts on, balances come from that
 * network's origins, every summary names its network, a confirmation keeps the network it was made on
 * even when the person switches before pressing, and /disconnect removes the active network's key only.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { showTransferSummary } from "../../../helpers/transfers.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

/** Links the other network's key through /connect, as a person does. */
async function linkAlso(user: TestUser, network: "production" | "testnet", key: string) {
  await user.send("/connect");
  await user.press(`keys:net:${network}`);
  await user.send(key);
}

describe.each(databases)("keys per network (database %s)", (databaseUrl) => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("keeps the production key when a testnet key is linked, and switches between them", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await h.simFetch("/_sim/deposits", {
      method: "POST",
      body: { userId: account.userId, network: "testnet", to: "pay", asset: "USDT", amount: "5" },
    });
    await linkAlso(user, "testnet", account.keys.testnet);
    expect(user.last()?.text).toMatch(/Key linked to “.+” \(Testnet\)\.\nYour production key stays linked too; you now act on testnet\./);
    expect(await h.storage.users.loadKey(user.id, "production")).toEqual({ network: "production", apiKey: account.keys.production });
    expect(await h.storage.users.loadKey(user.id, "testnet")).toEqual({ network: "testnet", apiKey: account.keys.testnet });

    // Testnet is active: the balances are testnet's (105 there: 100 at creation and 5 deposited).
    await user.send("/balance");
    expect(user.last()?.text).toMatch(/^💰 Balances · Testnet/);
    expect(user.last()?.text).toContain("USDT: Pay 105 ·");
    const reads = await h.simRequests("getAppBalances");
    expect(reads.at(-1)?.network).toBe("testnet");

    // The balances header's button switches to production in place.
    await user.press("bal:use:production");
    expect(user.last()?.text).toMatch(/^💰 Balances · Production/);
    expect(user.last()?.text).toContain("USDT: Pay 100 ·");
    expect((await h.simRequests("getAppBalances")).at(-1)?.network).toBe("production");
    expect(await h.storage.users.get(user.id)).toMatchObject({ network: "production", linkedNetworks: ["production", "testnet"] });

    // Settings show both keys and switch too.
    await user.send("/settings");
    expect(user.last()?.text).toContain("Active network: Production");
    expect(user.last()?.text).toMatch(/Production: key of “.+”/);
    expect(user.last()?.text).toContain("Testnet: key linked");
    await user.press("keys:use:testnet");
    expect(user.last()?.text).toMatch(/^🔀 You now act on testnet/);
    expect(user.last()?.text).toContain("Active network: Testnet");
    expect((await h.storage.users.get(user.id))?.network).toBe("testnet");
  });

  it("carries a confirmed transfer out on the network its summary was made on, though the person switched", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
    await linkAlso(user, "testnet", account.keys.testnet);
    const { userId: recipientId } = await h.createAccount({});
    await showTransferSummary(user, recipientId);
    const summary = user.last()!;
    expect(summary.text).toContain("🌐 Network: testnet");
    const confirm = user.confirmData()!;
    const opId = confirm.slice(3);
    expect((await h.storage.operations.get(opId))?.network).toBe("testnet");

    // Switched to production before the press lands.
    await user.send("/settings");
    await user.press("keys:use:production");
    await user.press(confirm, summary.messageId);
    expect(user.texts().join("\n")).toMatch(/Sent 10 USDT/);

    expect((await h.account(account.userId, "testnet")).pay.USDT?.available).toBe("90");
    expect((await h.account(recipientId, "testnet")).pay.USDT?.available).toBe("10");
    expect((await h.account(account.userId, "production")).pay.USDT?.available).toBe("100");
    const sent = await h.simRequests("createTransfer");
    expect(sent.map((r) => r.network)).toEqual(["testnet"]);
    expect((await h.storage.operations.get(opId))?.state).toBe("done");
  });

  it("reconciles an unsettled testnet transfer on testnet after the person switched to production", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user, account } = await h.linkedUser({ pay: { USDT: "50" } });
    await linkAlso(user, "testnet", account.keys.testnet);
    const { userId: recipientId } = await h.createAccount({});
    await user.send(`/send ${recipientId}`);
    await user.press(pickData("USDT"));
    await user.send("4");
    await user.press("in:skip");
    const confirm = user.confirmData()!;
    // The service fails at Confirm: the outcome stays unknown.
    await h.fault({ operationId: "createTransfer", mode: "error5xx", count: 20 });
    await user.press(confirm);
    expect((await h.storage.operations.get(confirm.slice(3)))?.state).toBe("unknown");
    await h.simFetch("/_sim/faults", { method: "DELETE" });

    await user.send("/settings");
    await user.press("keys:use:production");
    expect(await h.app.reconcileUnfinished()).toBe(1);
    expect((await h.storage.operations.get(confirm.slice(3)))?.state).toBe("done");
    expect((await h.account(recipientId, "testnet")).pay.USDT?.available).toBe("4");
    expect((await h.account(account.userId, "production")).pay.USDT?.available).toBe("50");
    expect(new Set((await h.simRequests("createTransfer")).map((r) => r.network))).toEqual(new Set(["testnet"]));
  });

  it("/disconnect removes the active network's key only, and the other network takes over", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user, account } = await h.linkedUser({});
    await linkAlso(user, "testnet", account.keys.testnet);
    await user.send("/disconnect");
    expect(user.last()?.text).toMatch(/Remove the API key of .+ \(Testnet\)\?.*\nYour production key stays linked\./s);
    await user.press("keys:unlink:yes:testnet");
    expect(user.last()?.text).toMatch(/The Testnet API key was removed\. You now act on production, whose key stays linked\./);
    expect(await h.storage.users.loadKey(user.id, "testnet")).toBeUndefined();
    expect(await h.storage.users.loadKey(user.id, "production")).toEqual({ network: "production", apiKey: account.keys.production });
    expect(await h.storage.users.get(user.id)).toMatchObject({ network: "production", hasKey: true, linkedNetworks: ["production"] });
  });

  it("offers the other network when the active one has no key", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user } = await h.linkedUser({ pay: { USDT: "1" } });
    await user.send("/settings");
    await user.press("keys:use:testnet");
    expect(user.last()?.text).toMatch(/No testnet key is linked yet: link one with \/connect\./);
    await user.send("/balance");
    expect(user.last()?.text).toMatch(/No testnet key is linked\. Switch to production/);
    await user.press("keys:use:production");
    await user.send("/balance");
    expect(user.last()?.text).toContain("USDT: Pay 1 ·");
  });

  it("says it all in Russian", async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
    const { user, account } = await h.linkedUser({ pay: { USDT: "3" } }, { languageCode: "ru" });
    await linkAlso(user, "testnet", account.keys.testnet);
    expect(user.last()?.text).toContain("Ключ основной сети тоже остаётся привязанным; сейчас вы работаете в тестовой сети.");
    await user.send("/balance");
    expect(user.last()?.text).toMatch(/^💰 Балансы · Тестовая сеть/);
    expect(user.buttonData(/Перейти в основную сеть/)).toBe("bal:use:production");
    await user.send("/settings");
    await user.press("keys:use:production");
    expect(user.last()?.text).toMatch(/^🔀 Теперь вы работаете в основной сети/);
  });
});
