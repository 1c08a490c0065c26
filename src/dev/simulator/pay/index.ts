/** The Pay interface's handlers (the shared getRates, getHealth and getCurrencies live in market-data.ts). */
import type { SimHandlers } from "../types.js";
import { appHandlers } from "./app.js";
import { chequeHandlers } from "./cheques.js";
import { invoiceHandlers } from "./invoices.js";
import { transferHandlers } from "./transfers.js";
import { withdrawalHandlers } from "./withdrawals.js";

export { redeemCheque } from "./cheques.js";
export { payInvoice } from "./invoices.js";

export const payHandlers: SimHandlers = {
  ...appHandlers,
  ...chequeHandlers,
  ...transferHandlers,
  ...invoiceHandlers,
  ...withdrawalHandlers,
};
