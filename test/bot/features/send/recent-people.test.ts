/**
 * The people a person paid lately: offered first in /send's recipient step and in the cheque's "who
 * may redeem" step, and "Send again" on a finished transfer. The real bot against the simulator.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEND_DATA } from "../../../../src/bot/features/send/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";
import { Harness } from "../../../helpers/bot-harness.js";
import { payThroughMenu } from "../../../helpers/transfers.js";

type Keyboard = { keyboard?: { text: string }[][] };

describe("recent people", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  const available = async (userId: number) => (await h.account(userId)).pay.USDT?.available ?? "0";
  const transfers = async () => (await h.simRequests("createTransfer")).length;
  /** The reply keyboard of the newest message in the chat that had one. */
  const replyKeyboard = (chatId: number): string[][] => {
    const markups = h.tg
      .callsOf("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === chatId)
      .map((c) => (typeof c.payload.reply_markup === "string" ? JSON.parse(c.payload.reply_markup) : c.payload.reply_markup) as Keyboard | undefined)
      .filter((m) => m?.keyboard !== undefined);
    return (markups.at(-1)?.keyboard ?? []).map((row) => row.map((b) => b.text));
  };

  /** A transfer of `amount` USDT to `to`, confirmed, from the menu. */

  it("/send offers the people paid lately, newest first, each once, and a press on one pays them", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: sam } = await h.createAccount({});
    const { userId: anna } = await h.createAccount({});
    await h.user(sam, { firstName: "Sam" }).send("/start");
    await h.user(anna, { firstName: "Anna" }).send("/start");
    await payThroughMenu(sender.user, sam, "1");
    await payThroughMenu(sender.user, anna, "2");
    await payThroughMenu(sender.user, sam, "3");

    await sender.user.press("menu:send");
    await sender.user.press(SEND_DATA.create.build({}));
    const rows = replyKeyboard(sender.user.id);
    expect(rows[0]).toEqual(["👤 Choose a user"]);
    expect(rows[1]).toEqual([`👤 Sam · ${sam}`, `👤 Anna · ${anna}`]);
    expect(rows.at(-1)).toEqual(["✖️ Cancel"]);

    await sender.user.send(`👤 Anna · ${anna}`);
    expect(sender.user.texts().at(-2)).toBe(`Recipient: “Anna” (id ${anna})`);
    await sender.user.press(pickData("USDT"));
    await sender.user.send("4");
    await sender.user.press("in:skip");
    expect(sender.user.last()!.text).toContain(`To: “Anna” (id ${anna})`);
    await sender.user.press(sender.user.confirmData()!);
    expect(await available(anna)).toBe("6");
    expect(await available(sender.account.userId)).toBe("90");
  });

  it("a newcomer with no transfers gets only Choose a user and Cancel", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "5" } });
    await sender.user.press("menu:send");
    await sender.user.press(SEND_DATA.create.build({}));
    expect(replyKeyboard(sender.user.id)).toEqual([["👤 Choose a user"], ["✖️ Cancel"]]);
  });

  it("Send again on a finished transfer makes one more transfer of the same amount after Confirm, once", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: sam } = await h.createAccount({});
    await payThroughMenu(sender.user, sam, "7.5");
    expect(await transfers()).toBe(1);

    const again = sender.user.buttonData(/Send again/);
    expect(again).toBeDefined();
    await sender.user.press(again!);
    const summary = sender.user.last()!.text;
    expect(summary).toContain(`To: user id ${sam}`);
    expect(summary).toContain("7.5 USDT");
    const confirm = sender.user.confirmData()!;
    await sender.user.press(confirm);
    await sender.user.press(confirm);
    expect(await transfers()).toBe(2);
    expect(await available(sam)).toBe("15");
    expect(await available(sender.account.userId)).toBe("85");
  });

  it("Send again asks for the amount when the balance no longer covers it", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "10" } });
    const { userId: sam } = await h.createAccount({});
    await payThroughMenu(sender.user, sam, "6");
    await sender.user.press(sender.user.buttonData(/Send again/)!);
    expect(sender.user.last()!.text).toMatch(/How much USDT/);
    await sender.user.send("4");
    await sender.user.press(sender.user.confirmData()!);
    expect(await available(sam)).toBe("10");
  });

  it("the cheque's redeem step offers the same people, Choose a user and Skip", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: sam } = await h.createAccount({});
    await h.user(sam, { firstName: "Sam" }).send("/start");
    await payThroughMenu(sender.user, sam, "1");

    await sender.user.send("/cheque_new");
    await sender.user.press(pickData("USDT"));
    await sender.user.send("5");
    await sender.user.press("in:skip");
    expect(replyKeyboard(sender.user.id)).toEqual([["👤 Choose a user"], [`👤 Sam · ${sam}`], ["Skip", "✖️ Cancel"]]);
    await sender.user.send(`👤 Sam · ${sam}`);
    expect(sender.user.last()!.text).toContain(`“Sam” (id ${sam})`);
    await sender.user.press(sender.user.confirmData()!);
    const cheques = await h.simRequests("createCheque");
    expect(cheques.map((r) => (r.body as { target?: string }).target)).toEqual([String(sam)]);
  });

  it("the cheque's Skip button on the reply keyboard leaves it open to anyone with the link", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    await sender.user.send("/cheque_new");
    await sender.user.press(pickData("USDT"));
    await sender.user.send("5");
    await sender.user.press("in:skip");
    await sender.user.send("Skip");
    expect(sender.user.texts()).toContain("Anyone with the cheque’s link may redeem it.");
    await sender.user.press(sender.user.confirmData()!);
    const cheques = await h.simRequests("createCheque");
    expect(cheques).toHaveLength(1);
    expect((cheques[0]!.body as { target?: string }).target).toBeUndefined();
  });
});
