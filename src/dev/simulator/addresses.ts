/**
 * Shape checks of blockchain addresses per network: the simulator refuses what the real chains would
 * never accept, so the bot's own address validation can be tested against it.
 */
import type { Network } from "./catalogue.js";

const BASE58 = "1-9A-HJ-NP-Za-km-z";

const PATTERNS: Record<Network, readonly RegExp[]> = {
  // User-friendly (bounceable EQ / non-bounceable UQ, and their testnet forms) or raw workchain:hash.
  TON: [/^(EQ|UQ|kQ|0Q)[A-Za-z0-9_+/-]{46}$/, /^(0|-1):[0-9a-fA-F]{64}$/],
  ETH: [/^0x[0-9a-fA-F]{40}$/],
  BSC: [/^0x[0-9a-fA-F]{40}$/],
  TRX: [new RegExp(`^T[${BASE58}]{33}$`)],
  BTC: [/^bc1[ac-hj-np-z02-9]{8,87}$/, new RegExp(`^[13][${BASE58}]{25,34}$`)],
  SOL: [new RegExp(`^[${BASE58}]{32,44}$`)],
};

/** Whether `address` has the shape of an address on `network`. */
export function isValidAddress(network: Network, address: string): boolean {
  return PATTERNS[network].some((p) => p.test(address));
}
