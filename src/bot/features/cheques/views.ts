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
import { CHEQUE_DATA } from "./callback-data.js";
import { menu } from "../../menu-data.js";
import { rateLines, withWorth, type Worth } from "../../shared/worth.js";

/** Callback data of the feature (CHEQUE_DATA); every value stays within Telegram's 64 bytes. */
export const CB = {
  menu: menu("cheques"),
  create: CHEQUE_DATA.create.build({}),
  list: CHEQUE_DATA.list.build({}),
  page: (token: string, page: number) => CHEQUE_DATA.page.build({ token, page }),
  show: (chequeId: string) => CHEQUE_DATA.show.tryBuild({ chequeId }),
  remove: (chequeId: string) => CHEQUE_DATA.remove.tryBuild({ chequeId }),
  describe: (chequeId: string) => CHEQUE_DATA.describe.tryBuild({ chequeId }),
  qr: (chequeId: string) => CHEQUE_DATA.qr.tryBuild({ chequeId }),
} as const;


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
export function createSummary(t: Translate, s: CreateSummary, known?: KnownPerson, worth?: Worth): string {
  const after = money.sub(s.available, s.amount);
  const text = t("cheques-summary-create", {
    amount: formatAmount(s.amount, s.asset) + withWorth(t, s.amount, worth),
    description: quotedField(t("cheques-field-description"), s.description),
    recipient: recipientLabel(t, s.target, known),
    fee: formatAmount("0", s.asset),
    available: formatAmount(s.available, s.asset) + withWorth(t, s.available, worth),
    after: formatAmount(after, s.asset) + withWorth(t, after, worth),
  });
  return worth ? [text, ...rateLines(t, [worth])].join("\n") : text;
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
  const qr = cheque.links.telegramBotLink ? CB.qr(cheque.chequeId) : undefined;
  if (qr) kb.text(t("common-qr"), qr);
  const show = CB.show(cheque.chequeId);
  if (show) kb.row().text(t("cheques-details"), show);
  return kb;
}

/** Shown once a cheque is deleted: the amount released. */
export function deletedText(t: Translate, cheque: Cheque): string {
  return t("cheques-deleted", { amount: formatOptionalAmount(cheque.amount, cheque.asset) });
}

/** Everything about one cheque. */
export function detailsText(t: Translate, cheque: Cheque, known?: KnownPerson, zone?: string): string {
  const text = t("cheques-details-text", {
    id: copyable(cheque.chequeId),
    state: stateLabel(t, chequeState(cheque)),
    amount: formatOptionalAmount(cheque.amount, cheque.asset),
    description: quotedField(t("cheques-field-description"), cheque.description),
    recipient: recipientLabel(t, cheque.target, known),
    created: formatTime(cheque.createdAt, zone),
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
    const qr = cheque.links.telegramBotLink ? CB.qr(cheque.chequeId) : undefined;
    if (qr) kb.text(t("common-qr"), qr);
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
