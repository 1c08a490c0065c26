import { it } from "vitest";
import { createExchangeClient } from "../../src/service/client.js";
import { Harness } from "../helpers/bot-harness.js";
it("peek", async () => {
  const h = await Harness.create();
  const { user, key } = await h.linkedUser({ trading: { USDT: "100000", TONCOIN: "1000", BTC: "1" } }, { languageCode: "ru" });
  const ex = createExchangeClient({ baseUrl: h.sim.baseUrls.exchange, apiKey: key });
  const o = await ex.placeOrder({ clientOrderId: "a1", symbol: "BTC-USDT", side: "buy", type: "market", timeInForce: "IOC", funds: "100" });
  await ex.placeOrder({ clientOrderId: "a2", symbol: "TONCOIN-USDT", side: "sell", type: "limit", timeInForce: "GTC", size: "10", price: "5.1" });
  await user.send("/orders");
  console.log(user.last()!.text, JSON.stringify(user.last()!.keyboard));
  await user.pressLabel(/Показать/);
  console.log(user.last()!.text, JSON.stringify(user.last()!.keyboard));
  await user.press(`ord:show:${o.id}`);
  console.log(user.last()!.text);
  await h.close();
});
