/**
 * Notifications end to end: the real watcher polls the simulator over HTTP, the detector stores what
 * it saw, the sender delivers through grammY to the fake Telegram. Each test makes a change happen
 * from outside (another user pays, redeems, trades), then runs the watcher's rounds as the scheduler
 * would and checks what the user was told — once — and what storage holds.
 */
import { afterEach, describe, expect, it } from "vitest";
import { outboxDrained } from "../helpers/mass-flow.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

/** Hands due notices to the outbox and waits until it has sent them. */
async function send(harness = h): Promise<void> {
  await harness.notifications.sender.drain();
  for (let i = 0; i < 400 && !(await outboxDrained(harness)); i++) await new Promise((r) => setTimeout(r, 10));
}

/** One poll of everything due, after moving the clock past the longest interval, then sending. */
async function tick(harness = h): Promise<void> {
  harness.advanceClock(301_000);
  await harness.notifications.watcher.round();
  await send(harness);
}

const noticesTo = (user: TestUser, pattern: RegExp) => user.texts().filter((t) => pattern.test(t));

async function watchedUser(balances = {}) {
  const linked = await h.linkedUser(balances);
  const clients = h.deps.services.forKey("production", linked.key);
  await h.notifications.store.syncSlots(h.deps.now().getTime());
  return { ...linked, clients };
}

