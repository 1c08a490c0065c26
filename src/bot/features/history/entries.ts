/**
 * What a history entry says: one line in the list and the receipt it opens. Entries are the journal's
 * done operations (docs/features.md, "History"); their payloads are read here as data, through loose
 * schemas, so an entry of a kind or shape this file does not know still shows as what it is.
 */
import { z } from "zod";
import { copyable } from "../../../domain/copyable.js";
import { formatAmount } from "../../../domain/money.js";
import type { KnownPerson } from "../../../domain/people.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import type { OperationRecord } from "../../../storage/index.js";
import { formatTime } from "../../shared/format.js";
import { personLabel } from "../../shared/people.js";
import type { Filter } from "./callback-data.js";

/** The journal's kinds, by the filter that shows them ("a", every kind, is not listed). */
export const KINDS_OF: Readonly<Record<Exclude<Filter, "a" | "r">, readonly string[]>> = {
  s: ["transfer"],
  c: ["cheque_create", "cheque_delete"],
  i: ["invoice_create", "invoice_delete"],
  w: ["withdrawal", "funding_withdrawal", "withdrawal_link"],
  x: ["balance_transfer", "swap", "order", "order_cancel"],
  m: ["mass_transfer"],
};
/** Kinds whose other person (`counterparty`) finds them in their own history. */
export const RECEIVED_KINDS = ["transfer"] as const;

/** Kinds the bot writes itself when something is made without a confirmation. */
export const INVOICE_CREATED = "invoice_create";
export const WITHDRAWAL_LINK_CREATED = "withdrawal_link";

const Money = z.looseObject({ asset: z.string(), amount: z.string().regex(/^\d+(\.\d+)?$/) });
const Transfer = Money.extend({
  target: z.string(),
  recipientName: z.string().optional(),
  recipientUsername: z.string().optional(),
  description: z.string().optional(),
});
const Withdrawal = Money.extend({ network: z.string(), address: z.string(), fee: z.string().optional(), feeAsset: z.string().optional() });
const Move = Money.extend({ from: z.string(), to: z.string() });
const Swap = z.looseObject({ from: z.string(), to: z.string(), amount: z.string() });
const Order = z.looseObject({ symbol: z.string(), side: z.string().optional(), type: z.string().optional() });
const Deleted = z.looseObject({ chequeId: z.string().optional(), invoiceId: z.string().optional() });

/** What the bot knows of the people an entry names. */
export type NameOf = (id: number) => KnownPerson | undefined;

/** Whether `me` received this entry from someone else (a transfer to them). */
export const isReceived = (op: OperationRecord, me: number) => op.telegramId !== me && op.counterparty === me;

/** The people an entry names, to look their names up at once for a page. */
export function peopleOf(op: OperationRecord, me: number): number[] {
  if (isReceived(op, me)) return [op.telegramId];
  const target = Number(op.payload.target);
  return Number.isSafeInteger(target) && target > 0 ? [target] : [];
}

const amountOf = (m: { amount: string; asset: string }) => formatAmount(m.amount, m.asset);
const shortAddress = (a: string) => (a.length > 16 ? `${a.slice(0, 6)}…${a.slice(-6)}` : a);

function transferPerson(t: Translate, p: z.infer<typeof Transfer>, nameOf: NameOf, label: Label): string {
  const id = Number(p.target);
  const remembered = nameOf(id);
  return label(t, p.target, {
    id,
    ...(p.recipientName ? { name: p.recipientName } : {}),
    ...(p.recipientUsername ? { username: p.recipientUsername } : {}),
    ...remembered,
  });
}

/** How an entry names a person: with the id in the chat, by name only in a shared receipt. */
type Label = (t: Translate, id: number | string, known?: KnownPerson) => string;

/** A person by name only (a shared receipt carries no ids). */
const nameOnly: Label = (t, _id, known) =>
  known?.name ? `“${known.name}”` : known?.username ? `@${known.username}` : t("history-someone");

/** The entry's line in the list (without its number), in the person's zone. */
export function entryLine(t: Translate, op: OperationRecord, me: number, nameOf: NameOf, zone?: string): string {
  const time = formatTime(op.createdAt.toISOString(), zone);
  const testnet = op.network === "testnet" ? ` ${t("history-testnet")}` : "";
  return `${describe(t, op, me, nameOf, time, personLabel)}${testnet}`;
}

/** The entry as a message the person sends into another chat: what and when, without any id. */
export function sharedEntry(t: Translate, op: OperationRecord, me: number, nameOf: NameOf, zone?: string): string {
  const time = formatTime(op.updatedAt.toISOString(), zone);
  return `${t("history-shared-title")}\n${describe(t, op, me, nameOf, time, nameOnly)}`;
}

