/**
 * Names, not ids (issue 24.1) and copy and scan (24.3), end to end through the Bot API stand-in: the
 * names Telegram passes on (asked for by the "Choose a user" button, carried by people who write to
 * the bot and by forwarded messages) in summaries, results, history and cheque details; ids, links
 * and addresses as code entities; QR pictures that decode to the link or address. Both languages.
 */
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RECIPIENT_REQUEST_ID } from "../../src/bot/shared/recipient.js";
import type { ShownMessage } from "../helpers/telegram-view.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { INVOICE_DATA } from "../../src/bot/features/invoices/callback-data.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { pickData } from "../../src/bot/shared/input-data.js";

const databases = [undefined, process.env.TEST_DATABASE_URL].filter((u, i) => i === 0 || u !== undefined);

/** The texts under the message's code entities: what a tap copies. */
const copied = (m: ShownMessage) =>
  m.entities.filter((e) => e.type === "code").map((e) => m.text.slice(e.offset, e.offset + e.length));

// jsqr is CommonJS with a `default` in its types: Node hands over module.exports, a bundler the default.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

/** What a phone's camera reads from the photo: the PNG decoded, then its QR code. */
function scan(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe.each(databases)("names and copy (database %s)", (databaseUrl) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create(databaseUrl ? { databaseUrl } : {});
  });
  afterEach(async () => {
    await h.close();
  });

  async function toSummary(user: TestUser) {
    await user.press(pickData("USDT"));
    await user.send("10");
    await user.press("in:skip");
  }

  it("asks Telegram for the shared user's name and shows it in the summary, the result and the history", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: samId } = await h.createAccount({});
    // Sam as Telegram knows them: the stand-in shares what the button asks for.
    h.tg.api.state.user(samId, { first_name: "Sam", last_name: "Lee", username: "samlee" });

    await user.press("menu:send");
    await user.press(SEND_DATA.create.build({}));
    const ask = h.tg
      .callsOf("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === user.id)
      .map((c) => (typeof c.payload.reply_markup === "string" ? JSON.parse(c.payload.reply_markup) : c.payload.reply_markup))
      .at(-1);
    expect(ask.keyboard[0][0].request_users).toMatchObject({ request_name: true, request_username: true });

    await user.shareUser(RECIPIENT_REQUEST_ID, samId);
    expect(user.texts()).toContain(`Recipient: “Sam Lee” (id ${samId})`);
    await toSummary(user);
    const summary = user.last()!;
    expect(summary.text).toContain(`To: “Sam Lee” (id ${samId})`);
    expect(copied(summary)).toEqual([String(samId)]);

    await user.pressLabel(/Confirm/);
    const result = user.last()!;
    expect(result.text).toMatch(new RegExp(`✅ Sent 10 USDT \\(≈ US\\$10\\.00\\) to “Sam Lee” \\(id ${samId}\\)`));
    expect((await h.account(samId)).pay.USDT?.available).toBe("10");
    // The summary's id stays copyable after the edit; the result adds the transfer's id.
    const payoutId = copied(result).find((c) => c.startsWith("pyt_"));
    expect(copied(result)[0]).toBe(String(samId));
    expect(payoutId).toBeDefined();

    await user.send("/transfers");
    const history = user.last()!;
    expect(history.text).toContain(`→ “Sam Lee” (id ${samId}): 10 USDT · ${payoutId}`);
    expect(copied(history)).toEqual([String(samId), payoutId]);
  });

  it("names a typed id by the name of the person who started the bot, in Russian too", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } }, { languageCode: "ru" });
    const { userId: annaId } = await h.createAccount({});
    await h.user(annaId, { firstName: "Анна", languageCode: "ru" }).send("/start");

    await user.send(`/send ${annaId}`);
    expect(user.texts()).toContain(`Получатель: «Анна» (ID ${annaId})`);
    await toSummary(user);
    expect(user.last()!.text).toContain(`«Анна» (ID ${annaId})`);
    expect(copied(user.last()!)).toEqual([String(annaId)]);
    await user.pressLabel(/Подтвердить/);
    expect(user.last()!.text).toMatch(new RegExp(`получатель: «Анна» \\(ID ${annaId}\\)`));
  });

  it("shows only the id when nobody told the bot a name", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId } = await h.createAccount({});
    await user.send(`/send ${userId}`);
    await toSummary(user);
    expect(user.last()!.text).toContain(`To: user id ${userId}`);
  });

  it("names a cheque's recipient, says who redeemed it, and scans its link from a QR code", async () => {
    const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: samId } = await h.createAccount({});
    await h.user(samId, { firstName: "Sam" }).send("/start");

    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("5");
    await user.press("in:skip");
    await user.send(String(samId));
    expect(user.last()!.text).toContain(`Who may redeem: only “Sam” (id ${samId})`);
    await user.pressLabel(/Confirm/);

    const created = user.last()!;
    const link = /Link: (\S+)/.exec(created.text)?.[1];
    expect(link).toMatch(/^https:\/\/t\.me\//);
    // A link in a text stays a link (a tap opens it); its QR code's caption has it to copy.
    expect(copied(created)).not.toContain(link);

    await user.pressLabel(/QR code/);
    const photo = user.last()!;
    expect(photo.photo?.png).toBeDefined();
    expect(scan(photo.photo!.png!)).toBe(link);
    expect(photo.text).toBe(`🎟 Scan to receive the cheque: ${link}`);
    expect(copied(photo)).toEqual([link]);

    const { pay } = h.deps.services.forKey("production", key);
    const cheque = (await pay.getCheques({})).items[0]!;
    await h.simFetch("/_sim/cheques/redeem", { method: "POST", body: { chequeId: cheque.chequeId, userId: samId } });
    await user.press(`chq:show:${cheque.chequeId}`);
    const details = user.last()!;
    expect(details.text).toContain(`Redeemed by: “Sam” (id ${samId})`);
    expect(copied(details)).toEqual([cheque.chequeId, String(samId), String(samId)]);
  });

  it("QR codes for an invoice's link and its on-chain payment address, in Russian", async () => {
    const { user, key } = await h.linkedUser({}, { languageCode: "ru" });
    const { pay } = h.deps.services.forKey("production", key);
    const inv = await pay.createInvoice({ clientInvoiceId: "qr-1", priceCurrency: "USDT", priceAmount: "4" });
    const link = inv.links.telegramBotLink ?? inv.links.webLink!;

    await user.send(`/start invoice_${inv.id}`);
    expect(copied(user.last()!)).toEqual([inv.id]);
    await user.pressLabel(/QR-код/);
    const photo = user.last()!;
    expect(scan(photo.photo!.png!)).toBe(link);
    expect(photo.text).toBe(`🧾 Отсканируйте, чтобы оплатить счёт: ${link}`);
    expect(copied(photo)).toEqual([link]);

    await user.press(INVOICE_DATA.networks.build({ invoiceId: inv.id }));
    const network = user.last()!.keyboard!.inline_keyboard[0]![0]!;
    await user.press((network as { callback_data: string }).callback_data);
    const address = user.last()!;
    const shown = copied(address)[0]!;
    expect(address.text).toContain(shown);
    expect(scan(address.photo!.png!)).toBe(shown);
  });
});
