import { afterEach, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

it("smoke", async () => {
  h = await Harness.create({ adminIds: [700001] });
  const { user } = await h.linkedUser({ pay: { USDT: "100" } }, { id: 700001 });
  for (const id of [900001, 900002]) h.sim.createAccount({ userId: id });
  await user.send("/mass");
  await user.send("900001,1.5,USDT,hello\n900002,2\n900001,1,USDT");
  console.log(user.texts().slice(-3));
  await user.pressLabel(/USDT/);
  console.log(user.texts().slice(-2));
  await user.pressLabel(/Merge/);
  console.log(user.texts().slice(-3));
  await user.pressLabel(/Notify recipients/);
  console.log(user.texts().slice(-2));
  await user.pressLabel(/Confirm/);
  for (let i = 0; i < 50; i++) { await new Promise((r) => setTimeout(r, 100)); const j = await h.storage.db.selectFrom("mass_jobs").selectAll().where("status", "!=", "discarded").executeTakeFirst(); if (j?.notify_done) break; }
  console.log(user.texts().slice(-6));
  console.log(h.tg.textsIn(900001), h.tg.textsIn(900002));
  console.log(await h.account(900001), await h.account(700001));
  console.log(h.tg.sent.filter((m) => m.document).map((m) => m.document));
  expect(1).toBe(1);
});
