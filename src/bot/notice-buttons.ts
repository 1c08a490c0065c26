/**
 * The buttons under notices, built by the codecs of the features that answer them: the notification
 * engine receives this from the composition root and never names a feature's data itself.
 */
import type { NoticeButtons } from "../notifications/notices.js";
import { callbackData, text } from "../telegram/callback-data.js";
import { ALERTS_DATA } from "./features/alerts/callback-data.js";
import { CHEQUE_DATA } from "./features/cheques/callback-data.js";
import { ORDERS_DATA } from "./features/orders/callback-data.js";

/** The invoices feature's Show button (`inv:show:<id>`), as its handler reads it. */
const invoiceShow = callbackData("inv:show", { invoiceId: text("[A-Za-z0-9_-]", 50) });

export const noticeButtons: NoticeButtons = {
  invoice: (invoiceId) => invoiceShow.tryBuild({ invoiceId }),
  cheque: (chequeId) => CHEQUE_DATA.show.tryBuild({ chequeId }),
  order: (orderId) => ORDERS_DATA.show.tryBuild({ orderId }),
  alerts: () => ALERTS_DATA.list.build({}),
};
