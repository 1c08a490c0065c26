/**
 * Key detection in flows: ids and notes people type reach their flow; a real key pasted anywhere is
 * deleted (by its form, or because it is exactly the user's own stored key).
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";
import { SEND_DATA } from "../../../../src/bot/features/send/callback-data.js";
import { pickData } from "../../../../src/bot/shared/input-data.js";

let h: Harness;
beforeEach(async () => {
  h = await Harness.create();
});
afterEach(async () => {
  await h.close();
});

const KEY_WARNING = /looked like an API key/;

it("takes a client id typed into Find for a lookup, not for a key", async () => {
  const { user } = await h.linkedUser({ pay: { USDT: "100" } });
  const { userId: recipientId } = await h.createAccount({});
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await user.press(pickData("USDT"));
  await user.send("5");
  await user.press("in:skip");
  const clientId = user.buttonData(/Confirm/)!.slice(3);
  await user.pressLabel(/Confirm/);
  await user.send("/send");
  await user.press(SEND_DATA.find.build({}));
  const deletedBefore = h.tg.deleted.length;
  await user.send(clientId);
  expect(h.tg.deleted.length).toBe(deletedBefore);
  expect(user.texts().some((t) => KEY_WARNING.test(t))).toBe(false);
  // The Find flow answered it (a lookup or its own explanation), not the key guard.
  expect(user.last()?.text).toMatch(/transfer/i);
});

it("keeps a note like INV-2026-11-000042-ACME in the transfer summary", async () => {
  const { user } = await h.linkedUser({ pay: { USDT: "100" } });
  const { userId: recipientId } = await h.createAccount({});
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await user.press(pickData("USDT"));
  await user.send("5");
  await user.send("INV-2026-11-000042-ACME");
  expect(h.tg.deleted.filter((d) => d.chatId === user.id)).toHaveLength(1); // only the linking message
  expect(user.last()?.text).toContain("Note:\n│ INV-2026-11-000042-ACME");
});

it("deletes a real key pasted at a flow's prompt, and the flow never sees it", async () => {
  const { user, key } = await h.linkedUser({ pay: { USDT: "100" } });
  const { userId: recipientId } = await h.createAccount({});
  await user.press("menu:send");
  await user.press(SEND_DATA.create.build({}));
  await user.send(String(recipientId));
  await user.press(pickData("USDT"));
  await user.send("5");
  const deletedBefore = h.tg.deleted.length;
  await user.send(key);
  expect(h.tg.deleted.length).toBe(deletedBefore + 1);
  expect(user.last()?.text).toMatch(KEY_WARNING);
  expect(user.texts().some((t) => t.includes(key))).toBe(false);
  const state = await h.storage.db.selectFrom("kv").select("value").execute();
  expect(state.some((r) => r.value.includes(key))).toBe(false);
});

it("deletes the user's own key in any form, even one no pattern knows", async () => {
  const ownKey = "Plain-words-key-2026";
  const account = await h.createAccount({ keys: { production: ownKey } } as never);
  const user = h.user(account.userId);
  await user.send("/start");
  await user.send("/connect");
  await user.press("keys:net:production");
  await user.send(ownKey);
  expect(user.last()?.text).toMatch(/✅/);
  const deletedBefore = h.tg.deleted.length;
  await user.send(ownKey);
  expect(h.tg.deleted.length).toBe(deletedBefore + 1);
  expect(user.last()?.text).toMatch(KEY_WARNING);
  // The same text from someone else is just text.
  const other = h.user(987654);
  await other.send(ownKey);
  expect(h.tg.deleted.length).toBe(deletedBefore + 1);
});