describe("notifications", () => {
  it("announce a paid invoice once, with its amount, payer and a details button", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-n-1", priceCurrency: "USDT", priceAmount: "25" });
    await tick(); // first look: remembered, nothing to tell
    expect(noticesTo(user, /was paid/)).toEqual([]);

    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    await tick();
    await tick();
    // The invoice no longer names its payer: the notice reads the invoice's payments for it.
    expect(noticesTo(user, /was paid/)).toEqual([`🧾 Invoice ${invoice.id} was paid: 25 USDT (≈ US$25.00) by user id 777.`]);
    expect(user.last()?.keyboard?.inline_keyboard[0]?.[0]).toMatchObject({
      callback_data: `inv:show:${invoice.id}`,
    });
    const rows = await h.storage.db.selectFrom("notices").selectAll().execute();
    expect(rows.map((r) => [r.id, r.state])).toEqual([[`invoice:${invoice.id}:paid`, "sent"]]);
  });

  it("name every payer of an invoice closed by several payments, with what they paid in all", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({
      clientInvoiceId: "inv-n-2",
      priceCurrency: "USDT",
      minPayment: "10",
      numPayments: 2,
    });
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777", amount: "10.5" } });
    await tick(); // one of two payments: the invoice is still active, so that payment is told alone
    expect(noticesTo(user, /was paid/)).toEqual([]);
    expect(noticesTo(user, /received a payment/)).toEqual([
      `💸 Invoice ${invoice.id} received a payment: 10.5 USDT (≈ US$10.50) by user id 777 — 1 of 2 paid.`,
    ]);
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "888", amount: "12" } });
    await tick();
    await tick();
    expect(noticesTo(user, /was paid/)).toEqual([
      `🧾 Invoice ${invoice.id} was paid: 22.5 USDT (≈ US$22.50) by user id 777, user id 888.`,
    ]);
  });

  it("announce each payment of an invoice that takes several, once, with who paid and how many are in", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({
      clientInvoiceId: "inv-p-1",
      priceCurrency: "USDT",
      minPayment: "10",
      numPayments: 4,
    });
    const pay = (payerId: string, amount: string) =>
      h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId, amount } });
    await tick(); // first look: remembered
    await pay("777", "10");
    await tick();
    await tick();
    // Two payments between two polls: each told once, in the order they were made.
    await pay("888", "12.5");
    await pay("999", "11");
    await tick();
    await tick();
    expect(noticesTo(user, /received a payment/)).toEqual([
      `💸 Invoice ${invoice.id} received a payment: 10 USDT (≈ US$10.00) by user id 777 — 1 of 4 paid.`,
      `💸 Invoice ${invoice.id} received a payment: 12.5 USDT (≈ US$12.50) by user id 888 — 2 of 4 paid.`,
      `💸 Invoice ${invoice.id} received a payment: 11 USDT (≈ US$11.00) by user id 999 — 3 of 4 paid.`,
    ]);
    expect(user.last()?.keyboard?.inline_keyboard[0]?.[0]).toMatchObject({ callback_data: `inv:show:${invoice.id}` });
    // The last payment closes the invoice: the paid notice tells it, with every payer and the total.
    await pay("777", "10");
    await tick();
    await tick();
    expect(noticesTo(user, /received a payment/)).toHaveLength(3);
    expect(noticesTo(user, /was paid/)).toEqual([
      `🧾 Invoice ${invoice.id} was paid: 43.5 USDT (≈ US$43.50) by user id 777, user id 888, user id 999.`,
    ]);
    // Each payment notice is named by its payment.
    const payments = await clients.pay.getInvoicePayments({ invoiceId: invoice.id });
    const ids = (await h.storage.db.selectFrom("notices").select("id").execute()).map((r) => r.id).sort();
    expect(ids).toEqual(
      [
        `invoice:${invoice.id}:paid`,
        ...payments.items.slice(1).map((p) => `invoice:${invoice.id}:payment:${p.id}`),
      ].sort(),
    );
  });

  it("tell every payment when the user's budget cannot read all invoices' payments in one poll", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    // Three calls a minute for this user: one list and two payment reads per poll, for four invoices.
    const watching = h.newNotifications({ WATCH_USER_CALLS_PER_MINUTE: 3 });
    const invoices = [];
    for (let i = 0; i < 4; i++) {
      invoices.push(
        await clients.pay.createInvoice({ clientInvoiceId: `inv-p-b${i}`, priceCurrency: "USDT", minPayment: "2", numPayments: 2 }),
      );
    }
    const poll = async () => {
      h.advanceClock(301_000);
      await watching.watcher.round();
      await watching.sender.drain();
      await send();
    };
    await poll(); // first look: two of them remembered with their payments, two left for later
    for (const invoice of invoices) {
      await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    }
    for (let i = 0; i < 6; i++) await poll();
    const told = noticesTo(user, /received a payment/);
    expect(told.toSorted()).toEqual(
      invoices.map((invoice) => `💸 Invoice ${invoice.id} received a payment: 2 USDT (≈ US$2.00) by user id 777 — 1 of 2 paid.`).toSorted(),
    );
  });

  it("tell a payment made while the bot was down once after a restart, and none when invoice notices are off", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({
      clientInvoiceId: "inv-p-2",
      priceCurrency: "USDT",
      minPayment: "5",
      numPayments: 3,
    });
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    // The process stops before its next round; a new one sees the payment, stores it and stops before sending.
    h.advanceClock(301_000);
    await h.newNotifications().watcher.round();
    expect(noticesTo(user, /received a payment/)).toEqual([]);
    await h.newNotifications().sender.drain();
    await send();
    await tick();
    await tick();
    expect(noticesTo(user, /received a payment/)).toEqual([
      `💸 Invoice ${invoice.id} received a payment: 5 USDT (≈ US$5.00) by user id 777 — 1 of 3 paid.`,
    ]);

    // Invoice notices turned off: the next payment is not told.
    await user.send("/notify");
    await user.press("nt:t:invoices");
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "888" } });
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    await tick();
    await tick();
    expect(noticesTo(user, /received a payment/)).toHaveLength(1);
  });

  it("survive a restart between the change and the next round: no repeat, no loss", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-r-1", priceCurrency: "USDT", priceAmount: "5" });
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });

    // The process stops before its next round; a new one starts over the same database and sees the change.
    h.advanceClock(301_000);
    await h.newNotifications().watcher.round();
    // It too stops after storing the change but before sending: the notice waits in storage.
    expect(noticesTo(user, /was paid/)).toEqual([]);
    await h.newNotifications().sender.drain();
    await send();
    // The first instance looking again finds nothing new to tell.
    await tick();
    await tick();
    expect(noticesTo(user, /was paid/)).toHaveLength(1);
  });

  it("announce each change of every kind once across a restart: a cheque redeemed, an order filled in steps", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser({ pay: { USDT: "100" }, trading: { USDT: "100000" } });
    const other = await h.createAccount();
    const cheque = await clients.pay.createCheque({ clientChequeId: "chq-r-1", asset: "USDT", amount: "3" });
    const ticker = (await clients.exchange.getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] })).tickers[0]!;
    const order = await clients.exchange.placeOrder({
      clientOrderId: "ord-r-1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "0.01",
      price: String(Math.floor(Number(ticker.last) * 0.5)),
    });
    await tick(); // first look: remembered
    const told = () => ({
      cheque: noticesTo(user, new RegExp(`Cheque ${cheque.chequeId}`)).length,
      partly: noticesTo(user, /partly filled/).length,
      filled: noticesTo(user, /^✅ Order/).length,
    });

    // Changes while the process is down; a new one starts over the same database.
    await h.simFetch("/_sim/cheques/redeem", { method: "POST", body: { chequeId: cheque.chequeId, userId: other.userId } });
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id, size: "0.004" } });
    h.advanceClock(301_000);
    const second = h.newNotifications();
    await second.watcher.round();
    await second.sender.drain();
    await send();
    expect(told()).toEqual({ cheque: 1, partly: 1, filled: 0 });

    // Another change, then a third instance takes over; the earlier ones keep polling too.
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id } });
    h.advanceClock(301_000);
    await h.newNotifications().watcher.round();
    await send();
    await tick();
    await second.watcher.round();
    await send();
    await tick();
    expect(told()).toEqual({ cheque: 1, partly: 1, filled: 1 });
    // The cheque is single-use: redeemed is also used up; it is no longer watched.
    const watched = await h.storage.db
      .selectFrom("watch_objects")
      .select(["object_id", "open", "kind"])
      .where("telegram_id", "=", user.id)
      .execute();
    expect(watched).toEqual(
      expect.arrayContaining([
        { kind: "cheque", object_id: cheque.chequeId, open: 0 },
        { kind: "order", object_id: order.id, open: 0 },
      ]),
    );
  });

  it("announce a redeemed cheque, and nothing for a cheque the owner cancels", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser({ pay: { USDT: "100" } });
    const other = await h.createAccount();
    const a = await clients.pay.createCheque({ clientChequeId: "chq-n-1", asset: "USDT", amount: "3" });
    const b = await clients.pay.createCheque({ clientChequeId: "chq-n-2", asset: "USDT", amount: "4" });
    await tick();
    await h.simFetch("/_sim/cheques/redeem", { method: "POST", body: { chequeId: a.chequeId, userId: other.userId } });
    await clients.pay.deleteCheque({ chequeId: b.chequeId });
    await tick();
    await tick();
    expect(noticesTo(user, /Cheque/)).toEqual([`🎟 Cheque ${a.chequeId} for 3 USDT (≈ US$3.00) was redeemed.`]);
  });

  it("announce partial fills, the final fill and a triggered stop, each once", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser({ trading: { USDT: "100000", BTC: "1" } });
    const ticker = (await clients.exchange.getTicker({ tickerType: "24h", symbols: ["BTC-USDT"] })).tickers[0]!;
    const low = String(Math.floor(Number(ticker.last) * 0.5));
    const order = await clients.exchange.placeOrder({
      clientOrderId: "ord-n-1",
      symbol: "BTC-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "0.01",
      price: low,
    });
    await tick();
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id, size: "0.004" } });
    await tick();
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id } });
    await tick();
    await tick();
    const texts = noticesTo(user, /Order/);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/partly filled: 0\.004 BTC \(≈ US\$260\.00\) of 0\.01 BTC/);
    expect(texts[1]).toMatch(/filled: 0\.01 BTC \(≈ US\$650\.00\) at/);
    // The order's id is shortened (its button opens the order in full).
    if (order.id.length > 12) {
      expect(texts[1]).toContain(`Order #${order.id.slice(0, 8)} `);
      expect(texts[1]).not.toContain(order.id);
    }

    // A stop order placed elsewhere on the same key is found and its trigger announced.
    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "BTC-USDT", price: ticker.last } });
    const stop = await clients.exchange.placeOrder({
      clientOrderId: "ord-n-2",
      symbol: "BTC-USDT",
      side: "sell",
      type: "stopLimit",
      timeInForce: "GTC",
      size: "0.001",
      price: String(Math.floor(Number(ticker.last) * 0.4)),
      stopPrice: String(Math.floor(Number(ticker.last) * 0.6)),
    } as never);
    await tick();
    await h.simFetch("/_sim/markets/price", {
      method: "POST",
      body: { symbol: "BTC-USDT", price: String(Math.floor(Number(ticker.last) * 0.55)) },
    });
    await tick();
    expect(noticesTo(user, new RegExp(`Stop order #${stop.id.slice(0, 8)} `))).toHaveLength(1);
  });

  it("respect the user's settings: a kind turned off in /notify is not announced", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    await user.send("/notify");
    expect(user.last()?.text).toMatch(/Notifications/);
    await user.press("nt:t:invoices");
    expect((await h.storage.notifySettings.get(user.id)).topics.invoices).toBe(false);
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-off-1", priceCurrency: "USDT", priceAmount: "1" });
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });
    await tick();
    expect(noticesTo(user, /was paid/)).toEqual([]);
    const slots = await h.storage.db.selectFrom("watch_slots").select("kind").where("telegram_id", "=", user.id).execute();
    expect(slots.map((s) => s.kind).sort()).toEqual(["cheque", "order"]);
  });

  it("turn notices off for a user who blocked the bot, logged at info", async () => {
    h = await Harness.create();
    const { user, clients } = await watchedUser();
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-b-1", priceCurrency: "USDT", priceAmount: "2" });
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });
    h.tg.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    await tick();
    expect(await h.notifications.sender.syncBlocked()).toBe(1);
    expect((await h.storage.notifySettings.get(user.id)).blocked).toBe(true);
    expect(await h.notifications.sender.syncBlocked()).toBe(0);
    const line = h.logLines.map((l) => JSON.parse(l)).find((l) => /blocked by a user/.test(l.msg));
    expect(line?.level).toBe(30);
    // Coming back to /notify turns them on again.
    await user.send("/notify");
    expect((await h.storage.notifySettings.get(user.id)).blocked).toBe(false);
  });
});

