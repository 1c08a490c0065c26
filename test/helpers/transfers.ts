/** Reaching the summary of a transfer, for the tests of what happens at and after Confirm. */
import type { Harness, TestUser } from "./bot-harness.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { pickData } from "../../src/bot/shared/input-data.js";

/**
 * A sender with 100 USDT, a fresh recipient account, and the summary of a 10 USDT transfer to it
 * shown (through the menu, no note).
 */
export async function transferSummary(h: Harness) {
  const { user, account } = await h.linkedUser({ pay: { USDT: "100" } });
  const { userId: recipientId } = await h.createAccount({});
  await showTransferSummary(user, recipientId);
  const confirm = user.buttonData(/Confirm/);
  if (!confirm?.startsWith("cf:")) throw new Error(`no Confirm button: ${user.last()?.text}`);
  return { user, senderId: account.userId, recipientId, confirm, opId: confirm.slice(3) };
}

/** Goes from the menu to the summary of a transfer of `amount` USDT to `recipientId`, with `note` or none. */
export async function showTransferSummary(user: TestUser, recipientId: number, amount = "10", note?: string): Promise<void> {
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await user.press(pickData("USDT"));
  await user.send(amount);
  if (note) await user.send(note);
  else await user.press("in:skip");
}

/** A transfer of `amount` USDT to `recipientId` made through the menu and confirmed. */
export async function payThroughMenu(user: TestUser, recipientId: number, amount: string, note?: string): Promise<void> {
  await showTransferSummary(user, recipientId, amount, note);
  await user.press(user.confirmData()!);
}
