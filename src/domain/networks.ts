/**
 * The two kinds of network the bot speaks of: the service deployment a key belongs to
 * (production or testnet) and the chains that assets are deposited from and withdrawn to.
 */

import type { Translate } from "./translate.js";

/** The service deployment a key belongs to; each has its own Payments and Exchange origins. */
export type NetworkName = "production" | "testnet";

/**
 * A pair as people read it on `network`: production's as it is, testnet's named as testnet ("BTC-USDT
 * on 🧪 testnet"), so nobody takes testnet prices for real ones. Every market card and alert shows
 * its pair through this.
 */
export function pairOn(t: Translate, pair: string, network: NetworkName | undefined): string {
  return network === "testnet" ? t("network-pair-testnet", { pair }) : pair;
}

/** The chains the service moves assets on (the contract's `Network`). */
export const NETWORK_CODES = ["TON", "BSC", "ETH", "BTC", "TRX", "SOL"] as const;
export type NetworkCode = (typeof NETWORK_CODES)[number];

/**
 * The service's own Telegram bot per deployment, where people deposit into their xRocket Pay wallet
 * and onto the Exchange; its links (`t.me/<bot>?start=…`) name it (docs/decisions/022-dead-ends-and-russian-amounts.md).
 */
export const SERVICE_BOT_USERNAMES: Readonly<Record<NetworkName, string>> = {
  production: "xRocket",
  testnet: "xrocket_testnet_bot",
};

/** Each chain's public block explorer, per deployment (a testnet withdrawal lands on the chain's testnet). */
const EXPLORERS: Readonly<Record<NetworkCode, Record<NetworkName, (hash: string) => string>>> = {
  TON: { production: (h) => `https://tonviewer.com/transaction/${h}`, testnet: (h) => `https://testnet.tonviewer.com/transaction/${h}` },
  BSC: { production: (h) => `https://bscscan.com/tx/${h}`, testnet: (h) => `https://testnet.bscscan.com/tx/${h}` },
  ETH: { production: (h) => `https://etherscan.io/tx/${h}`, testnet: (h) => `https://sepolia.etherscan.io/tx/${h}` },
  BTC: { production: (h) => `https://mempool.space/tx/${h}`, testnet: (h) => `https://mempool.space/testnet/tx/${h}` },
  TRX: { production: (h) => `https://tronscan.org/#/transaction/${h}`, testnet: (h) => `https://nile.tronscan.org/#/transaction/${h}` },
  SOL: { production: (h) => `https://solscan.io/tx/${h}`, testnet: (h) => `https://solscan.io/tx/${h}?cluster=devnet` },
};

/**
 * The explorer page of an on-chain transaction, or undefined for a chain the bot does not know or a
 * hash that is not a plain token (it becomes part of a URL).
 */
export function explorerLink(chain: string, txHash: string, deployment: NetworkName): string | undefined {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(txHash)) return undefined;
  const explorer = (EXPLORERS as Record<string, Record<NetworkName, (hash: string) => string>>)[chain];
  return explorer?.[deployment](txHash);
}
