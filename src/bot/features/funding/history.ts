/**
 * Histories of the Exchange funding balance: withdrawals to addresses and moves between the funding
 * and trading balances. Both are numbered pages (the service pages them by page number), one line per
 * item with a number button for its details. Pure functions of service replies.
 */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { ExchangeTransfer, ExchangeWithdrawal } from "../../../service/schemas.js";
import { DEFAULT_ZONE } from "../../../domain/time-zones.js";
import { formatListTime, formatTime, zoneLabel } from "../../shared/format.js";
import { menu } from "../../menu-data.js";
import { FUNDING_DATA } from "./callback-data.js";

export const HISTORY_PAGE_SIZE = 10;

interface PageMeta {
  currentPage: number;
  totalPage: number;
  totalNum: number;
}

/** Number buttons (details) in rows of five, then Previous / Next, then Back. */
function pageKeyboard(
  t: Translate,
  ids: string[],
  meta: PageMeta,
  details: typeof FUNDING_DATA.withdrawal,
  pages: typeof FUNDING_DATA.withdrawalsPage,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  ids.forEach((id, i) => {
    if (i > 0 && i % 5 === 0) kb.row();
    // An id too long for callback data keeps its line but gets no button.
    const data = details.tryBuild({ id });
    if (data !== undefined) kb.text(String(i + 1), data);
  });
  kb.row();
  if (meta.currentPage > 1) kb.text(t("common-prev"), pages.build({ page: meta.currentPage - 1 }));
  if (meta.currentPage < meta.totalPage) kb.text(t("common-next"), pages.build({ page: meta.currentPage + 1 }));
  return kb.row().text(t("common-back"), menu("balances"));
}

const pageLine = (t: Translate, meta: PageMeta) =>
  t("funding-page", { page: meta.currentPage, pages: Math.max(meta.totalPage, 1), total: meta.totalNum });

/** A page of funding withdrawals; the title names `zone`, the lines' times are on its clock. */
export function withdrawalsPage(
  t: Translate,
  page: PageMeta & { withdrawals: ExchangeWithdrawal[] },
  zone: string | undefined,
  now: number,
): { text: string; keyboard: InlineKeyboard } {
  const lines = page.withdrawals.map((w, i) =>
    t("funding-withdrawal-line", {
      n: i + 1,
      time: formatListTime(w.createdAt, zone),
      amount: formatAmount(w.amount, w.asset),
      network: w.network,
      status: t(`funding-status-${w.status}`),
    }),
  );
  return {
    text: [
      t("funding-withdrawals-title", { zone: zoneLabel(t, zone ?? DEFAULT_ZONE, now) }),
      ...(lines.length ? lines : [t("funding-withdrawals-none")]),
      "",
      pageLine(t, page),
    ].join("\n"),
    keyboard: pageKeyboard(
      t,
      page.withdrawals.map((w) => w.id),
      page,
      FUNDING_DATA.withdrawal,
      FUNDING_DATA.withdrawalsPage,
    ),
  };
}

/** One funding withdrawal in full. */
export function withdrawalDetails(t: Translate, w: ExchangeWithdrawal, zone?: string): string {
  return [
    t("funding-withdrawal-title", { id: copyable(w.id) }),
    t("withdraw-field-status", { status: t(`funding-status-${w.status}`) }),
    t("withdraw-field-amount", { amount: formatAmount(w.amount, w.asset) }),
    t("withdraw-field-fee", { fee: formatAmount(w.fee, w.feeAsset) }),
    t("withdraw-field-network", { network: w.network }),
    t("withdraw-field-address", { address: copyable(w.address) }),
    t("withdraw-field-tx", { tx: w.txHash ? copyable(w.txHash) : "—" }),
    t("withdraw-field-created", { created: formatTime(w.createdAt, zone) }),
    t("funding-field-updated", { updated: formatTime(w.updatedAt, zone) }),
  ].join("\n");
}

const kindLabel = (t: Translate, kind: string) => t(`balances-kind-${kind}`);

/** A page of moves between the funding and trading balances; the title names `zone`, as above. */
export function movesPage(
  t: Translate,
  page: PageMeta & { transfers: ExchangeTransfer[] },
  zone: string | undefined,
  now: number,
): { text: string; keyboard: InlineKeyboard } {
  const lines = page.transfers.map((m, i) =>
    t("funding-move-line", {
      n: i + 1,
      time: formatListTime(m.createdAt, zone),
      amount: formatAmount(m.amount, m.asset),
      from: kindLabel(t, m.from),
      to: kindLabel(t, m.to),
      status: t(`funding-move-status-${m.status}`),
    }),
  );
  return {
    text: [t("funding-moves-title", { zone: zoneLabel(t, zone ?? DEFAULT_ZONE, now) }), ...(lines.length ? lines : [t("funding-moves-none")]), "", pageLine(t, page)].join(
      "\n",
    ),
    keyboard: pageKeyboard(
      t,
      page.transfers.map((m) => m.id),
      page,
      FUNDING_DATA.move,
      FUNDING_DATA.movesPage,
    ),
  };
}

/** One move in full. */
export function moveDetails(t: Translate, m: ExchangeTransfer, zone?: string): string {
  return [
    t("funding-move-title", { id: copyable(m.id) }),
    t("funding-move-status", { status: t(`funding-move-status-${m.status}`) }),
    t("funding-move-amount", { amount: formatAmount(m.amount, m.asset) }),
    // Selected by kind in the message, so that each balance's name takes its case.
    t("funding-move-route", { from: m.from, to: m.to }),
    t("withdraw-field-created", { created: formatTime(m.createdAt, zone) }),
  ].join("\n");
}
