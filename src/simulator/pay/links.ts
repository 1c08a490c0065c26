/**
 * Links the simulator hands out for cheques, invoices and withdrawal links. They name the network's
 * bot so a person can tell testnet links apart; the web host is a reserved `.invalid` name because
 * no simulated page exists behind it.
 */
import type { World } from "../types.js";

const BOT = { production: "xrocket", testnet: "xrocket_testnet_bot" } as const;

/** A deep link into the network's bot with a start payload. */
export function botLink(world: World, payload: string): string {
  return `https://t.me/${BOT[world.network]}?start=${encodeURIComponent(payload)}`;
}

/** Bot and web links of a payable resource. */
export function paymentLinks(world: World, kind: string, id: string) {
  return {
    telegramBotLink: botLink(world, id),
    webLink: `https://${world.network}.xrocket-sim.invalid/${kind}/${encodeURIComponent(id)}`,
  };
}
