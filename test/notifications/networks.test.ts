/**
 * Notifications with a key per network (docs/decisions/023-keys-per-network.md): the watcher polls
 * with the key of the network the person acts on, and a switch starts that network's watching afresh
 * (remembered first, announced when it changes), with no notice made up from the other network's objects.
 */
import { afterEach, expect, it } from "vitest";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

async function tick(): Promise<void> {
  h.advanceClock(301_000);
  await h.notifications.store.syncSlots(h.deps.now().getTime());
  await h.notifications.watcher.round();
  await h.notifications.sender.drain();
  for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
}

it("watch the active network with its key, and start afresh on a switch", async () => {
  h = await Harness.create();
  const { user, account } = await h.linkedUser({});
  await user.send("/connect");
  await user.press("keys:net:testnet");
  await user.send(account.keys.testnet);
  const testnet = h.deps.services.forKey("testnet", account.keys.testnet);
  const production = h.deps.services.forKey("production", account.keys.production);
  const paid = () => user.texts().filter((t) => /was paid/.test(t));

  // Testnet is active: its invoice is watched with the testnet key and its payment announced.
  const onTestnet = await testnet.pay.createInvoice({ clientInvoiceId: "net-t-1", priceCurrency: "USDT", priceAmount: "3" });
  await tick();
  await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: onTestnet.id, payerId: "777" } });
  await tick();
  await tick();
  expect(paid()).toEqual([`🧾 Invoice ${onTestnet.id} was paid: 3 USDT (≈ US$3.00) by user id 777.`]);
  const polls = await h.simRequests("getInvoices");
  expect(new Set(polls.map((r) => r.network))).toEqual(new Set(["testnet"]));

  // Switched to production: what was remembered of testnet is dropped with the switch.
  const onProduction = await production.pay.createInvoice({ clientInvoiceId: "net-p-1", priceCurrency: "USDT", priceAmount: "4" });
  await user.send("/settings");
  await user.press("keys:use:production");
  expect(await h.storage.db.selectFrom("watch_objects").selectAll().where("telegram_id", "=", user.id).execute()).toEqual([]);
  await h.simFetch("/_sim/requests", { method: "DELETE" });
  await tick(); // first look on production: remembered, nothing told
  expect(paid()).toHaveLength(1);
  await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: onProduction.id, payerId: "778" } });
  await tick();
  await tick();
  expect(paid()).toEqual([
    `🧾 Invoice ${onTestnet.id} was paid: 3 USDT (≈ US$3.00) by user id 777.`,
    `🧾 Invoice ${onProduction.id} was paid: 4 USDT (≈ US$4.00) by user id 778.`,
  ]);
  expect(new Set((await h.simRequests("getInvoices")).map((r) => r.network))).toEqual(new Set(["production"]));
});
