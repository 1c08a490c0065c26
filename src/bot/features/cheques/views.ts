/**
 * What the cheques feature shows: texts of the list, the details and the summaries, and their
 * keyboards. Amounts are formatted here (through formatAmount) and nowhere else in the feature.
 */
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { formatAmount, formatOptionalAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import type { Cheque } from "../../../service/schemas.js";
import { formatTime, shareUrl } from "../../shared/format.js";
import { CHEQUE_DATA } from "./callback-data.js";
import { menu } from "../../menu-data.js";

/** Callback data of the feature (CHEQUE_DATA); every value stays within Telegram's 64 bytes. */
export const CB = {
  menu: menu("cheques"),
  create: CHEQUE_DATA.create.build({}),
  list: CHEQUE_DATA.list.build({}),
  page: (token: string, page: number) => CHEQUE_DATA.page.build({ token, page }),
  show: (chequeId: string) => CHEQUE_DATA.show.tryBuild({ chequeId }),
  remove: (chequeId: string) => CHEQUE_DATA.remove.tryBuild({ chequeId }),
  describe: (chequeId: string) => CHEQUE_DATA.describe.tryBuild({ chequeId }),
} as const;
export const SHOW_PATTERN = CHEQUE_DATA.show.pattern;
export const DELETE_PATTERN = CHEQUE_DATA.remove.pattern;
export const DESCRIBE_PATTERN = CHEQUE_DATA.describe.pattern;
export const PAGE_PATTERN = CHEQUE_DATA.page.pattern;


/** The cheques menu: create or list. */
export function chequesMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("cheques-create"), CB.create)
    .text(t("cheques-list"), CB.list)
    .row()
    .text(t("common-back"), menu("main"));
}

const KNOWN_STATES = new Set(["active", "completed", "draft", "error", "cancelled"]);

/** A cheque's state for people: a deleted cheque is cancelled, whatever state it was left in. */
export function chequeState(cheque: Cheque): string {
  return cheque.deleted ? "cancelled" : (cheque.state ?? "—");
}

/** The localized state of a cheque; a state the service added since is shown as it comes. */
export function stateLabel(t: Translate, state: string): string {
  return KNOWN_STATES.has(state) ? t(`cheques-state-${state}`) : state;
}

function recipientLabel(t: Translate, target: string | null | undefined): string {
  return target ? t("cheques-recipient-user", { id: target }) : t("cheques-recipient-anyone");
}

export interface CreateSummary {
  asset: string;
  amount: string;
  description?: string;
  target?: string;
  available: string;
}

/** The confirmation text of a new cheque: what, for whom, amount, fee, and what stays available. */
export function createSummary(t: Translate, s: CreateSummary): string {
  return t("cheques-summary-create", {
    amount: formatAmount(s.amount, s.asset),
    description: quotedField(t("cheques-field-description"), s.description),
    recipient: recipientLabel(t, s.target),
    fee: formatAmount("0", s.asset),
    available: formatAmount(s.available, s.asset),
    after: formatAmount(money.sub(s.available, s.amount), s.asset),
  });
}

/** The confirmation text of deleting a cheque: which one and what returns to the available balance. */
export function deleteSummary(t: Translate, cheque: Cheque, available: string): string {
  return t("cheques-summary-delete", {
    id: cheque.chequeId,
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    recipient: recipientLabel(t, cheque.target),
    available: formatOptionalAmount(available, cheque.asset),
    after: cheque.amount === null ? "—" : formatOptionalAmount(money.add(available, cheque.amount), cheque.asset),
  });
}

/** Shown once a cheque exists: its link and the reserved amount. */
export function createdText(t: Translate, cheque: Cheque): string {
  return t("cheques-created", {
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    link: cheque.links.telegramBotLink ?? "—",
  });
}

/** Share (url) and Details under a new cheque. */
export function createdKeyboard(t: Translate, cheque: Cheque): InlineKeyboardMarkup {
  const kb = new InlineKeyboard();
  if (cheque.links.telegramBotLink) kb.url(t("common-share"), shareUrl(cheque.links.telegramBotLink));
  const show = CB.show(cheque.chequeId);
  if (show) kb.row().text(t("cheques-details"), show);
  return kb;
}

/** Shown once a cheque is deleted: the amount released. */
export function deletedText(t: Translate, cheque: Cheque): string {
  return t("cheques-deleted", { amount: formatOptionalAmount(cheque.amount, cheque.asset) });
}

/** Everything about one cheque. */
export function detailsText(t: Translate, cheque: Cheque): string {
  return t("cheques-details-text", {
    id: cheque.chequeId,
    state: stateLabel(t, chequeState(cheque)),
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    description: quotedField(t("cheques-field-description"), cheque.description),
    recipient: recipientLabel(t, cheque.target),
    created: formatTime(cheque.createdAt),
    link: cheque.links.telegramBotLink ?? "—",
  });
}

/** Share and Delete for an active cheque; Back to the list for every cheque. */
export function detailsKeyboard(t: Translate, cheque: Cheque): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (chequeState(cheque) === "active") {
    if (cheque.links.telegramBotLink) kb.url(t("common-share"), shareUrl(cheque.links.telegramBotLink));
    const remove = CB.remove(cheque.chequeId);
    if (remove) kb.text(t("cheques-delete"), remove);
    kb.row();
    const describe = CB.describe(cheque.chequeId);
    if (describe) kb.text(t("cheques-describe"), describe).row();
  }
  return kb.text(t("cheques-back-to-list"), CB.list);
}

export interface ListPage {
  items: Cheque[];
  /** Zero-based page number. */
  page: number;
  token: string;
  hasNext: boolean;
}

/** One line per cheque (state, amount) and a button per cheque; Previous / Next when there is more. */
export function listView(t: Translate, view: ListPage): { text: string; keyboard: InlineKeyboard } {
  const create = InlineKeyboard.text(t("cheques-create"), CB.create);
  const back = InlineKeyboard.text(t("common-back"), CB.menu);
  if (view.items.length === 0 && view.page === 0) {
    return { text: t("cheques-list-empty"), keyboard: InlineKeyboard.from([[create], [back]]) };
  }
  const lines = view.items.map((c, i) =>
    t("cheques-list-line", {
      n: i + 1,
      state: stateLabel(t, chequeState(c)),
      amount: formatOptionalAmount(c.amount, c.asset),
    }),
  );
  const rows = view.items
    .flatMap((c) => {
      const show = CB.show(c.chequeId);
      return show ? [[InlineKeyboard.text(`${view.items.indexOf(c) + 1}. ${formatOptionalAmount(c.amount, c.asset)}`, show)]] : [];
    });
  const nav = [
    ...(view.page > 0 ? [InlineKeyboard.text(t("common-prev"), CB.page(view.token, view.page - 1))] : []),
    ...(view.hasNext ? [InlineKeyboard.text(t("common-next"), CB.page(view.token, view.page + 1))] : []),
  ];
  if (nav.length > 0) rows.push(nav);
  rows.push([create, back]);
  const title = t("cheques-list-title", { page: view.page + 1 });
  return { text: [title, "", ...lines].join("\n"), keyboard: InlineKeyboard.from(rows) };
}
