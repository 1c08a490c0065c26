/**
 * The two irreversible trading actions behind the shared confirmation step: placing an order (the
 * operation id is its clientOrderId, so it is placed once however often Confirm is pressed or the
 * request retried) and cancelling one (no client id: the order's own status is the proof).
 */
import type { InlineKeyboardMarkup } from "grammy/types";
import { z } from "zod";
import type { Translate } from "../../../domain/translate.js";
import { outcomeMayBeApplied, ServiceRefusedError } from "../../../service/errors.js";
import { createOnce, type Reconciled, reconcile } from "../../../service/reconcile.js";
import { Decimal, Order, Side, SymbolCode } from "../../../service/schemas.js";
import type { ActionDefinition, Json } from "../../shared/confirm.js";
import { keptWorths, type Worth } from "../../shared/worth.js";
import { cancelledKeyboard, cancelledText, isCancellable, placedKeyboard, placedText } from "./view.js";

export const ORDER_KIND = "order";
export const CANCEL_KIND = "order_cancel";

const common = { symbol: SymbolCode, side: Side };
/**
 * What the user confirmed: the terms the bot proposes (market and stop-market IOC, limit and
 * stop-limit GTC); re-read from the journal.
 */
export const OrderPayload = z.union([
  z.object({
    ...common,
    type: z.literal("limit"),
    timeInForce: z.literal("GTC"),
    size: Decimal,
    price: Decimal,
  }),
  z.object({ ...common, type: z.literal("market"), timeInForce: z.literal("IOC"), size: Decimal }),
  z.object({ ...common, type: z.literal("market"), timeInForce: z.literal("IOC"), funds: Decimal }),
  z.object({
    ...common,
    type: z.literal("stopLimit"),
    timeInForce: z.literal("GTC"),
    size: Decimal,
    price: Decimal,
    stopPrice: Decimal,
  }),
  z.object({
    ...common,
    type: z.literal("stopMarket"),
    timeInForce: z.literal("IOC"),
    size: Decimal,
    stopPrice: Decimal,
  }),
]);
export type OrderPayload = z.infer<typeof OrderPayload>;

export const CancelPayload = z.object({ orderId: z.string().min(1), symbol: SymbolCode });
export type CancelPayload = z.infer<typeof CancelPayload>;

/** The journal keeps results as JSON; read one back as an order (or nothing if it is not one). */
function asOrder(result: Json): Order | undefined {
  const parsed = Order.safeParse(result);
  return parsed.success ? parsed.data : undefined;
}
const asJson = (order: Order): Json => order as unknown as Json;
const found = (r: Reconciled<Order>): Reconciled<Json> =>
  r.done ? { done: true, resource: asJson(r.resource) } : r;

/** describeDone and doneKeyboard from the order in the result; `plainKey` if the result is not one. */
function outcome(
  text: (t: Translate, o: Order, worths: readonly Worth[]) => string,
  keyboard: (t: Translate, o: Order) => InlineKeyboardMarkup,
  plainKey: string,
): Pick<ActionDefinition, "describeDone" | "doneKeyboard"> {
  return {
    describeDone(t, payload, result) {
      const order = asOrder(result);
      return order ? text(t, order, keptWorths(payload as { worths?: unknown })) : t(plainKey);
    },
    doneKeyboard(t, _payload, result) {
      const order = asOrder(result);
      return order ? keyboard(t, order) : undefined;
    },
  };
}

/** Places the order with the operation id as its clientOrderId, once; a lost reply is read back by it. */
export const placeOrderAction: ActionDefinition<OrderPayload> = {
  kind: ORDER_KIND,
  idPrefix: "trd",
  async execute({ op, payload, clients }) {
    // Parsing keeps the terms only (the worths the summary showed stay in the journal).
    const terms = OrderPayload.parse(payload);
    const order = await createOnce({
      send: () => clients.exchange.placeOrder({ clientOrderId: op.id, ...terms }),
      lookup: () => reconcile.order(clients.exchange, op.id),
    });
    return asJson(order);
  },
  async reconcile({ op, clients }) {
    return found(await reconcile.order(clients.exchange, op.id));
  },
  ...outcome(placedText, placedKeyboard, "trade-done-plain"),
};

const isInvalidState = (err: unknown) =>
  err instanceof ServiceRefusedError && (err.reason === "invalid_state" || err.status === 409);

/**
 * Cancels an active order. After a 409 (the order reached a final status meanwhile) or an unknown
 * outcome the order is read: cancelled means done; still active after an unknown outcome means the
 * cancel did not land, and cancelling an active order again is harmless; any other final status
 * (filled meanwhile) is a refusal.
 */
export const cancelOrderAction: ActionDefinition<CancelPayload> = {
  kind: CANCEL_KIND,
  idPrefix: "trdcx",
  // "Cancel" under "Cancel this order?" would mean keeping it.
  confirmWords: { yes: "trade-cancel-yes", no: "trade-cancel-keep", declined: "trade-cancel-kept" },
  async execute({ payload, clients }) {
    const { orderId } = CancelPayload.parse(payload);
    // The cancel answers only the ids it cancelled; the order is read for the summary when it can be.
    const cancelThenRead = async (): Promise<Json> => {
      const reply = await clients.exchange.cancelOrder({ orderId });
      try {
        return asJson(await clients.exchange.getOrder({ orderId }));
      } catch {
        return reply as unknown as Json;
      }
    };
    try {
      return await cancelThenRead();
    } catch (err) {
      if (!isInvalidState(err) && !outcomeMayBeApplied(err)) throw err;
      const current = await clients.exchange.getOrder({ orderId });
      if (current.status === "cancelled") return asJson(current);
      if (isCancellable(current) && outcomeMayBeApplied(err)) {
        return await cancelThenRead();
      }
      if (isInvalidState(err)) throw err;
      // The order finished otherwise (filled) while our cancel was in flight: nothing was cancelled.
      throw new ServiceRefusedError("cancelOrder", 409, "invalid_state", undefined, {
        orderId,
        status: current.status,
      });
    }
  },
  async reconcile({ payload, clients }) {
    const { orderId } = CancelPayload.parse(payload);
    const current = await clients.exchange.getOrder({ orderId });
    return current.status === "cancelled" ? { done: true, resource: asJson(current) } : { done: false };
  },
  ...outcome(cancelledText, cancelledKeyboard, "trade-cancel-done"),
};
