/**
 * Signed callbacks end to end: the simulator signs and posts a delivery when an invoice is paid, the
 * bot's receiver verifies it with the user's stored webhook secret and makes the watcher read the
 * invoice at once (a hint, never proof); forged, stale and replayed deliveries are refused with 401
 * and logged at warn.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { callbackUrl, handleCallback, refusalLog } from "../../src/notifications/callbacks.js";
import { signatureHeaders } from "../../src/service/webhook-signature.js";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness } from "../helpers/bot-harness.js";
import { until } from "../helpers/wait.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const SECRET = "whsec_Zm9vYmFyLXNlY3JldC0xMjM0NTY";

let h: Harness;
let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
  await h?.close();
});

async function receiver(): Promise<string> {
  server = createServer((req, res) => {
    void handleCallback(h.notifications.callbacks, req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const warnings = () =>
  h.logLines.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && l.msg === "callback refused");

async function userWithSecret(funded = false) {
  const linked = await h.linkedUser(funded ? { pay: { USDT: "10" } } : {});
  const { user } = linked;
  await user.send("/notify");
  await user.press("nt:ws:set");
  await user.send(SECRET);
  expect(user.last()?.text).toMatch(/Webhook secret stored/);
  expect(h.tg.deleted.some((d) => d.chatId === user.id)).toBe(true);
  expect((await h.storage.notifySettings.get(user.id)).hasSecret).toBe(true);
  expect(h.logLines.join("\n")).not.toContain(SECRET);
  await h.simFetch("/_sim/webhooks", { method: "POST", body: { userId: linked.account.userId, secret: SECRET } });
  await h.notifications.store.syncSlots(h.deps.now().getTime());
  return linked;
}

describe("signed callbacks", () => {
  it("a verified delivery makes the watcher read the invoice at once; the notice comes once", async () => {
    h = await Harness.create();
    const base = await receiver();
    const { user, key } = await userWithSecret();
    const { pay } = h.deps.services.forKey("production", key);
    const invoice = await pay.createInvoice({
      clientInvoiceId: "inv-cb-1",
      priceCurrency: "USDT",
      priceAmount: "7",
      callback: { callbackUrl: callbackUrl(base, user.id) },
    });
    await h.notifications.watcher.round(); // baseline; the next poll is at least 10 s away
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });
    await until(async () => (await h.storage.db.selectFrom("callback_deliveries").selectAll().execute()).length === 1, "the delivery");
    await h.notifications.watcher.round(); // no clock change: only the hint makes the slot due
    await h.notifications.sender.drain();
    await until(() => outboxDrained(h), "the outbox");
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([
      `🧾 Invoice ${invoice.id} was paid: 7 USDT (≈ US$7.00) by user id 1000.`,
    ]);
    expect(h.sim.sim.callbacks.attempts.map((a) => a.status)).toEqual([200]);
  });

  it("a payment towards an invoice that takes several is told at once by its callback, and once", async () => {
    h = await Harness.create();
    const base = await receiver();
    const { user, key } = await userWithSecret();
    const { pay } = h.deps.services.forKey("production", key);
    const invoice = await pay.createInvoice({
      clientInvoiceId: "inv-cb-2",
      priceCurrency: "USDT",
      minPayment: "3",
      numPayments: 2,
      callback: { callbackUrl: callbackUrl(base, user.id) },
    });
    await h.notifications.watcher.round(); // baseline
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    await until(async () => (await h.storage.db.selectFrom("callback_deliveries").selectAll().execute()).length === 1, "the delivery");
    await h.notifications.watcher.round(); // no clock change: only the hint makes the slot due
    await h.notifications.watcher.round();
    await h.notifications.sender.drain();
    await until(() => outboxDrained(h), "the outbox");
    expect(user.texts().filter((t) => /received a payment/.test(t))).toEqual([
      `💸 Invoice ${invoice.id} received a payment: 3 USDT (≈ US$3.00) by user id 777 — 1 of 2 paid.`,
    ]);
  });

  it("refuses forged, stale, replayed and unknown-user deliveries with 401, logged at warn", async () => {
    h = await Harness.create();
    const base = await receiver();
    const { user } = await userWithSecret();
    const url = callbackUrl(base, user.id);
    const body = JSON.stringify({
      id: "delivery-1",
      timestamp: new Date().toISOString(),
      type: "invoice",
      data: { event: "invoice_status_changed", invoice: { id: "x", status: "paid" } },
    });
    const post = (headers: Record<string, string>, target = url, payload = body) =>
      fetch(target, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: payload });

    expect((await post(signatureHeaders("another-secret-000000", body, Date.now()))).status).toBe(401);
    expect((await post(signatureHeaders(SECRET, body, Date.now() - 10 * 60_000))).status).toBe(401);
    expect((await post(signatureHeaders(SECRET, body, Date.now()), url, `${body} `)).status).toBe(401);
    expect((await post({})).status).toBe(401);
    expect((await post(signatureHeaders(SECRET, body, Date.now()))).status).toBe(200);
    expect((await post(signatureHeaders(SECRET, body, Date.now()))).status).toBe(401); // replayed id
    expect((await post(signatureHeaders(SECRET, body, Date.now()), callbackUrl(base, 999_999))).status).toBe(401);
    // One line per source and reason a minute: the second bad signature is not logged again.
    expect(warnings().map((w) => w.reason)).toEqual([
      "signature",
      "stale",
      "missing",
      "replayed delivery",
      "no webhook secret",
    ]);
    // Other delivery types are acknowledged and ignored.
    const payout = JSON.stringify({ id: "delivery-2", timestamp: new Date().toISOString(), type: "payout", data: {} });
    expect((await post(signatureHeaders(SECRET, payout, Date.now()), url, payout)).status).toBe(200);
  });

  it("refuses a flood of unsigned requests without reading the database, logging once a minute per source", async () => {
    h = await Harness.create();
    const { user } = await userWithSecret();
    let secretReads = 0;
    const deps = h.notifications.callbacks;
    const loadSecret = deps.settings.loadSecret;
    deps.settings = {
      ...deps.settings,
      loadSecret: (telegramId) => {
        secretReads++;
        return loadSecret(telegramId);
      },
    };
    const base = await receiver();
    const unsigned = () =>
      fetch(callbackUrl(base, user.id), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });

    const statuses = await Promise.all(Array.from({ length: 100 }, unsigned));
    expect(statuses.every((r) => r.status === 401)).toBe(true);
    expect(secretReads).toBe(0);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ reason: "missing", source: "127.0.0.1", telegramId: user.id });

    h.advanceClock(59_000);
    expect((await unsigned()).status).toBe(401);
    expect(warnings()).toHaveLength(1);
    h.advanceClock(1_000);
    expect((await unsigned()).status).toBe(401);
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toMatchObject({ reason: "missing", suppressed: 100 });
    expect(secretReads).toBe(0);
  });

  it("the bot asks for callbacks on new invoices only for users who stored a secret", async () => {
    h = await Harness.create({ callbackPublicUrl: "https://bot.example.com" });
    expect(await h.notifications.hooks.callbackFor(1)).toEqual({});
    const { user } = await userWithSecret(true);
    const callback = { callbackUrl: `https://bot.example.com/callbacks/pay/${user.id}` };
    expect(await h.notifications.hooks.callbackFor(user.id)).toEqual({ callback });
    // A cheque made through the bot carries it to the service.
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("1");
    await user.press("in:skip");
    await user.press("in:skip");
    await user.pressLabel(/Confirm/);
    const [request] = await h.simRequests("createCheque");
    expect(request?.body).toMatchObject({ asset: "USDT", amount: "1", callback });
  });
});

describe("the refusal log", () => {
  it("keeps to one line a minute per source and reason, and to one for all when sources are too many", () => {
    const lines: Record<string, unknown>[] = [];
    const log = { warn: (fields: Record<string, unknown>) => lines.push(fields) } as unknown as Logger;
    let now = 0;
    const refused = refusalLog(log, () => now);
    for (let i = 0; i < 5000; i++) refused(`10.0.${Math.floor(i / 256)}.${i % 256}`, 1, "missing");
    expect(lines).toHaveLength(1001);
    expect(lines.at(-1)).toMatchObject({ source: "many sources", reason: "missing" });
    refused("10.0.0.0", 1, "stale");
    expect(lines).toHaveLength(1002);
    now += 60_000;
    refused("10.0.19.0", 1, "missing");
    expect(lines.at(-1)).toMatchObject({ source: "10.0.19.0", reason: "missing" });
    refused("10.0.0.0", 1, "missing");
    expect(lines.at(-1)).toMatchObject({ source: "10.0.0.0", reason: "missing" });
  });
});
