/** The shared input steps' buttons: Cancel and Skip under a prompt, and a choice among options. */
import { callbackData, text } from "../../telegram/callback-data.js";

/**
 * A choice's value: an asset, a pair (`BTC-USDT`), a network, a word (`buy`, `fundingToTrading`), a
 * number of seconds, a price, or a value a step marks as its own (`amt:max`, `p:BTC-USDT`).
 */
const value = text("[A-Za-z0-9_.:-]", 50);

export const INPUT_DATA = {
  cancel: callbackData("in:cancel"),
  skip: callbackData("in:skip"),
  pick: callbackData("in:pick", { value }),
};

/** The data of a choice button; a value that would not read back is a mistake in the step that offers it. */
export function pickData(value: string): string {
  const data = INPUT_DATA.pick.tryBuild({ value });
  if (data === undefined) throw new Error(`choice value ${JSON.stringify(value)} does not fit a button's data`);
  return data;
}
