import { expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";

it("smoke", async () => {
  const h = await Harness.create();
  try {
    const { user } = await h.linkedUser({ pay: { USDT: "100", BTC: "0" } });
    await user.send("/cheque_new");
    console.log(JSON.stringify(user.last()));
    await user.press("in:pick:USDT");
    console.log(JSON.stringify(user.last()));
    await user.send("12.5");
    await user.press("in:skip");
    await user.press("in:skip");
    console.log(JSON.stringify(user.last()));
    await user.pressLabel(/Confirm/);
    console.log(JSON.stringify(user.last()));
    console.log(JSON.stringify(await h.account(user.id)));
    await user.send("/cheques");
    await user.press("chq:list");
    console.log(JSON.stringify(user.last()));
    console.log(h.logLines.filter((l) => /warn|error/i.test(l)).join("\n"));
    expect(1).toBe(1);
  } finally {
    await h.close();
  }
});
