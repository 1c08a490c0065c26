/**
 * Links the simulator hands out for cheques, invoices and withdrawal links, and their reading back.
 * They name the network's bot so a person can tell testnet links apart; the web host is a reserved
 * `.invalid` name because no simulated page exists behind it (the playground opens such a link as it
 * opens the Telegram one).
 */
import { SERVICE_BOT_USERNAMES } from "../../../domain/networks.js";
import type { SimNetwork, World } from "../types.js";

/** The service's own bot per network, as its deep links name it (Telegram usernames ignore case). */
export const SERVICE_BOTS: Readonly<Record<SimNetwork, string>> = {
  production: SERVICE_BOT_USERNAMES.production.toLowerCase(),
  testnet: SERVICE_BOT_USERNAMES.testnet.toLowerCase(),
};

const WEB_HOST = /^(production|testnet)\.xrocket-sim\.invalid$/;

/** A deep link into the network's bot with a start payload. */
export function botLink(world: World, payload: string): string {
  return `https://t.me/${SERVICE_BOTS[world.network]}?start=${encodeURIComponent(payload)}`;
}

/** Bot and web links of a payable resource. */
export function paymentLinks(world: World, kind: string, id: string) {
  return {
    telegramBotLink: botLink(world, id),
    webLink: `https://${world.network}.xrocket-sim.invalid/${kind}/${encodeURIComponent(id)}`,
  };
}

/**
 * The network and start payload ("" for none) of a link into the service's bot (`t.me/xrocket…`,
 * its Mini App path included) or of one of the simulator's web links (the resource id is the
 * payload); undefined for any other link.
 */
export function readServiceLink(link: string): { network: SimNetwork; payload: string } | undefined {
  if (!URL.canParse(link)) return undefined;
  const url = new URL(link);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const web = WEB_HOST.exec(url.hostname);
  if (web) {
    const id = /^\/[a-z-]+\/([^/]+)$/.exec(url.pathname)?.[1];
    return id === undefined ? undefined : { network: web[1] as SimNetwork, payload: decodeURIComponent(id) };
  }
  if (url.hostname !== "t.me") return undefined;
  const bot = url.pathname.split("/")[1]?.toLowerCase();
  const network = (Object.keys(SERVICE_BOTS) as SimNetwork[]).find((n) => SERVICE_BOTS[n] === bot);
  if (network === undefined) return undefined;
  return { network, payload: url.searchParams.get("start") ?? url.searchParams.get("startapp") ?? "" };
}
