/**
 * Operations both interfaces serve from the catalogue (getRates, getHealth) and the Pay currency list.
 * An unknown fiat or asset code is a 400 `validation_error` naming the parameter. The rates are the
 * same on both interfaces, in each one's shape: a list of `{currency, rate}` on Pay, an object keyed
 * by asset on the Exchange.
 */
import { money } from "../../domain/money.js";
import { CATALOGUE, type CatalogueAsset, type Fiat, FIATS, findAsset, isFiat } from "./catalogue.js";
import { defineHandlers } from "./define.js";
import { problems } from "./problems.js";
import type { World } from "./types.js";

/**
 * Fiat rates set through `POST /_sim/rates`, per world, by `ASSET:FIAT`: a rate in place of the
 * catalogue's, or null for an asset the service quotes no rate for (left out of the reply).
 */
export function rateOverrides(world: World): Map<string, string | null> {
  let overrides = world.modules.get("rates") as Map<string, string | null> | undefined;
  if (overrides === undefined) world.modules.set("rates", (overrides = new Map()));
  return overrides;
}

function fiatRate(world: World, asset: CatalogueAsset, fiat: Fiat): string | null {
  const override = rateOverrides(world).get(`${asset.asset}:${fiat}`);
  return override === undefined ? asset.rates[fiat] : override;
}

/** Places of a rate quoted in an asset rather than a fiat currency. */
const RATE_DECIMALS = 8;

export const marketDataHandlers = defineHandlers({
  // The shape S3's Health model reads: the three lists of components, empty here.
  getHealth: () => ({ status: "ok", info: [], error: [], details: [] }),

  getRates: ({ base, assets }, { api, world }) => {
    // A fiat base uses the catalogue's quote; an asset base (USDT, S3) goes through USD.
    const baseAsset = isFiat(base) ? undefined : findAsset(base);
    if (!isFiat(base) && baseAsset === undefined) throw problems.validation("base", `No rates are quoted in ${base}.`);
    const entries = (assets ?? CATALOGUE.map((a) => a.asset)).map((code) => {
      const entry = findAsset(code);
      if (entry === undefined) throw problems.validation("assets", `Unknown asset ${code}.`);
      return entry;
    });
    const rates = entries.flatMap((a) => {
      const rate = isFiat(base) ? fiatRate(world, a, base) : money.div(a.rates.USD, (baseAsset as CatalogueAsset).rates.USD, RATE_DECIMALS);
      return rate === null ? [] : [{ currency: a.asset, rate }];
    });
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
