/**
 * What the cheques feature shows: texts of the list, the details and the summaries, and their
 * keyboards. Amounts are formatted here (through formatAmount) and nowhere else in the feature.
 */
import { copyable } from "../../../domain/copyable.js";
import type { KnownPerson } from "../../../domain/people.js";
import type { PeopleRepo } from "../../../storage/index.js";
import { personLabel } from "../../shared/people.js";
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { formatAmount, formatOptionalAmount, money } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import { quotedField } from "../../../domain/user-text.js";
import type { Cheque } from "../../../service/schemas.js";
import { formatTime, shareUrl } from "../../shared/format.js";

/** Callback data of the feature; every value stays within Telegram's 64 bytes. */
export const CB = {
  menu: "menu:cheques",
  create: "chq:new",
  list: "chq:list",
  page: (token: string, page: number) => `chq:page:${token}:${page}`,
  show: (chequeId: string) => `chq:show:${chequeId}`,
  remove: (chequeId: string) => `chq:del:${chequeId}`,
  describe: (chequeId: string) => `chq:desc:${chequeId}`,
  qr: (chequeId: string) => `chq:qr:${chequeId}`,
} as const;

/** Server ids we put into callback data: `chq:show:` plus the id must fit 64 bytes. */
export const CHEQUE_ID = "[A-Za-z0-9_.:-]{1,54}";
export const SHOW_PATTERN = new RegExp(`^chq:show:(${CHEQUE_ID})$`);
export const DELETE_PATTERN = new RegExp(`^chq:del:(${CHEQUE_ID})$`);
export const DESCRIBE_PATTERN = new RegExp(`^chq:desc:(${CHEQUE_ID})$`);
export const QR_PATTERN = new RegExp(`^chq:qr:(${CHEQUE_ID})$`);
export const PAGE_PATTERN = /^chq:page:([a-z0-9]{1,12}):([0-9]{1,4})$/;

const fitsCallback = (data: string) => Buffer.byteLength(data, "utf8") <= 64;

/** The cheques menu: create or list. */
export function chequesMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("cheques-create"), CB.create)
    .text(t("cheques-list"), CB.list)
    .row()
    .text(t("common-back"), "menu:main");
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

/** Who may redeem: anyone with the link, or one person, named as the bot knows them. */
function recipientLabel(t: Translate, target: string | null | undefined, known?: KnownPerson): string {
  return target ? t("cheques-recipient-user", { person: personLabel(t, target, known) }) : t("cheques-recipient-anyone");
}

/**
 * The stored name of a cheque's target, if it names a Telegram user the bot has seen. The service
 * tells no more about who redeemed a cheque than its target: a redeemed targeted cheque was
 * redeemed by that person; of a cheque open to anyone it does not say who.
 */
export async function targetPerson(people: PeopleRepo, target: string | null | undefined): Promise<KnownPerson | undefined> {
  const id = Number(target);
  if (!target || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return (await people.namesOf([id])).get(id);
}

export interface CreateSummary {
  asset: string;
  amount: string;
  description?: string;
  target?: string;
  available: string;
}

/** The confirmation text of a new cheque: what, for whom, amount, fee, and what stays available. */
export function createSummary(t: Translate, s: CreateSummary, known?: KnownPerson): string {
  return t("cheques-summary-create", {
    amount: formatAmount(s.amount, s.asset),
    description: quotedField(t("cheques-field-description"), s.description),
    recipient: recipientLabel(t, s.target, known),
    fee: formatAmount("0", s.asset),
    available: formatAmount(s.available, s.asset),
    after: formatAmount(money.sub(s.available, s.amount), s.asset),
  });
}

/** The confirmation text of deleting a cheque: which one and what returns to the available balance. */
export function deleteSummary(t: Translate, cheque: Cheque, available: string, known?: KnownPerson): string {
  return t("cheques-summary-delete", {
    id: copyable(cheque.chequeId),
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    recipient: recipientLabel(t, cheque.target, known),
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
  if (cheque.links.telegramBotLink && fitsCallback(CB.qr(cheque.chequeId))) kb.text(t("common-qr"), CB.qr(cheque.chequeId));
  if (fitsCallback(CB.show(cheque.chequeId))) kb.row().text(t("cheques-details"), CB.show(cheque.chequeId));
  return kb;
}

/** Shown once a cheque is deleted: the amount released. */
export function deletedText(t: Translate, cheque: Cheque): string {
  return t("cheques-deleted", { amount: formatOptionalAmount(cheque.amount, cheque.asset) });
}

/** Everything about one cheque. */
export function detailsText(t: Translate, cheque: Cheque, known?: KnownPerson): string {
  const text = t("cheques-details-text", {
    id: copyable(cheque.chequeId),
    state: stateLabel(t, chequeState(cheque)),
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    description: quotedField(t("cheques-field-description"), cheque.description),
    recipient: recipientLabel(t, cheque.target, known),
    created: formatTime(cheque.createdAt),
    link: cheque.links.telegramBotLink ?? "—",
  });
  if (chequeState(cheque) !== "completed") return text;
  const redeemed = cheque.target
    ? t("cheques-redeemed-by", { person: personLabel(t, cheque.target, known) })
    : t("cheques-redeemed-by-unknown");
  return `${text}\n${redeemed}`;
}

/** Share and Delete for an active cheque; Back to the list for every cheque. */
export function detailsKeyboard(t: Translate, cheque: Cheque): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (chequeState(cheque) === "active") {
    if (cheque.links.telegramBotLink) kb.url(t("common-share"), shareUrl(cheque.links.telegramBotLink));
    if (cheque.links.telegramBotLink && fitsCallback(CB.qr(cheque.chequeId))) kb.text(t("common-qr"), CB.qr(cheque.chequeId));
    if (fitsCallback(CB.remove(cheque.chequeId))) kb.text(t("cheques-delete"), CB.remove(cheque.chequeId));
    kb.row();
    if (fitsCallback(CB.describe(cheque.chequeId))) kb.text(t("cheques-describe"), CB.describe(cheque.chequeId)).row();
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
    .filter((c) => fitsCallback(CB.show(c.chequeId)))
    .map((c) => [
      InlineKeyboard.text(
        `${view.items.indexOf(c) + 1}. ${formatOptionalAmount(c.amount, c.asset)}`,
        CB.show(c.chequeId),
      ),
    ]);
  const nav = [
    ...(view.page > 0 ? [InlineKeyboard.text(t("common-prev"), CB.page(view.token, view.page - 1))] : []),
    ...(view.hasNext ? [InlineKeyboard.text(t("common-next"), CB.page(view.token, view.page + 1))] : []),
  ];
  if (nav.length > 0) rows.push(nav);
  rows.push([create, back]);
  const title = t("cheques-list-title", { page: view.page + 1 });
  return { text: [title, "", ...lines].join("\n"), keyboard: InlineKeyboard.from(rows) };
}
