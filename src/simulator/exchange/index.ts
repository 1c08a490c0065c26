import type { SimHandlers } from "../types.js";
export const exchangeHandlers: SimHandlers = {};
