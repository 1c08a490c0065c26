/**
 * Address formats per network, checked before a withdrawal is summarised so that a typo is caught
 * in the chat rather than by the service (or, worse, not at all).
 */
import type { NetworkCode } from "./networks.js";

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const PATTERNS: Record<NetworkCode, RegExp> = {
  // User-friendly (EQ…/UQ…/kQ…/0Q…, 48 base64url characters) or raw (workchain:64 hex).
  TON: /^(?:[EUk0]Q[A-Za-z0-9_-]{46}|-?[0-9]:[0-9a-fA-F]{64})$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BSC: /^0x[0-9a-fA-F]{40}$/,
  TRX: new RegExp(`^T${BASE58}{33}$`),
  BTC: new RegExp(`^(?:bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`),
  SOL: new RegExp(`^${BASE58}{32,44}$`),
};

/** Whether `address` has the format of an address on `network`. */
export function isValidAddress(network: NetworkCode, address: string): boolean {
  return PATTERNS[network].test(address.trim());
}

/** Whether `text` is an address on any supported network. */
export function looksLikeAddress(text: string): boolean {
  const t = text.trim();
  return Object.values(PATTERNS).some((p) => p.test(t));
}
