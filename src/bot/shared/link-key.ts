/**
 * The "Link API key" button, under every reply that tells a person to link a key with /connect: the
 * key gate's, a failure's (a key the service refuses or that cannot be read), a refused Confirm's, and
 * the keys feature's own. The keys feature answers it (its KEY_DATA.connect); its codec lives here,
 * like the network switch's, because the replies that need it are made by shared code that knows no
 * feature (docs/decisions/035-connect-button-and-key-replies.md).
 */
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Translate } from "../../domain/translate.js";
import { callbackData } from "../../telegram/callback-data.js";
import type { UserMessage } from "./errors.js";

/** Opens /connect's network question. */
export const LINK_KEY = callbackData("keys:connect");

/** Adds "🔑 Link API key" to `kb` (a new keyboard by default). */
export function addLinkKeyButton(kb: InlineKeyboard, t: Translate): InlineKeyboard {
  return kb.text(t("keys-link"), LINK_KEY.build({}));
}

/** The explanations of a failure that send the person to /connect: no key, or one that no longer works. */
const SAYS_LINK_A_KEY: ReadonlySet<string> = new Set(["error-no-key", "error-unauthorized", "error-key-unreadable"]);

/** The keyboard a failure's explanation carries: the Connect button when it says to link a key. */
export function failureKeyboard(t: Translate, message: Pick<UserMessage, "key">): InlineKeyboardMarkup | undefined {
  return SAYS_LINK_A_KEY.has(message.key) ? addLinkKeyButton(new InlineKeyboard(), t) : undefined;
}
