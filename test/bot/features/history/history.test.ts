/**
 * /history end to end: what a person sent and received through the bot, cheques, invoices, moves and
 * the rest, newest first, in pages, narrowed by kind and asset; each entry's receipt with its state now,
 * Share (inline, without ids) and Send again. The real bot against the simulator, Telegram emulated.
 */
import type { InlineQueryResult } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HISTORY_DATA } from "../../../../src/bot/features/history/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { payThroughMenu } from "../../../helpers/transfers.js";

describe("/history", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  const serviceCalls = async () => (await h.simFetch<unknown[]>("/_sim/requests")).length;
  const available = async (userId: number) => (await h.account(userId)).pay.USDT?.available ?? "0";


  let queryId = 0;
  async function inline(user: TestUser, query: string): Promise<InlineQueryResult[]> {
    const id = `q${++queryId}`;
    await h.handle({ inline_query: { id, from: user.from, query, offset: "" } } as never);
    const answer = h.tg.callsOf("answerInlineQuery").find((c) => c.payload.inline_query_id === id);
    return (answer?.payload.results ?? []) as InlineQueryResult[];
  }

  it("shows what was sent to the sender and what was received to the receiver, newest first, without asking the service", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const receiver = await h.linkedUser({}, { id: 2002 });
    await h.user(2002, { firstName: "Sam" }).send("/start");
    await payThroughMenu(sender.user, 2002, "10");
    await payThroughMenu(sender.user, 2002, "2.5");

    const before = await serviceCalls();
    await sender.user.send("/history");
    const mine = sender.user.last()!.text;
    expect(await serviceCalls()).toBe(before);
    expect(mine).toMatch(/^📜 History, page 1/);
    const lines = mine.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^1\. 📤 .* · −2\.5 USDT to “Sam” \(id 2002\)$/);
    expect(lines[1]).toMatch(/^2\. 📤 .* · −10 USDT to “Sam” \(id 2002\)$/);

    await receiver.user.send("/history");
    const theirs = receiver.user.last()!.text.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(theirs).toEqual([
      expect.stringMatching(new RegExp(`^1\\. 📥 .* · \\+2\\.5 USDT from “User${sender.user.id}” \\(id ${sender.user.id}\\)$`)),
      expect.stringMatching(/^2\. 📥 .* · \+10 USDT from /),
    ]);
    expect(await available(2002)).toBe("12.5");
  });

  it("opens a receipt with the state now (one service call), Share and Send again, which pays once more after Confirm", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const { userId: sam } = await h.createAccount({});
    await payThroughMenu(sender.user, sam, "7");
    await sender.user.send("/history");
    const before = await serviceCalls();
    await sender.user.pressLabel(/^1$/);
    expect((await serviceCalls()) - before).toBeLessThanOrEqual(1);
    const receipt = sender.user.last()!.text;
    expect(receipt).toMatch(/^🧾 Receipt\n\n✅ Sent 7 USDT \(≈ US\$7\.00\) to user id \d+/);
    expect(receipt).toMatch(/\nTime: /);
    expect(receipt).toMatch(/\nState now: \w+/);
    const buttons = sender.user.last()!.keyboard!.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(["📣 Share", "🔁 Send again", "« Back"]);
    const share = buttons[0] as { switch_inline_query?: string };
    expect(share.switch_inline_query).toMatch(/^receipt trf-[0-9a-f]{32}$/);

    // The shared receipt says what and when, and carries no id.
    const [result] = await inline(sender.user, share.switch_inline_query!);
    const text = (result as { input_message_content: { message_text: string } }).input_message_content.message_text;
    expect(text).toMatch(/^🧾 A receipt from my xRocket wallet:\n📤 .* · −7 USDT to someone$/);
    expect(text).not.toMatch(/id|trf-/);
    // Nobody else can share it.
    const other = await h.linkedUser({}, { id: 3003 });
    expect(await inline(other.user, share.switch_inline_query!)).toEqual([]);

    await sender.user.pressLabel(/Send again/);
    await sender.user.press(sender.user.confirmData()!);
    expect(await available(sam)).toBe("14");
    expect((await h.simRequests("createTransfer")).length).toBe(2);
  });

  it("a received transfer's receipt says it came through this bot and offers no Send again", async () => {
    const sender = await h.linkedUser({ pay: { USDT: "100" } });
    const receiver = await h.linkedUser({}, { id: 2002 });
    await payThroughMenu(sender.user, 2002, "3");
    await receiver.user.send("/history");
    await receiver.user.pressLabel(/^1$/);
    const receipt = receiver.user.last()!.text;
    expect(receipt).toMatch(/^🧾 Receipt\n\n📥 Received 3 USDT from /);
    expect(receipt).toContain("The sender made this transfer through this bot.");
    expect(receiver.user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(["📣 Share", "« Back"]);
  });

  it("narrows by kind and by asset, and pages ten at a time", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100", TONCOIN: "50" } });
    for (let i = 1; i <= 11; i++) {
      await h.storage.operations.recordDone({
        id: `inv-${String(i).padStart(32, "0")}`,
        telegramId: user.id,
        chatId: user.id,
        kind: "invoice_create",
        network: "production",
        payload: { asset: i % 2 ? "USDT" : "TONCOIN", amount: String(i) },
        result: { id: `I${i}` },
      });
      await new Promise((r) => setTimeout(r, 2));
    }
    await user.send("/cheque_new");
    await user.press(pickData("USDT"));
    await user.send("5");
    await user.press("in:skip");
    await user.send("Skip");
    await user.press(user.confirmData()!);

    await user.send("/history");
    let shown = user.last()!;
    expect(shown.text.split("\n").filter((l) => /^\d+\. /.test(l))).toHaveLength(10);
    expect(shown.text).toMatch(/\n1\. 🎁 .* · cheque of 5 USDT/);
    await user.pressLabel(/Next/);
    shown = user.last()!;
    expect(shown.text).toMatch(/page 2/);
    expect(shown.text.split("\n").filter((l) => /^\d+\. /.test(l))).toEqual([
      expect.stringMatching(/^11\. 🧾 .* · invoice for 2 TONCOIN$/),
      expect.stringMatching(/^12\. 🧾 .* · invoice for 1 USDT$/),
    ]);
    expect(shown.keyboard!.inline_keyboard.flat().map((b) => b.text)).toContain("« Previous");

    await user.pressLabel(/^Kind: Everything$/);
    expect(user.last()!.text).toBe("Which kind of entries?");
    await user.pressLabel(/Cheques/);
    expect(user.last()!.text.split("\n").filter((l) => /^\d+\. /.test(l))).toEqual([expect.stringMatching(/🎁 .* · cheque of 5 USDT$/)]);

    await user.pressLabel(/^Kind: /);
    await user.pressLabel(/Invoices/);
    await user.pressLabel(/^Asset: every asset$/);
    expect(user.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(["every asset", "TONCOIN", "USDT"]);
    await user.pressLabel(/^TONCOIN$/);
    const toncoin = user.last()!.text.split("\n").filter((l) => /^\d+\. /.test(l));
    expect(toncoin).toHaveLength(5);
    expect(toncoin.every((l) => / · invoice for \d+ TONCOIN$/.test(l))).toBe(true);

    await user.send("/history btc");
    expect(user.last()!.text).toBe("Nothing of this kind yet. Change the filter below.");
  });

  it("an invoice made through Receive appears with its state now; another person's entry is not shown to them", async () => {
    const { user } = await h.linkedUser({ pay: { USDT: "100" } });
    await user.send("/receive");
    await user.press("rcv:req");
    await user.press(pickData("USDT"));
    await user.send("25");
    await user.send("/history");
    expect(user.last()!.text).toMatch(/\n1\. 🧾 .* · invoice for 25 USDT$/);
    await user.pressLabel(/^1$/);
    expect(user.last()!.text).toMatch(/🧾 Invoice for 25 USDT made\. Invoice id: \S+/);
    expect(user.last()!.text).toMatch(/State now: active/);

    const other = await h.linkedUser({}, { id: 4004 });
    const entryId = (await h.storage.operations.listHistory(user.id, { own: {}, offset: 0, limit: 1 })).entries[0]!.id;
    const forged = HISTORY_DATA.entry.build({ id: entryId, page: 0, filter: "a", asset: "-" });
    await other.user.send("/history");
    await other.user.press(forged, other.user.last()!.messageId);
    expect(other.user.texts().some((t) => /invoice for 25/.test(t))).toBe(false);
  });
});
