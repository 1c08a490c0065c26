/**
 * The swap as one irreversible action of the shared confirmation step, in up to two steps: the move
 * of the missing part from funding to trading (its own client transfer id, chosen with the summary and
 * kept in the journal's payload) and the order (the operation id as its client order id): a limit at
 * the worst price the summary states, fill or kill, so it never receives less than the summary's "at
 * least" (docs/decisions/031-swap-limit-fill-or-kill.md). Each step is created once (`createOnce`);
 * after a crash or an unknown outcome, reconciliation reads the order back by its id and, when it is
 * not there, reads the move back before sending it, so only the missing step is carried out.
 */
import { InlineKeyboard } from "grammy";
import { z } from "zod";
import type { ExchangeClient } from "../../../service/client.js";
import { formatAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { ServiceRefusedError } from "../../../service/errors.js";
import { createOnce, reconcile } from "../../../service/reconcile.js";
import { AssetCode, Decimal, FINAL_ORDER_STATUSES, Order, Side, SymbolCode } from "../../../service/schemas.js";
import { menu } from "../../menu-data.js";
import type { ActionDefinition, Json } from "../../shared/confirm.js";
import { ORDERS_DATA } from "../orders/callback-data.js";
import { withWorthOf, Worth } from "../../shared/worth.js";
import { netReceived, orderOf } from "./plan.js";

export const SWAP_KIND = "swap";

const ClientId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const market = { symbol: SymbolCode, type: z.literal("market"), timeInForce: z.literal("IOC") };
/** What the person confirmed, read back from the journal. */
export const SwapPayload = z.object({
  from: AssetCode,
  to: AssetCode,
  /** What the person chose to give; a buy spends at most its limit × size of it. */
  amount: Decimal,
  order: z.union([
    z.object({
      symbol: SymbolCode,
      side: Side,
      type: z.literal("limit"),
      timeInForce: z.literal("FOK"),
      size: Decimal,
      price: Decimal,
    }),
    // Market orders: swaps confirmed before the limit order, still in the journal.
    z.object({ ...market, side: z.literal("sell"), size: Decimal }),
    z.object({ ...market, side: z.literal("buy"), funds: Decimal }),
  ]),
  /** The part that comes over from funding first, under its own client id. */
  move: z.object({ id: ClientId, amount: Decimal }).optional(),
  /** What the summary showed the assets worth (the result and the receipt say so). */
  worths: z.array(Worth).optional(),
});
export type SwapPayload = z.infer<typeof SwapPayload>;

/**
 * The move from funding to trading, once: sent under its client id, or, when the action is resumed
 * after a crash or an unknown outcome, first read back by that id and sent only if it is not there.
 */
async function moveOnce(exchange: ExchangeClient, move: { id: string; amount: string }, asset: string, resumed: boolean) {
  const lookup = () => reconcile.balanceTransfer(exchange, move.id);
  const earlier = resumed ? await lookup() : { done: false as const };
  const done = earlier.done
    ? earlier.resource
    : await createOnce({
        send: () =>
          exchange.createBalanceTransfer({
            clientTransferId: move.id,
            asset,
            amount: move.amount,
            from: "funding",
            to: "trading",
          }),
        lookup,
      });
  if (done.status === "failed") {
    // The service recorded the move as failed: the order cannot be paid, and nothing more is sent.
    throw new ServiceRefusedError("createBalanceTransfer", 409, "invalid_state", undefined, { clientTransferId: move.id });
  }
}

const isFinal = (o: Order) => (FINAL_ORDER_STATUSES as readonly string[]).includes(o.status);

/** What the same amount would bring at the prices now, net of the fee: the new figures after a refusal. */
const Requote = z.object({ received: Decimal });

/** A fill-or-kill swap the book did not fill: nothing was exchanged. */
const killed = (p: SwapPayload, o: Order) => p.order.type === "limit" && !money.isPositive(o.dealSize);

/** The result's text when nothing was exchanged, with the figures now when they were read. */
function nothingSwapped(t: Translate, p: SwapPayload, requote: unknown): string {
  const amount = formatAmount(p.amount, p.from);
  if (p.order.type !== "limit") return t("swap-done-nothing", { amount });
  const [base, quote] = p.order.symbol.split("-") as [string, string];
  const lines = [
    t(p.order.side === "sell" ? "swap-done-killed-sell" : "swap-done-killed-buy", {
      worst: formatAmount(p.order.price, quote),
      base,
      amount,
    }),
  ];
  const now = Requote.safeParse(requote);
  if (now.success) lines.push(t("swap-done-requote", { amount, received: formatAmount(now.data.received, p.to) }));
  return lines.join("\n");
}

export const swapAction: ActionDefinition<SwapPayload> = {
  kind: SWAP_KIND,
  idPrefix: "swp",
  async execute({ op, payload, clients, resumed }) {
    const p = SwapPayload.parse(payload);
    if (p.move) await moveOnce(clients.exchange, p.move, p.from, resumed === true);
    const placed = await createOnce({
      send: () => clients.exchange.placeOrder({ clientOrderId: op.id, ...p.order }),
      lookup: () => reconcile.order(clients.exchange, op.id),
    });
    // An IOC or FOK order is final at once; if the reply came before its fills, read it once more.
    const order = isFinal(placed) ? placed : await clients.exchange.getOrder({ clientOrderId: op.id }).catch(() => placed);
    if (!killed(p, order)) return order as unknown as Json;
    // Refused whole because the book moved: the figures now go with the result (best effort).
    const market = orderOf({ symbol: p.order.symbol, side: p.order.side, from: p.from, to: p.to }, p.amount);
    const requote = await clients.exchange
      .estimateOrder(market)
      .then((est) => ({ received: netReceived(market, est, p.to) }))
      .catch(() => undefined);
    return { ...order, ...(requote ? { requote } : {}) } as unknown as Json;
  },
  async reconcile({ op, clients }) {
    // The order is the last step: once it is there, the move before it was done too.
    const found = await reconcile.order(clients.exchange, op.id);
    return found.done ? { done: true, resource: found.resource as unknown as Json } : found;
  },
  describeDone(t, payload, result) {
    const p = SwapPayload.parse(payload);
    const order = Order.safeParse(result);
    const moved = p.move ? `\n${t("swap-done-moved", { amount: formatAmount(p.move.amount, p.from) })}` : "";
    if (!order.success) return t("swap-done-plain") + moved;
    const o = order.data;
    if (!money.isPositive(o.dealSize)) {
      return nothingSwapped(t, p, (result as { requote?: unknown } | null)?.requote) + moved;
    }
    const buy = o.side === "buy";
    const spent = buy ? o.dealFunds : o.dealSize;
    const gross = buy ? o.dealSize : o.dealFunds;
    const received = o.feeAsset === p.to ? money.sub(gross, o.fee) : gross;
    // A buy spends what its fills cost; the rest of the amount stays where the move put it.
    const unspent = money.sub(p.amount, spent);
    return (
      t("swap-done", {
        spent: formatAmount(spent, p.from) + withWorthOf(t, spent, p.from, p.worths),
        received: formatAmount(received, p.to) + withWorthOf(t, received, p.to, p.worths),
        fee: formatAmount(o.fee, o.feeAsset),
      }) +
      moved +
      (money.isPositive(unspent) ? `\n${t("swap-done-unspent", { amount: formatAmount(unspent, p.from) })}` : "")
    );
  },
  doneKeyboard(t, payload, result) {
    const order = Order.safeParse(result);
    const kb = new InlineKeyboard();
    if (order.success && killed(SwapPayload.parse(payload), order.data)) {
      return kb.text(t("swap-again"), menu("swap")).text(t("menu-balances"), menu("balances"));
    }
    const details = order.success ? ORDERS_DATA.show.tryBuild({ orderId: order.data.id }) : undefined;
    if (details !== undefined) kb.text(t("swap-order-details"), details);
    return kb.text(t("menu-balances"), menu("balances"));
  },
};
