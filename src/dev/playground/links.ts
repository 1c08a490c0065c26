/**
 * Where a link in a chat leads, as Telegram would open it: into this bot (the chosen person's chat
 * with `/start <payload>`), into the service's own bot or onto its web page (the simulator does what
 * that bot does), Telegram's share dialog (the chosen person receives the link and opens it), an
 * address that exists only in the simulator, or anywhere else (a new browser tab).
 */
import type { ServiceLinkView } from "../simulator/pay/service-bot.js";

export type LinkTarget =
  | { kind: "bot"; payload: string }
  | { kind: "service"; view: ServiceLinkView }
  | { kind: "simulated" }
  | { kind: "outside" };

export interface DescribedLink {
  /** The link to open: the shared one for a share link. */
  url: string;
  /** Whether it came through Telegram's share dialog. */
  share: boolean;
  target: LinkTarget;
}

/** Telegram's start payloads: letters, digits, `_` and `-`, at most 64. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{0,64}$/;
const SIMULATED_HOST = /(^|\.)xrocket-sim\.invalid$/;

/** The link inside a Telegram share link (`t.me/share/url?url=…`), or undefined for any other. */
export function sharedLink(link: string): string | undefined {
  const url = new URL(link);
  if (url.hostname !== "t.me" || url.pathname !== "/share/url") return undefined;
  const inner = url.searchParams.get("url");
  return inner && URL.canParse(inner) ? inner : undefined;
}

/** The start payload ("" for none) of a link to this bot, or undefined for any other link. */
export function startPayloadFor(link: string, botUsername: string): string | undefined {
  const url = new URL(link);
  if (url.hostname !== "t.me" || url.pathname.toLowerCase() !== `/${botUsername.toLowerCase()}`) return undefined;
  const start = url.searchParams.get("start") ?? "";
  return START_PAYLOAD.test(start) ? start : undefined;
}

/**
 * Describes a link; `serviceView` asks the simulator about links of the service's bot (undefined
 * for a link that is not one).
 */
export async function describeLink(
  link: string,
  botUsername: string,
  serviceView: (link: string) => Promise<ServiceLinkView | undefined>,
): Promise<DescribedLink> {
  const inner = sharedLink(link);
  const url = inner ?? link;
  const share = inner !== undefined;
  const payload = startPayloadFor(url, botUsername);
  if (payload !== undefined) return { url, share, target: { kind: "bot", payload } };
  const view = await serviceView(url);
  if (view !== undefined) return { url, share, target: { kind: "service", view } };
  if (SIMULATED_HOST.test(new URL(url).hostname)) return { url, share, target: { kind: "simulated" } };
  return { url, share, target: { kind: "outside" } };
}
