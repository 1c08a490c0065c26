/**
 * Recognises a message that looks like a service key, so that a key pasted in the wrong place (a
 * group, or outside the linking step) is deleted at once. The key format is not documented, so this
 * errs on the side of deleting: a message that is a single token of 20+ key characters (optionally
 * after "Bearer "), with letters and digits or separators, and is not a blockchain address (addresses
 * are legitimate answers in the withdrawal flow).
 */
import { looksLikeAddress } from "./addresses.js";

const KEY_MESSAGE = /^(?:Bearer\s+)?([A-Za-z0-9_\-:.+/=]{20,300})$/i;

/** Whether the whole message looks like a pasted key (see above). */
export function looksLikeApiKey(text: string): boolean {
  const token = KEY_MESSAGE.exec(text.trim())?.[1];
  if (!token || looksLikeAddress(token) || /^https?:/i.test(token)) return false;
  return /[A-Za-z]/.test(token) && /[0-9_\-:+/=]/.test(token);
}

/** Normalises a pasted key: trims spaces and a copied "Bearer " prefix. */
export function cleanPastedKey(text: string): string {
  return text.trim().replace(/^Bearer\s+/i, "");
}
