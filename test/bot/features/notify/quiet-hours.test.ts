/**
 * Quiet hours in the person's own time zone: picked once from city buttons (stored on the user row),
 * quiet hours chosen on their own clock, every time shown in that zone, and notices held during the
 * local quiet hours by the same definition. The real bot, the simulator and the Bot API stand-in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { outboxDrained } from "../../../helpers/mass-flow.js";
import { transferSummary } from "../../../helpers/transfers.js";
import { SEND_DATA } from "../../../../src/bot/features/send/callback-data.js";

let h: Harness;
afterEach(async () => h?.close());

const HOUR = 3_600_000;
const MOSCOW = 7; // its index among the offered zones
/** The text the newest press was answered with (its handler's answer, even when the at-once empty answer went first). */
const lastAnswer = () => {
  const calls = h.tg.callsOf("answerCallbackQuery");
  const id = calls.at(-1)?.payload.callback_query_id;
  return calls.filter((c) => c.payload.callback_query_id === id).map((c) => c.payload.text).find((t) => t !== undefined);
};
const labels = (user: TestUser) => (user.last()?.keyboard?.inline_keyboard.flat() ?? []).map((b) => b.text);

/** /notify → Quiet hours → Time zone → Moscow → 22–07. */
async function quietInMoscow(user: TestUser): Promise<void> {
  await user.send("/notify");
  await user.press("nt:q");
  await user.press("nt:zones");
  await user.press(`nt:tz:${MOSCOW}`);
  await user.press("nt:qs:22:7");
}

