/**
 * Recognises a message that is a service key, so that a key pasted in the wrong place (a group, a
 * flow's prompt, outside the linking step) is deleted at once — by what keys look like, never by mere
 * length, so ids and notes people type are left alone:
 * - the simulator's keys, `xr_live_…` / `xr_test_…` (the simulator's own form: the service publishes
 *   none, and the tokens seen in public code are signed JWTs, `eyJ….eyJ….…`, found by the next rule);
 * - a random token: one unbroken run of 32+ characters mixing letters and digits in the way random
 *   text does (hex, or upper case, lower case and digits), optionally after "Bearer ";
 * - and, by the caller, an exact match of the user's own stored key (`isOwnKey`).
 * Never a key: ids the bot itself shows (client ids `<prefix>-<32 hex>`, mass-transfer row ids, the
 * service's ids), blockchain addresses, links, and text of short segments (`INV-2026-11-000042-ACME`).
 */
import { timingSafeEqual } from "node:crypto";
import { looksLikeAddress } from "./addresses.js";

const SINGLE_TOKEN = /^(?:Bearer\s+)?([A-Za-z0-9_\-:.+/=]{16,300})$/i;
const PREFIXED_KEY = /^xr_(?:live|test)_[A-Za-z0-9_-]{16,}$/;
/** Client ids the bot chooses (newClientId) and shows in transfer details and journals. */
const CLIENT_ID = /^[A-Za-z0-9]{1,6}-[0-9a-f]{32}$/;
const RANDOM_RUN_LENGTH = 32;

/** The single token a message consists of (without a copied "Bearer "), if it is one. */
function tokenOf(text: string): string | undefined {
  return SINGLE_TOKEN.exec(text.trim())?.[1];
}

function looksRandom(run: string): boolean {
  if (run.length < RANDOM_RUN_LENGTH || !/[0-9]/.test(run) || !/[A-Za-z]/.test(run)) return false;
  if (/^[0-9a-f]+$/.test(run) || /^[0-9A-F]+$/.test(run)) return true;
  return /[a-z]/.test(run) && /[A-Z]/.test(run);
}

/** Whether the whole message is a service key by its form (see above). */
export function looksLikeApiKey(text: string): boolean {
  const token = tokenOf(text);
  if (!token) return false;
  if (PREFIXED_KEY.test(token)) return true;
  if (CLIENT_ID.test(token) || looksLikeAddress(token) || /^https?:/i.test(token)) return false;
  // Base64 and base64url keys: the longest run between separators must itself look random.
  return token.split(/[-_:.]/).some(looksRandom);
}

/** Whether the message could be a key at all (a single token): worth comparing with the user's own. */
export function couldBeKey(text: string): boolean {
  return tokenOf(text) !== undefined;
}

/** Whether the message is exactly `key` (compared in constant time; a copied "Bearer " ignored). */
export function isOwnKey(text: string, key: string): boolean {
  const token = Buffer.from(tokenOf(text) ?? "");
  const own = Buffer.from(key);
  return token.length === own.length && timingSafeEqual(token, own);
}

/** Normalises a pasted key: trims spaces and a copied "Bearer " prefix. */
export function cleanPastedKey(text: string): string {
  return text.trim().replace(/^Bearer\s+/i, "");
}
