/** The invoices feature's buttons. */
import { callbackData, int, text } from "../../../telegram/callback-data.js";

/** The service's invoice ids (`inv:show:` plus the id fits 64 bytes). */
const invoiceId = text("[A-Za-z0-9_-]", 50);

export const INVOICE_DATA = {
  create: callbackData("inv:new"),
  list: callbackData("inv:list"),
  /** A page of the list (cursor pages kept per user; the index only). */
  page: callbackData("inv:page", { page: int(0, 9999) }),
  /** The details; the notices about an invoice carry this one too (src/bot/notice-buttons.ts). */
  show: callbackData("inv:show", { invoiceId }),
  remove: callbackData("inv:del", { invoiceId }),
  /** Testnet only: pays the invoice with test money. */
  pay: callbackData("inv:pay", { invoiceId }),
  /** The networks it can be paid on chain. */
  networks: callbackData("inv:net", { invoiceId }),
  qr: callbackData("inv:qr", { invoiceId }),
  /** An address to pay it on chain on one network. */
  address: callbackData("ia", { network: text("[A-Z]", 5, 2), invoiceId }),
};
