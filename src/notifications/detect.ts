/**
 * The change detector's rules, without storage: what of an object is remembered, whether it can still
 * change, and which notices a change from one remembered state to the next deserves. Each notice has
 * an id naming the change itself, so the same change seen twice (by polling, a callback or a stream)
 * yields the same id and is stored, and announced, once.
 */
import { money } from "../domain/money.js";
import type { NetworkName } from "../domain/networks.js";
import { type Cheque, type Invoice, type InvoicePayer, type InvoicePayment, type Order, paymentPayer } from "../service/schemas.js";

export const WATCH_KINDS = ["invoice", "cheque", "order"] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** Remembered fields of an object: plain JSON, compared as text. */
export type ObjectState = Record<string, string | boolean | null>;

/** What a notice shows; rendered in the user's language when it is sent. */
export type NoticePayload =
  // `payers` as the invoice's payments name them (read when the notice is made; empty when they name none).
  | { type: "invoice-paid"; invoiceId: string; asset: string; amount: string; payers?: InvoicePayer[] }
  | { type: "invoice-expired"; invoiceId: string; asset: string; amount: string }
  // One payment towards an invoice that takes several: the `index`-th of its `of` payments.
  | {
      type: "invoice-payment";
      invoiceId: string;
      paymentId: string;
      asset: string;
      amount: string;
      payer: InvoicePayer | null;
      index: number;
      of: number;
    }
  | { type: "cheque-redeemed"; chequeId: string; asset: string | null; amount: string | null }
  // A transfer another person of this bot made to this one (their journal row; the service lists none).
  | { type: "transfer-received"; senderId: number; asset: string; amount: string; description?: string }
  | {
      type: "order-partly-filled" | "order-filled" | "order-cancelled" | "order-stop-triggered";
      orderId: string;
      symbol: string;
      side: string;
      dealSize: string;
      size: string | null;
      price: string | null;
      remark: string | null;
    }
  | {
      type: "price-alert";
      alertId: string;
      symbol: string;
      /** The network the alert watches; absent in notices queued before it was recorded. */
      network?: NetworkName;
      direction: "above" | "below";
      price: string;
      last: string;
      repeat: boolean;
    };

export interface NoticeDraft {
  id: string;
  payload: NoticePayload;
}

export type Watched =
  // `payments`: the finalized payments of an invoice that takes several, when they were read with it.
  | { kind: "invoice"; object: Invoice; payments?: readonly InvoicePayment[] }
  | { kind: "cheque"; object: Cheque }
  | { kind: "order"; object: Order };

/** The object's id. */
export function objectId(w: Watched): string {
  if (w.kind === "invoice") return w.object.id;
  if (w.kind === "cheque") return w.object.chequeId;
  return w.object.id;
}

/** Whether an invoice closes only after several payments (then each one is announced). */
export function takesSeveralPayments(invoice: Invoice): boolean {
  return (invoice.numPayments ?? 1) > 1;
}

/** Payments that are final (the service fills `finalizedAt`) and not a failure, in the order they were made. */
export function finalizedPayments(payments: readonly InvoicePayment[]): InvoicePayment[] {
  return payments
    .filter((p) => p.finalizedAt !== null && !/fail|cancel|reject|expire/i.test(p.status))
    .sort((a, b) => (a.finalizedAt ?? "").localeCompare(b.finalizedAt ?? "") || a.id.localeCompare(b.id));
}

/**
 * What is remembered of an object. An invoice that takes several payments also remembers how many of
 * them were final when last read (`payments`), so each later one is announced once.
 */
export function stateOf(w: Watched): ObjectState {
  if (w.kind === "invoice") {
    return w.payments === undefined
      ? { status: w.object.status }
      : { status: w.object.status, payments: String(finalizedPayments(w.payments).length) };
  }
  if (w.kind === "cheque") return { state: w.object.state };
  return {
    status: w.object.status,
    dealSize: money.normalise(w.object.dealSize),
    stopTriggered: w.object.stopTriggered ?? false,
  };
}

/** Whether the object may still change (closed objects are no longer polled). */
export function isOpen(w: Watched): boolean {
  if (w.kind === "invoice") return w.object.status === "active";
  if (w.kind === "cheque") return w.object.state === "active" && !w.object.deleted;
  return ["working", "pending", "sending"].includes(w.object.status);
}

/** The state a newly created object starts in: the baseline for objects first seen after their creation. */
export function initialState(w: Watched): ObjectState {
  if (w.kind === "invoice") return takesSeveralPayments(w.object) ? { status: "active", payments: "0" } : { status: "active" };
  if (w.kind === "cheque") return { state: "active" };
  return { status: "working", dealSize: "0", stopTriggered: false };
}

