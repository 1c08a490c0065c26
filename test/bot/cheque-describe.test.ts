/**
 * Changing an active cheque's description from its details (updateCheque): the real bot over the
 * in-process simulator and the fake Telegram.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPayClient } from "../../src/service/client.js";
import { Harness } from "../helpers/bot-harness.js";

describe("cheque description", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  async function testnetUser(pay: Record<string, string> = {}) {
    const linked = await h.linkedUser({ pay }, { network: "testnet" });
    const client = createPayClient({ baseUrl: h.sim.baseUrls.payTestnet, apiKey: linked.key });
    return { ...linked, client };
  }

  it("changes an active cheque's description", async () => {
    const { user, client } = await testnetUser({ USDT: "20" });
    const cheque = await client.createCheque({ asset: "USDT", amount: "2", clientChequeId: "chd1", description: "old" });
    await user.send("/cheques");
    await user.press("chq:list");
    await user.press(`chq:show:${cheque.chequeId}`);
    expect(user.buttonData(/Change description/)).toBe(`chq:desc:${cheque.chequeId}`);
    await user.press(`chq:desc:${cheque.chequeId}`);
    expect(user.last()!.text).toContain("Send the new description of the cheque");
    await user.send("Happy birthday!");
    expect((await client.getCheque({ chequeId: cheque.chequeId })).description).toBe("Happy birthday!");
    expect(user.last()!.text).toContain("✅ Description changed.");
    expect(user.last()!.text).toContain("Happy birthday!");
    expect(await h.simRequests("updateCheque")).toHaveLength(1);
  });
});
