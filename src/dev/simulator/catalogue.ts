/**
 * The simulator's seeded asset catalogue, shared by the Pay and Exchange interfaces so both agree on
 * precision, networks, withdrawal limits and fiat prices. All amounts are decimal strings.
 */
import type { z } from "zod";
import type { Network as NetworkSchema, TransferDirection } from "../../service/schemas.js";

export type Network = z.infer<typeof NetworkSchema>;
export type Fiat = "USD" | "EUR" | "RUB";
export const FIATS: readonly Fiat[] = ["USD", "EUR", "RUB"];

/** Withdrawal terms of an asset on one network; the fee is charged in the asset itself, on top of the amount. */
export interface CatalogueNetwork {
  network: Network;
  withdrawalEnabled: boolean;
  depositEnabled: boolean;
  minWithdrawal: string;
  maxWithdrawal: string;
  fee: string;
}

export interface CatalogueAsset {
  asset: string;
  name: string;
  /** Decimal places an amount may have, on both interfaces. */
  precision: number;
  networks: readonly CatalogueNetwork[];
  /** Price of one unit per fiat currency. */
  rates: Readonly<Record<Fiat, string>>;
  /** Pay minimums per kind of operation. */
  pay: { minTransfer: string; minCheque: string; minInvoice: string };
  /** The moves between the Exchange funding and trading balances the asset allows. */
  availableTransfers: readonly TransferDirection[];
}

/** Every asset of the catalogue moves both ways. */
const BOTH_WAYS: readonly TransferDirection[] = ["fundingToTrading", "tradingToFunding"];

const net = (
  network: Network,
  minWithdrawal: string,
  maxWithdrawal: string,
  fee: string,
): CatalogueNetwork => ({
  network,
  withdrawalEnabled: true,
  depositEnabled: true,
  minWithdrawal,
  maxWithdrawal,
  fee,
});

export const CATALOGUE: readonly CatalogueAsset[] = [
  {
    asset: "USDT",
    name: "Tether USD",
    precision: 6,
    networks: [
      net("TON", "1", "100000", "0.2"),
      net("TRX", "5", "100000", "1"),
      net("ETH", "20", "100000", "5"),
      net("BSC", "5", "100000", "0.3"),
      net("SOL", "2", "100000", "0.5"),
    ],
    rates: { USD: "1", EUR: "0.92", RUB: "92.5" },
    pay: { minTransfer: "0.01", minCheque: "0.1", minInvoice: "0.1" },
    availableTransfers: BOTH_WAYS,
  },
  {
    asset: "TONCOIN",
    name: "Toncoin",
    precision: 9,
    networks: [net("TON", "0.1", "50000", "0.02")],
    rates: { USD: "5.2", EUR: "4.78", RUB: "481" },
    pay: { minTransfer: "0.001", minCheque: "0.01", minInvoice: "0.01" },
    availableTransfers: BOTH_WAYS,
  },
  {
    asset: "BTC",
    name: "Bitcoin",
    precision: 8,
    networks: [net("BTC", "0.0001", "10", "0.00005")],
    rates: { USD: "65000", EUR: "59800", RUB: "6012500" },
    pay: { minTransfer: "0.000001", minCheque: "0.00001", minInvoice: "0.00001" },
    availableTransfers: BOTH_WAYS,
  },
  {
    asset: "ETH",
    name: "Ether",
    precision: 8,
    networks: [net("ETH", "0.005", "200", "0.001"), net("BSC", "0.002", "200", "0.0002")],
    rates: { USD: "3200", EUR: "2944", RUB: "296000" },
    pay: { minTransfer: "0.00001", minCheque: "0.0001", minInvoice: "0.0001" },
    availableTransfers: BOTH_WAYS,
  },
  {
    asset: "TRX",
    name: "TRON",
    precision: 6,
    networks: [net("TRX", "10", "1000000", "1")],
    rates: { USD: "0.12", EUR: "0.11", RUB: "11.1" },
    pay: { minTransfer: "0.1", minCheque: "1", minInvoice: "1" },
    availableTransfers: BOTH_WAYS,
  },
  {
    asset: "SOL",
    name: "Solana",
    precision: 9,
    networks: [net("SOL", "0.05", "5000", "0.005")],
    rates: { USD: "150", EUR: "138", RUB: "13875" },
    pay: { minTransfer: "0.0001", minCheque: "0.001", minInvoice: "0.001" },
    availableTransfers: BOTH_WAYS,
  },
];

const byCode = new Map(CATALOGUE.map((a) => [a.asset, a]));

/** The catalogue entry of an asset code, or undefined. */
export function findAsset(code: string): CatalogueAsset | undefined {
  return byCode.get(code);
}

/** The withdrawal terms of an asset on a network, or undefined when the asset does not move there. */
export function findNetwork(code: string, network: string): CatalogueNetwork | undefined {
  return byCode.get(code)?.networks.find((n) => n.network === network);
}

/** Whether a fiat code has rates in the catalogue. */
export function isFiat(code: string): code is Fiat {
  return (FIATS as readonly string[]).includes(code);
}