/** The notices owed for going from `before` to the object's current state (none when nothing changed). */
export function noticesFor(before: ObjectState, w: Watched): NoticeDraft[] {
  const after = stateOf(w);
  const id = objectId(w);
  const out: NoticeDraft[] = [];
  if (w.kind === "invoice") {
    const inv = w.object;
    // The price as the invoice states it (a fixed price, or the minimum payment).
    const asset = inv.priceCurrency ?? "";
    const amount = inv.priceAmount ?? inv.minPayment ?? "0";
    // Payments announced one by one while the invoice waits for more; the last one closes it and is
    // told by the paid notice (which names every payer). A state remembered before payments were
    // counted (no `payments`) is only brought up to date.
    if (w.payments !== undefined && after.status === "active" && before.payments !== undefined) {
      const finalized = finalizedPayments(w.payments);
      for (let i = Number(before.payments); i < finalized.length; i++) {
        const p = finalized[i] as InvoicePayment;
        out.push({
          id: `invoice:${id}:payment:${p.id}`,
          payload: {
            type: "invoice-payment",
            invoiceId: id,
            paymentId: p.id,
            asset: p.payCurrency,
            amount: money.normalise(p.payAmount),
            payer: paymentPayer(p) ?? null,
            index: i + 1,
            of: inv.numPayments ?? finalized.length,
          },
        });
      }
    }
    if (before.status !== after.status) {
      if (after.status === "paid") {
        out.push({
          id: `invoice:${id}:paid`,
          payload: { type: "invoice-paid", invoiceId: id, asset, amount, payers: [] },
        });
      } else if (after.status === "expired") {
        out.push({
          id: `invoice:${id}:expired`,
          payload: { type: "invoice-expired", invoiceId: id, asset, amount },
        });
      }
    }
    return out;
  }
  if (w.kind === "cheque") {
    // "completed" is the real vocabulary for a redeemed cheque; a deleted one is cancelled, not redeemed.
    if (before.state !== after.state && (after.state === "completed" || after.state === "redeemed") && !w.object.deleted) {
      const c = w.object;
      out.push({
        id: `cheque:${id}:redeemed`,
        payload: { type: "cheque-redeemed", chequeId: id, asset: c.asset, amount: c.amount },
      });
    }
    return out;
  }
  const o = w.object;
  const order = (type: Extract<NoticePayload, { orderId: string }>["type"]) => ({
    type,
    orderId: id,
    symbol: o.symbol,
    side: o.side,
    dealSize: money.normalise(o.dealSize),
    size: o.size ?? null,
    price: o.price ?? null,
    remark: o.remark ?? null,
  });
  if (before.stopTriggered !== true && after.stopTriggered === true) {
    out.push({ id: `order:${id}:stop`, payload: order("order-stop-triggered") });
  }
  const grew = money.gt(String(after.dealSize), String(before.dealSize ?? "0"));
  if (before.status !== after.status && after.status === "completed") {
    out.push({ id: `order:${id}:filled`, payload: order("order-filled") });
  } else if (before.status !== after.status && after.status === "cancelled" && !byClient(o)) {
    out.push({ id: `order:${id}:cancelled`, payload: order("order-cancelled") });
  } else if (grew && after.status === "working") {
    out.push({ id: `order:${id}:deal:${String(after.dealSize)}`, payload: order("order-partly-filled") });
  }
  return out;
}

/**
 * The state to store for `w` when `before` was stored: an invoice read without its payments (by id,
 * after it left the active list, or left unread by the user's budget) keeps the count remembered, so
 * no payment is told twice.
 */
export function nextState(before: ObjectState | undefined, w: Watched): ObjectState {
  const after = stateOf(w);
  if (w.kind === "invoice" && w.payments === undefined && before?.payments !== undefined && before.status === after.status) {
    return { ...after, payments: before.payments };
  }
  return after;
}

/**
 * Whether the user cancelled the order themselves (then they know; no notice). The contract has no
 * field for who cancelled, so the service's remark is the only hint.
 */
function byClient(o: Order): boolean {
  return /client'?s request|by (the )?user/i.test(o.remark ?? "");
}

/**
 * A paid-invoice notice completed from the invoice's payments (the invoice itself no longer names its
 * payer): what was paid, when every payment is in one asset, and who paid, each payer once.
 */
export function withPayments(
  payload: Extract<NoticePayload, { type: "invoice-paid" }>,
  payments: readonly InvoicePayment[],
): NoticePayload {
  const payers: InvoicePayer[] = [];
  // Lists come newest first: name the payers in the order they paid.
  const inOrder = [...payments].sort((a, b) => (a.finalizedAt ?? "").localeCompare(b.finalizedAt ?? ""));
  for (const p of inOrder) {
    const payer = paymentPayer(p);
    if (payer !== undefined && !payers.some((q) => JSON.stringify(q) === JSON.stringify(payer))) payers.push(payer);
  }
  const assets = new Set(payments.map((p) => p.payCurrency));
  const [asset] = assets;
  const paid =
    asset !== undefined && assets.size === 1
      ? { asset, amount: money.sum(payments.map((p) => p.payAmount)) }
      : {};
  return { ...payload, ...paid, payers };
}