function describe(t: Translate, op: OperationRecord, me: number, nameOf: NameOf, time: string, label: Label): string {
  const p = op.payload;
  switch (op.kind) {
    case "transfer": {
      const tr = Transfer.safeParse(p);
      if (!tr.success) break;
      if (isReceived(op, me)) {
        return t("history-line-received", { time, amount: amountOf(tr.data), person: label(t, op.telegramId, nameOf(op.telegramId)) });
      }
      return t("history-line-sent", { time, amount: amountOf(tr.data), person: transferPerson(t, tr.data, nameOf, label) });
    }
    case "cheque_create": {
      const m = Money.safeParse(p);
      if (m.success) return t("history-line-cheque", { time, amount: amountOf(m.data) });
      break;
    }
    case "invoice_create": {
      const m = Money.safeParse(p);
      if (m.success) return t("history-line-invoice", { time, amount: amountOf(m.data) });
      break;
    }
    case "cheque_delete":
    case "invoice_delete": {
      const d = Deleted.safeParse(p);
      const id = label === nameOnly ? "" : d.success ? (d.data.chequeId ?? d.data.invoiceId ?? "") : "";
      return t(op.kind === "cheque_delete" ? "history-line-cheque-deleted" : "history-line-invoice-deleted", { time, id });
    }
    case "withdrawal":
    case "funding_withdrawal":
    case "withdrawal_link": {
      const w = Withdrawal.safeParse(p);
      if (!w.success) break;
      const vars = { time, amount: amountOf(w.data), address: shortAddress(w.data.address), chain: w.data.network };
      if (op.kind === "withdrawal_link") return t("history-line-withdrawal-link", vars);
      return t(op.kind === "withdrawal" ? "history-line-withdrawal" : "history-line-funding-withdrawal", vars);
    }
    case "balance_transfer": {
      const m = Move.safeParse(p);
      if (m.success) {
        return t("history-line-move", { time, amount: amountOf(m.data), from: t(`history-balance-${m.data.from}`), to: t(`history-balance-${m.data.to}`) });
      }
      break;
    }
    case "swap": {
      const s = Swap.safeParse(p);
      if (s.success) return t("history-line-swap", { time, amount: formatAmount(s.data.amount, s.data.from), to: s.data.to });
      break;
    }
    case "order":
    case "order_cancel": {
      const o = Order.safeParse(p);
      if (!o.success) break;
      if (op.kind === "order_cancel") return t("history-line-order-cancelled", { time, symbol: o.data.symbol });
      return t("history-line-order", { time, symbol: o.data.symbol, side: o.data.side ?? "" });
    }
    case "mass_transfer":
      return t("history-line-mass", { time });
  }
  return t("history-line-other", { time, kind: op.kind });
}

/** The receipt of a received transfer (its sender's journal row; the receiver's key cannot read it). */
export function receivedReceipt(t: Translate, op: OperationRecord, nameOf: NameOf, zone?: string): string | undefined {
  const tr = Transfer.safeParse(op.payload);
  if (!tr.success) return undefined;
  const lines = [
    t("history-receipt-received", { amount: amountOf(tr.data), person: personLabel(t, op.telegramId, nameOf(op.telegramId)) }),
  ];
  if (tr.data.description) lines.push(quotedField(t("history-field-note"), tr.data.description));
  lines.push(t("history-field-time", { time: formatTime(op.updatedAt.toISOString(), zone) }), "", t("history-received-through-bot"));
  return lines.join("\n");
}

/** A created invoice or withdrawal link, which no action describes (they need no confirmation). */
export function recordedReceipt(t: Translate, op: OperationRecord): string | undefined {
  if (op.kind === INVOICE_CREATED) {
    const m = Money.safeParse(op.payload);
    const id = typeof op.result?.id === "string" ? op.result.id : undefined;
    if (!m.success) return undefined;
    return t("history-receipt-invoice", { amount: amountOf(m.data), id: id ? copyable(id) : "—" });
  }
  if (op.kind === WITHDRAWAL_LINK_CREATED) {
    const w = Withdrawal.safeParse(op.payload);
    if (!w.success) return undefined;
    return t("history-receipt-withdrawal-link", { amount: amountOf(w.data), address: copyable(w.data.address), chain: w.data.network });
  }
  return undefined;
}

/** A transfer's "Send again" terms from its journal payload (only the sender's own transfers). */
export function repeatable(op: OperationRecord, me: number): { target: string; asset: string; amount: string } | undefined {
  if (op.kind !== "transfer" || op.telegramId !== me) return undefined;
  const tr = Transfer.safeParse(op.payload);
  return tr.success ? { target: tr.data.target, asset: tr.data.asset, amount: tr.data.amount } : undefined;
}
