/**
 * Recognises text that looks like a service key, so that a key pasted in the wrong place (a group, or
 * outside the linking step) is deleted at once. Key format is not documented, so this errs on the
 * side of deleting: one token of 20+ key characters mixing letters and digits that is not a
 * blockchain address (addresses are legitimate answers in the withdrawal flow).
 */
import { looksLikeAddress } from "./addresses.js";

const KEY_TOKEN = /(?:^|\s)([A-Za-z0-9_\-:.]{20,200})(?:\s|$)/;

export function looksLikeApiKey(text: string): boolean {
  const match = KEY_TOKEN.exec(text.trim());
  if (!match?.[1]) return false;
  const token = match[1];
  if (looksLikeAddress(token)) return false;
  return /[0-9]/.test(token) && /[A-Za-z]/.test(token) && !/^https?:/.test(token);
}

/** Normalises a pasted key: trims spaces and a copied "Bearer " prefix. */
export function cleanPastedKey(text: string): string {
  return text.trim().replace(/^Bearer\s+/i, "");
}
