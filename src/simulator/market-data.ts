/**
 * Operations both interfaces serve from the catalogue (getRates, getHealth) and the Pay currency list.
 * An unknown fiat or asset code is a 400 `validation_error` naming the parameter. The rates are the
 * same on both interfaces, in each one's shape: a list of `{currency, rate}` on Pay, an object keyed
 * by asset on the Exchange.
 */
import { money } from "../domain/money.js";
import { CATALOGUE, type CatalogueAsset, FIATS, findAsset, isFiat } from "./catalogue.js";
import { defineHandlers } from "./define.js";
import { problems } from "./problems.js";

/** Places of a rate quoted in an asset rather than a fiat currency. */
const RATE_DECIMALS = 8;

export const marketDataHandlers = defineHandlers({
  getHealth: () => ({ status: "ok" }),

  getRates: ({ base, assets }, { api }) => {
    // A fiat base uses the catalogue's quote; an asset base (USDT, S3) goes through USD.
    const baseAsset = isFiat(base) ? undefined : findAsset(base);
    if (!isFiat(base) && baseAsset === undefined) throw problems.validation("base", `No rates are quoted in ${base}.`);
    const entries = (assets ?? CATALOGUE.map((a) => a.asset)).map((code) => {
      const entry = findAsset(code);
      if (entry === undefined) throw problems.validation("assets", `Unknown asset ${code}.`);
      return entry;
    });
    const rates = entries.map((a) => ({
      currency: a.asset,
      rate: isFiat(base) ? a.rates[base] : money.div(a.rates.USD, (baseAsset as CatalogueAsset).rates.USD, RATE_DECIMALS),
    }));
    return api === "pay" ? rates : Object.fromEntries(rates.map(({ currency, rate }) => [currency, { rate }]));
  },

  // The catalogue's assets are crypto; the fiat codes rates are quoted in are listed as fiat.
  getCurrencies: ({ kind }) => [
    ...(kind === "fiat"
      ? []
      : CATALOGUE.map((a) => ({
          code: a.asset,
          title: a.name,
          kind: "crypto",
          precision: a.precision,
          minTransfer: a.pay.minTransfer,
          minCheque: a.pay.minCheque,
          minInvoice: a.pay.minInvoice,
          minWithdrawal: a.networks.map((n) => n.minWithdrawal).reduce((x, y) => money.min(x, y)),
          networks: a.networks.filter((n) => n.withdrawalEnabled).map((n) => ({ code: n.network })),
        }))),
    ...(kind === "crypto" ? [] : FIATS.map((code) => ({ code, title: code, kind: "fiat", networks: [] }))),
  ],
});
