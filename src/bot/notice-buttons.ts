/**
 * The buttons under notices, built by the codecs of the features that answer them: the notification
 * engine receives this from the composition root and never names a feature's data itself.
 */
import type { NoticeButtons } from "../notifications/notices.js";
import { ALERTS_DATA } from "./features/alerts/callback-data.js";
import { CHEQUE_DATA } from "./features/cheques/callback-data.js";
import { INVOICE_DATA } from "./features/invoices/callback-data.js";
import { ORDERS_DATA } from "./features/orders/callback-data.js";

export const noticeButtons: NoticeButtons = {
  invoice: (invoiceId) => INVOICE_DATA.show.tryBuild({ invoiceId }),
  cheque: (chequeId) => CHEQUE_DATA.show.tryBuild({ chequeId }),
  order: (orderId) => ORDERS_DATA.show.tryBuild({ orderId }),
  alerts: () => ALERTS_DATA.list.build({}),
};
