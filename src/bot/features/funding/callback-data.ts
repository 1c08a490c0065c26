/** The funding feature's buttons (the exchange's funding balance: withdrawals and moves). */
import { callbackData, int, text } from "../../../telegram/callback-data.js";

/** The exchange's ids (`fnd:w:` plus the id fits 64 bytes; longer ones get no button). */
const id = text("[A-Za-z0-9_-]", 56);
/** The service numbers its history pages from 1. */
const page = int(1, 99999);

export const FUNDING_DATA = {
  /** Starts a withdrawal from the funding balance. */
  withdraw: callbackData("fnd:new"),
  withdrawalsPage: callbackData("fnd:wp", { page }),
  withdrawal: callbackData("fnd:w", { id }),
  movesPage: callbackData("fnd:tp", { page }),
  move: callbackData("fnd:t", { id }),
};