describe("price alerts", () => {
  it("/alert fires once when the price crosses, then is gone; works without a key", async () => {
    h = await Harness.create();
    const user = h.user(9001);
    await user.send("/start");
    await user.send("/alert BTC-USDT above 1000000");
    expect(user.last()?.text).toMatch(/Alert set: BTC-USDT above 1,000,000 USDT \(once\)/);
    await h.notifications.alertWatcher.round();
    await send();
    expect(noticesTo(user, /🔔/)).toEqual([]);

    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "BTC-USDT", price: "1000500" } });
    await h.notifications.alertWatcher.round();
    await h.notifications.alertWatcher.round();
    await send();
    expect(noticesTo(user, /🔔/)).toEqual([
      "🔔 BTC-USDT is at 1,000,500 USDT: above your alert price 1,000,000 USDT.",
    ]);
    await user.send("/alerts");
    expect(user.last()?.text).toMatch(/no price alerts/);
  });

  it("an 'every time' alert re-arms only after the price goes back and the minimum gap passes", async () => {
    h = await Harness.create();
    const user = h.user(9002);
    await user.send("/start");
    await user.send("/alert ETH-USDT below 100 every");
    const move = (price: string) =>
      h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "ETH-USDT", price } });
    const round = async () => {
      await h.notifications.alertWatcher.round();
      await send();
    };
    await move("99");
    await round();
    await round();
    await move("120");
    await round(); // back across, but within the gap: stays disarmed
    await move("98");
    await round();
    expect(noticesTo(user, /🔔/)).toHaveLength(1);
    await move("120");
    h.advanceClock(301_000);
    await round(); // re-armed
    await move("97");
    await round();
    expect(noticesTo(user, /🔔/)).toHaveLength(2);
    await user.send("/alerts");
    expect(user.last()?.text).toMatch(/ETH-USDT below 100 USDT \(every time\)/);
    await user.press(user.buttonData(/✖️ 1\. ETH-USDT/)!);
    expect(await h.notifications.alerts.list(user.id)).toEqual([]);
  });

  it("refuse bad input with a clear message", async () => {
    h = await Harness.create();
    const user = h.user(9003);
    await user.send("/start");
    await user.send("/alert BTC-USDT upwards 5");
    expect(user.last()?.text).toMatch(/\/alert BTC-USDT above 100000/);
    await user.send("/alert BTC-USDT above -5");
    expect(user.last()?.text).toMatch(/positive number/);
    await user.send("/alert NOPE-USDT above 5");
    expect(user.last()?.text).toMatch(/no trading pair “NOPE-USDT”/);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!PG_URL)("notifications (postgres)", () => {
  it("announce a paid invoice and a filled order once, and not again after a restart", async () => {
    h = await Harness.create({ databaseUrl: PG_URL });
    const { user, clients } = await watchedUser({ trading: { USDT: "100" } });
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-pg-1", priceCurrency: "USDT", priceAmount: "3" });
    const order = await clients.exchange.placeOrder({
      clientOrderId: "ord-pg-1",
      symbol: "TONCOIN-USDT",
      side: "buy",
      type: "limit",
      timeInForce: "GTC",
      size: "10",
      price: "1",
    } as never);
    await tick();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id } });
    await h.simFetch("/_sim/orders/fill", { method: "POST", body: { orderId: order.id } });
    await tick();
    h.advanceClock(301_000);
    await h.newNotifications().watcher.round();
    await send();
    await tick();
    expect(noticesTo(user, /was paid|filled/)).toHaveLength(2);
  });
});
