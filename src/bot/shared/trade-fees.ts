/**
 * The fee rates a pair charges (maker and taker, as fractions: 0.001 is 0.1 %), as `getTradeFees`
 * gives them (the same rates /fees shows). Summaries work out fees with them where the estimate
 * cannot: the maker fee of a limit order's resting part, a stop order's fee at its price, a swap's floor.
 */
import type { ServiceClients } from "../../service/factory.js";

export interface FeeRates {
  maker: string;
  taker: string;
}

/** The pair's rates, or undefined when the Exchange lists none for it. */
export async function feeRatesOf(exchange: ServiceClients["exchange"], symbol: string): Promise<FeeRates | undefined> {
  const { fees } = await exchange.getTradeFees({ symbols: [symbol] });
  return fees.find((f) => f.symbol === symbol)?.standard;
}
