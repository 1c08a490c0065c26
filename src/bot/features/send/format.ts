/** How transfers are shown: summary lines, details, history lines. All amounts via formatAmount. */
import { formatAmount, formatOptionalAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import type { Transfer } from "../../../service/schemas.js";
import { copyable } from "../../../domain/copyable.js";
import type { KnownPerson } from "../../../domain/people.js";
import { formatTime } from "../../shared/format.js";
import { personLabel } from "../../shared/people.js";
import { rateLines, withWorth, type Worth } from "../../shared/worth.js";

/** The confirmed action's parameters, stored with the operation row (plain JSON, no secrets). */
export type TransferPayload = {
  /** The recipient's Telegram user id, as the contract carries it. */
  target: string;
  /** Only for display: the name and username Telegram passed on or the bot remembered. */
  recipientName?: string;
  recipientUsername?: string;
  asset: string;
  amount: string;
  description?: string;
  /** What the summary showed it worth (the result and the receipt say so). */
  worth?: Worth;
};

/** The recipient as the summary and the result name them ("“Anna” (id 123)", "@anna (id 123)"). */
export function recipientLabel(t: Translate, p: TransferPayload): string {
  return personLabel(t, p.target, {
    id: Number(p.target),
    ...(p.recipientName ? { name: p.recipientName } : {}),
    ...(p.recipientUsername ? { username: p.recipientUsername } : {}),
  });
}

/** Looks up the stored name of a transfer's recipient (history, details). */
export type NameOf = (id: string) => KnownPerson | undefined;

/** The summary shown above Confirm: what, to whom, amount, fee, available now and what stays. */
export function transferSummary(t: Translate, p: TransferPayload, available: string, worth?: Worth): string {
  const after = money.sub(available, p.amount);
  const lines = [
    t("send-summary-title"),
    "",
    t("send-summary-to", { recipient: recipientLabel(t, p) }),
    t("send-summary-amount", { amount: formatAmount(p.amount, p.asset) + withWorth(t, p.amount, worth) }),
    t("send-summary-fee", { fee: formatAmount("0", p.asset) }),
  ];
  if (p.description) lines.push(quotedField(t("send-summary-note"), p.description));
  lines.push(
    t("send-summary-available", { available: formatAmount(available, p.asset) + withWorth(t, available, worth) }),
    t("send-summary-after", { after: formatAmount(after, p.asset) + withWorth(t, after, worth) }),
  );
  if (worth) lines.push(...rateLines(t, [worth]));
  lines.push("", t("send-summary-irreversible"));
  return lines.join("\n");
}

/** Every detail of one transfer, for "Find by id". */
export function transferDetails(t: Translate, tr: Transfer, nameOf: NameOf = () => undefined, zone?: string): string {
  const lines = [
    t("send-details-title", { id: copyable(tr.payoutId) }),
    t("send-summary-to", { recipient: tr.target === null ? "—" : personLabel(t, tr.target, nameOf(tr.target)) }),
    t("send-summary-amount", { amount: formatOptionalAmount(tr.amount, tr.asset) }),
  ];
  if (tr.description) lines.push(quotedField(t("send-summary-note"), tr.description));
  lines.push(
    // The status is shown as the service names it: its value set is open (pending, paid, failed …).
    // The bot's own client id is not shown: it is the bot's, and the transfer id above is the service's.
    t("send-details-status", { status: tr.status ?? "-" }),
    t("send-details-time", { time: tr.createdAt ? formatTime(tr.createdAt, zone) : "-" }),
  );
  return lines.join("\n");
}

/** One line of "My transfers": time (in the person's zone), recipient, amount and asset, transfer id. */
export function historyLine(t: Translate, tr: Transfer, zone?: string, nameOf: NameOf = () => undefined): string {
  return t("send-list-line", {
    time: tr.createdAt ? formatTime(tr.createdAt, zone) : "-",
    recipient: tr.target === null ? "—" : personLabel(t, tr.target, nameOf(tr.target)),
    amount: formatOptionalAmount(tr.amount, tr.asset),
    id: copyable(tr.payoutId),
  });
}