describe("time zone and quiet hours", () => {
  it("are picked with buttons and shown in the person's zone (English)", async () => {
    h = await Harness.create();
    const user = h.user(4001);
    await user.send("/notify");
    expect(labels(user)).toContain("🌙 Quiet hours: off");
    await user.press("nt:q");
    // The state is the screen's title: "Quiet hours" reads once.
    expect(user.last()!.text).toMatch(/^🌙 Quiet hours: off\n\n🌍 Your time zone: UTC; it is /);
    await user.press("nt:zones");
    expect(user.last()!.text).toMatch(/^🌍 Which time zone are you in\?/);
    expect(labels(user)).toEqual(expect.arrayContaining(["Moscow, UTC+3", "Delhi, UTC+5:30", "UTC", "« Back"]));
    await user.press(`nt:tz:${MOSCOW}`);
    expect(lastAnswer()).toBe("Time zone: Moscow, UTC+3.");
    await user.press("nt:qs:22:7");
    expect(lastAnswer()).toBe("Quiet hours: 22:00–07:00, your time.");
    const screen = user.last()!;
    expect(screen.text).toMatch(/^🌙 Quiet hours: 22:00–07:00 \(Moscow, UTC\+3\)\n/);
    const moscowNow = new Date(h.deps.now().getTime() + 3 * HOUR).toISOString().slice(11, 16);
    expect(screen.text).toContain(`🌍 Your time zone: Moscow, UTC+3; it is ${moscowNow} there now.`);
    expect(labels(user)).toEqual(expect.arrayContaining(["✅ 22–07", "Off", "🌍 Time zone: Moscow, UTC+3", "« Back"]));

    expect((await h.storage.users.get(user.id))?.timeZone).toBe("Europe/Moscow");
    expect((await h.storage.notifySettings.get(user.id)).quiet).toEqual({ from: 22, to: 7 });
    await user.press("nt:show");
    expect(labels(user)).toContain("🌙 Quiet hours: 22:00–07:00 (Moscow, UTC+3)");

    await user.press("nt:q");
    await user.press("nt:qs:off");
    expect((await h.storage.notifySettings.get(user.id)).quiet).toBeNull();
    expect(labels(user)).toContain("✅ Off");
  });

  it("speaks Russian, and /settings leads to the time zone", async () => {
    h = await Harness.create();
    const user = h.user(4002, { languageCode: "ru" });
    await quietInMoscow(user);
    expect(user.last()!.text).toContain("Тихие часы: 22:00–07:00 (Москва, UTC+3)");
    expect(user.last()!.text).toContain("🌍 Ваш часовой пояс: Москва, UTC+3; сейчас там ");
    await user.send("/settings");
    await user.pressLabel(/Часовой пояс: Москва, UTC\+3/);
    expect(user.last()!.text).toMatch(/^🌍 В каком вы часовом поясе\?/);
  });

  it("opened from /settings, the zone picker goes back to /settings, and a pick shows it there with the new zone", async () => {
    h = await Harness.create();
    const user = h.user(4003);
    await user.send("/settings");
    const settings = user.last()!;
    expect(settings.text).toMatch(/^⚙️ Settings/);
    await user.pressLabel(/^🌍 Time zone: UTC$/);
    expect(user.last()!.text).toMatch(/^🌍 Which time zone are you in\?/);
    // « Back goes where the picker was opened from, in place.
    await user.pressLabel(/^« Back$/);
    expect(user.last()!.messageId).toBe(settings.messageId);
    expect(user.last()!.text).toBe(settings.text);
    expect(labels(user)).toContain("🌍 Time zone: UTC");

    await user.pressLabel(/^🌍 Time zone: UTC$/);
    await user.pressLabel(/^Moscow, UTC\+3$/);
    expect(lastAnswer()).toBe("Time zone: Moscow, UTC+3.");
    expect(user.last()!.messageId).toBe(settings.messageId);
    expect(user.last()!.text).toMatch(/^⚙️ Settings/);
    expect(labels(user)).toContain("🌍 Time zone: Moscow, UTC+3");
    expect(user.texts()).toHaveLength(1);
    expect((await h.storage.users.get(user.id))?.timeZone).toBe("Europe/Moscow");
  });

  it("opened from /settings in Russian, it goes back to the settings too; from quiet hours, to quiet hours", async () => {
    h = await Harness.create();
    const user = h.user(4004, { languageCode: "ru" });
    await user.send("/settings");
    await user.pressLabel(/^🌍 Часовой пояс: UTC$/);
    await user.pressLabel(/^« Назад$/);
    expect(user.last()!.text).toMatch(/^⚙️ Настройки/);
    await user.pressLabel(/^🌍 Часовой пояс: UTC$/);
    await user.pressLabel(/^Москва, UTC\+3$/);
    expect(user.last()!.text).toMatch(/^⚙️ Настройки/);
    expect(labels(user)).toContain("🌍 Часовой пояс: Москва, UTC+3");

    await user.send("/notify");
    await user.press("nt:q");
    await user.press("nt:zones");
    await user.pressLabel(/^« Назад$/);
    expect(user.last()!.text).toMatch(/^🌙 /);
    await user.press("nt:zones");
    await user.pressLabel(/^Токио, UTC\+9$/);
    expect(user.last()!.text).toContain("🌍 Ваш часовой пояс: Токио, UTC+9;");
  });

  it("hold a notice that comes in the person's local quiet hours, and send it when they end", async () => {
    h = await Harness.create();
    const { user, key } = await h.linkedUser();
    const clients = h.deps.services.forKey("production", key);
    await quietInMoscow(user);
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-q-1", priceCurrency: "USDT", priceAmount: "5" });
    const tick = async () => {
      h.advanceClock(301_000);
      await h.notifications.watcher.round();
      await h.notifications.sender.drain();
      for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
    };
    await tick(); // first look: remembered

    // To 23:00 in Moscow (20:00 UTC: outside 22–07 read in UTC, inside it read in Moscow).
    const now = h.deps.now().getTime();
    let at = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 20);
    if (at <= now) at += 24 * HOUR;
    h.advanceClock(at - now);
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    await tick();
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([]);
    const held = await h.storage.db.selectFrom("notices").selectAll().execute();
    expect(held.map((n) => [n.state, n.not_before])).toEqual([["pending", at + 8 * HOUR]]); // 07:00 in Moscow

    // At 07:00 Moscow time it goes out, once.
    h.advanceClock(at + 8 * HOUR - h.deps.now().getTime());
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toHaveLength(1);
  });

  /** A linked person in Moscow with quiet hours 22–07, an invoice paid at 23:00 their time: its notice held. */
  async function heldNotice() {
    h = await Harness.create();
    const { user, key } = await h.linkedUser();
    const clients = h.deps.services.forKey("production", key);
    await quietInMoscow(user);
    await h.notifications.store.syncSlots(h.deps.now().getTime());
    const invoice = await clients.pay.createInvoice({ clientInvoiceId: "inv-q-2", priceCurrency: "USDT", priceAmount: "5" });
    const tick = async () => {
      h.advanceClock(1_000);
      await h.notifications.watcher.round();
      await h.notifications.sender.drain();
      for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
    };
    h.advanceClock(301_000);
    await tick(); // first look: remembered
    const now = h.deps.now().getTime();
    let at = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 20);
    if (at <= now) at += 24 * HOUR;
    h.advanceClock(at - now);
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice.id, payerId: "777" } });
    h.advanceClock(301_000);
    await tick();
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([]);
    return { user, tick };
  }

  it("send a held notice at once when quiet hours are turned off, and the screen counts what is held", async () => {
    const { user, tick } = await heldNotice();
    await user.send("/notify");
    await user.press("nt:q");
    expect(user.last()!.text).toContain("🔕 1 notice is held until quiet hours end.");
    await user.press("nt:qs:off");
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toHaveLength(1);
    expect(user.last()!.text).not.toContain("held until");
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toHaveLength(1);
  });

  it("weigh a held notice again when quiet hours change or the zone moves out of them", async () => {
    const { user, tick } = await heldNotice();
    await user.send("/notify");
    await user.press("nt:q");
    // 23:00 in Moscow is still inside 21–08: held, until the new end.
    await user.press("nt:qs:21:8");
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([]);
    expect(user.last()!.text).toContain("🔕 1 notice is held until quiet hours end.");
    // In UTC it is 20:00: outside 21–08, so it goes out now.
    await user.press("nt:zones");
    await user.pressLabel(/^UTC$/);
    await tick();
    expect(user.texts().filter((t) => /was paid/.test(t))).toHaveLength(1);
  });

  it("announce an invoice the bot made and paid before the watcher's first look at a key linked a moment ago", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    // No sync since the key was linked: the bot made the slots itself, and remembers the invoice as made.
    await user.send("/receive");
    await user.press("rcv:req");
    await user.pressLabel(/^USDT$/);
    await user.send("5");
    const slots = await h.storage.db.selectFrom("watch_slots").select("kind").where("telegram_id", "=", user.id).execute();
    expect(slots.map((s) => s.kind).sort()).toEqual(["cheque", "invoice", "order"]);
    const [invoice] = await h.storage.db.selectFrom("watch_objects").select("object_id").where("telegram_id", "=", user.id).execute();
    expect(invoice).toBeDefined();
    await h.simFetch("/_sim/invoices/pay", { method: "POST", body: { invoiceId: invoice!.object_id, payerId: "777" } });
    h.advanceClock(301_000);
    await h.notifications.watcher.round();
    await h.notifications.sender.drain();
    for (let i = 0; i < 400 && !(await outboxDrained(h)); i++) await new Promise((r) => setTimeout(r, 10));
    expect(user.texts().filter((t) => /was paid/.test(t))).toEqual([`🧾 Invoice ${invoice!.object_id} was paid: 5 USDT (≈ US$5.00) by user id 777.`]);
  });

  it("shows the times of the transfer history in the person's zone", async () => {
    h = await Harness.create();
    const { user, confirm } = await transferSummary(h);
    await user.press(confirm);
    await user.press(SEND_DATA.page.build({ page: 0 }));
    const utcLine = user.last()!.text.split("\n").find((l) => / UTC/.test(l))!;
    const [, dd, mm, yyyy, time] = /(\d{2})\/(\d{2})\/(\d{4}), (\d{2}:\d{2}) UTC/.exec(utcLine)!;
    const sent = Date.parse(`${yyyy}-${mm}-${dd}T${time}:00Z`);

    await user.send("/notify");
    await user.press("nt:q");
    await user.press("nt:zones");
    await user.press(`nt:tz:${MOSCOW}`);
    await user.send("/transfers");
    const [y, m, d] = new Date(sent + 3 * HOUR).toISOString().slice(0, 10).split("-");
    const moscow = new Date(sent + 3 * HOUR).toISOString().slice(11, 16);
    expect(user.last()!.text).toContain(`${d}/${m}/${y}, ${moscow} (UTC+3)`);
    expect(user.last()!.text).not.toContain(" UTC ");
  });

  it("shows the other times the bot shows in the person's zone too: a price card, a transfer found by id", async () => {
    h = await Harness.create();
    const { user, confirm } = await transferSummary(h);
    await user.press(confirm);
    await user.send("/price BTC-USDT");
    const utcTime = /(\d{2}\/\d{2}\/\d{4}), (\d{2}:\d{2}) UTC/.exec(user.last()!.text);
    expect(utcTime).not.toBeNull();

    await user.send("/notify");
    await user.press("nt:q");
    await user.press("nt:zones");
    await user.press(`nt:tz:${MOSCOW}`);
    await user.send("/price BTC-USDT");
    const [dd, mm, yyyy] = utcTime![1]!.split("/");
    const moscow = new Date(Date.parse(`${yyyy}-${mm}-${dd}T${utcTime![2]}:00Z`) + 3 * HOUR).toISOString();
    const [y, m, d] = moscow.slice(0, 10).split("-");
    expect(user.last()!.text).toContain(`${d}/${m}/${y}, ${moscow.slice(11, 16)} (UTC+3)`);
    expect(user.last()!.text).not.toMatch(/\d{2}:\d{2} UTC/);

    const [sent] = await h.simRequests("createTransfer");
    const clientId = (sent?.body as { clientPayoutId?: string } | undefined)?.clientPayoutId;
    expect(clientId).toBeTruthy();
    await user.send(`/transfer ${clientId}`);
    expect(user.last()!.text).toMatch(/\(UTC\+3\)/);
    expect(user.last()!.text).not.toMatch(/\d{2}:\d{2} UTC/);
  });
});
