/** The cheques feature's buttons. */
import { callbackData, int, text } from "../../../telegram/callback-data.js";

/** Server ids we put into callback data: `chq:show:` plus the id must fit 64 bytes. */
const chequeId = text("[A-Za-z0-9_.:-]", 54);

export const CHEQUE_DATA = {
  create: callbackData("chq:new"),
  list: callbackData("chq:list"),
  page: callbackData("chq:page", { token: text("[a-z0-9]", 12), page: int(0, 9999) }),
  show: callbackData("chq:show", { chequeId }),
  remove: callbackData("chq:del", { chequeId }),
  describe: callbackData("chq:desc", { chequeId }),
  /** The cheque's link as a QR code picture. */
  qr: callbackData("chq:qr", { chequeId }),
};
