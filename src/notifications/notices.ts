/**
 * Notices, from the detector's table to the outbox. The sender takes pending notices in the order
 * they were detected, drops those whose kind the user turned off (or whose chat blocked the bot),
 * holds them through quiet hours, renders them in the user's language and hands each to the outbox
 * in the same transaction that marks it handed over, so a notice reaches the outbox exactly once
 * whatever crashes; the outbox's one paced sender delivers it. A chat that refuses (403) is recorded
 * by the outbox as blocked, and `syncBlocked` turns that user's notices off.
 */
import { copyable } from "../domain/copyable.js";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { formatAmount as formatPlain, formatOptionalAmount } from "../domain/money.js";
import { formattingAs } from "../domain/format-locale.js";
import { approxWorth, type FiatWorth, readWorth, type WorthReader } from "../domain/worth.js";
import { pairOn } from "../domain/networks.js";
import { type Payer, payerName } from "../domain/payer-name.js";
import { type KnownPerson, personLabel } from "../domain/people.js";
import { quoteBlock } from "../domain/user-text.js";
import { quietUntil } from "../domain/time-zones.js";
import type { Outbox } from "../outbox/worker.js";
import type { NotifySettingsRepo } from "../storage/notify-settings.js";
import { createPeopleRepo } from "../storage/people.js";
import type { Database } from "../storage/schema.js";
import type { NoticePayload } from "./detect.js";

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Where notices go: the outbox (written inside the hand-over transaction, then kicked). */
export type NoticeOutbox = Pick<Outbox, "write" | "kick">;

/**
 * The callback data of the buttons under notices. The features that answer them build it (the
 * composition root passes it in); undefined leaves a notice without its button (an id too long for one).
 */
export interface NoticeButtons {
  invoice(invoiceId: string): string | undefined;
  cheque(chequeId: string): string | undefined;
  order(orderId: string): string | undefined;
  alerts(): string;
}

export interface NoticeSenderDeps {
  db: Kysely<Database>;
  /** The person's fiat and the asset's rate in it when the notice goes out; absent leaves worth out. */
  worthOf?: WorthReader;
  buttons: NoticeButtons;
  settings: NotifySettingsRepo;
  outbox: NoticeOutbox;
  translatorFor: (telegramId: number) => Promise<Translate>;
  log: Logger;
  now: () => number;
}

/** Outbox messages of notices carry this ref prefix, so their outcome (blocked) maps back to the user. */
export const NOTICE_REF = "notice:";

/** The Telegram ids of the payers a notice names, to name them as the bot knows them. */
function payerIds(p: NoticePayload): number[] {
  if (p.type === "transfer-received") return [p.senderId];
  const payers = p.type === "invoice-paid" ? (p.payers ?? []) : p.type === "invoice-payment" && p.payer ? [p.payer] : [];
  return payers.flatMap((payer) => (payer.telegramId ? [Number(payer.telegramId)] : [])).filter(Number.isSafeInteger);
}

/** The asset whose amount a notice names (what moved), for its worth. */
export function noticeAsset(p: NoticePayload): string | undefined {
  switch (p.type) {
    case "invoice-paid":
    case "invoice-payment":
    case "transfer-received":
      return p.asset;
    case "cheque-redeemed":
      return p.asset ?? undefined;
    case "order-partly-filled":
    case "order-filled":
      return p.symbol.split("-")[0];
    default:
      return undefined;
  }
}

/** The text and button of a notice in the user's language, amounts with their worth when it is known. */
export function renderNotice(
  t: Translate,
  p: NoticePayload,
  buttons: NoticeButtons,
  nameOf: (telegramId: string) => KnownPerson | undefined = () => undefined,
  worth?: FiatWorth,
): { text: string; keyboard?: InlineKeyboardMarkup } {
  /** An amount of `asset`, with " (≈ 12.35 USD)" when the worth is of that asset. */
  const formatAmount = (amount: string, asset?: string) => formatPlain(amount, asset) + approxWorth(t, amount, asset, worth);
  const payer = (one: Payer) => payerName(t, one, one.telegramId ? nameOf(one.telegramId) : undefined);
  const button = (label: string, data: string | undefined): InlineKeyboardMarkup | undefined =>
    data === undefined ? undefined : { inline_keyboard: [[{ text: label, callback_data: data }]] };
  switch (p.type) {
    case "invoice-paid":
      return {
        text:
          (p.payers ?? []).length > 0
            ? t("notice-invoice-paid-by", {
                id: copyable(p.invoiceId),
                amount: formatAmount(p.amount, p.asset),
                payer: (p.payers ?? []).map(payer).join(", "),
              })
            : t("notice-invoice-paid", { id: copyable(p.invoiceId), amount: formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-invoice"), buttons.invoice(p.invoiceId)),
      };
    case "invoice-payment": {
      const vars = {
        id: copyable(p.invoiceId),
        amount: formatAmount(p.amount, p.asset),
        index: p.index,
        of: p.of,
      };
      return {
        text:
          p.payer === null
            ? t("notice-invoice-payment", vars)
            : t("notice-invoice-payment-by", { ...vars, payer: payer(p.payer) }),
        keyboard: button(t("notice-open-invoice"), buttons.invoice(p.invoiceId)),
      };
    }
    case "invoice-expired":
      return {
        text: t("notice-invoice-expired", { id: copyable(p.invoiceId), amount: formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-invoice"), buttons.invoice(p.invoiceId)),
      };
    case "transfer-received": {
      const from = personLabel(t, p.senderId, nameOf(String(p.senderId)));
      const text = t("notice-transfer-received", { amount: formatAmount(p.amount, p.asset), person: from });
      return { text: p.description ? `${text}\n${quoteBlock(p.description)}` : text };
    }
    case "cheque-redeemed":
      return {
        text: t("notice-cheque-redeemed", { id: copyable(p.chequeId), amount: p.amount === null || p.asset === null ? formatOptionalAmount(p.amount, p.asset) : formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-cheque"), buttons.cheque(p.chequeId)),
      };
    case "price-alert": {
      // Prices of a pair are in its quote asset: "BTC-USDT is at 65 032.5 USDT".
      const quote = p.symbol.split("-")[1];
      return {
        text: t(p.direction === "above" ? "notice-alert-above" : "notice-alert-below", {
          symbol: pairOn(t, p.symbol, p.network),
          price: formatPlain(p.price, quote),
          last: formatPlain(p.last, quote),
        }),
        keyboard: button(t("notice-open-alerts"), buttons.alerts()),
      };
    }
    default: {
      const [base = "", quote = ""] = p.symbol.split("-");
      const vars = {
        // A long id (a UUID) is shortened as a mass transfer's is: its button opens the order in full.
        id: p.orderId.length > 12 ? `#${p.orderId.slice(0, 8)}` : copyable(p.orderId),
        symbol: p.symbol,
        side: t(p.side === "buy" ? "notice-side-buy" : "notice-side-sell"),
        filled: formatAmount(p.dealSize, base),
        size: p.size === null ? "—" : formatPlain(p.size, base),
        price: p.price === null ? "—" : formatPlain(p.price, quote),
      };
      const key = {
        "order-partly-filled": "notice-order-partly-filled",
        "order-filled": "notice-order-filled",
        "order-cancelled": "notice-order-cancelled",
        "order-stop-triggered": "notice-order-stop-triggered",
      }[p.type];
      return { text: t(key, vars), keyboard: button(t("notice-open-order"), buttons.order(p.orderId)) };
    }
  }
}

export class NoticeSender {
  /** Notices handed over since start, and their detection → hand-over delays (ms), for figures. */
  sent = 0;
  readonly latencies: number[] = [];

  readonly #people;
  constructor(private readonly d: NoticeSenderDeps) {
    this.#people = createPeopleRepo(d.db);
  }

  /** Hands up to `limit` due notices to the outbox; returns how many it looked at. */
  async drain(limit = 500): Promise<number> {
    const now = this.d.now();
    const due = await this.d.db
      .selectFrom("notices")
      .selectAll()
      .where("state", "=", "pending")
      .where("not_before", "<=", now)
      .orderBy("created_at")
      .limit(limit)
      .execute();
    let handed = 0;
    for (const n of due) if (await this.#handle(n.id, n.telegram_id, n.topic, n.payload, n.created_at)) handed++;
    if (handed > 0) this.d.outbox.kick();
    return due.length;
  }

  /** Settles one pending notice; true when it went to the outbox. */
  async #handle(id: string, user: number, topic: string, payload: string, createdAt: number): Promise<boolean> {
    const { db } = this.d;
    const settle = (state: string, notBefore?: number) =>
      db
        .updateTable("notices")
        .set({ state, ...(notBefore === undefined ? {} : { not_before: notBefore }) })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .execute();
    const settings = await this.d.settings.get(user);
    const on = settings.topics[topic as keyof typeof settings.topics] ?? true;
    if (settings.blocked || !on) return void (await settle("dropped")), false;
    const quietEnd = quietUntil(settings.quiet, this.d.now(), settings.timeZone);
    if (quietEnd !== undefined) return void (await settle("pending", quietEnd)), false;

    const notice = JSON.parse(payload) as NoticePayload;
    const names = await this.#people.namesOf(payerIds(notice));
    const t = await this.d.translatorFor(user);
    const asset = noticeAsset(notice);
    const worth = asset === undefined ? undefined : await readWorth(this.d.worthOf, user, asset);
    const { text, keyboard } = formattingAs(t, () => renderNotice(t, notice, this.d.buttons, (id) => names.get(Number(id)), worth));
    const handed = await db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("notices")
        .set({ state: "sent", sent_at: this.d.now() })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (r.numUpdatedRows === 0n) return false; // another sender took it
      await this.d.outbox.write(trx, [
        { chatId: user, text, ...(keyboard ? { replyMarkup: keyboard } : {}), ref: `${NOTICE_REF}${id}` },
      ]);
      return true;
    });
    if (handed) {
      this.sent++;
      this.latencies.push(this.d.now() - createdAt);
      if (this.latencies.length > 100_000) this.latencies.splice(0, 50_000);
    }
    return handed;
  }

  /**
   * Turns notices off for users whose chat refused a notice (the outbox recorded it as blocked) after
   * their settings last changed; logged at info. Returns how many users were turned off.
   */
  async syncBlocked(): Promise<number> {
    const rows = await this.d.db
      .selectFrom("outbox")
      .leftJoin("notify_settings", "notify_settings.telegram_id", "outbox.chat_id")
      .select("outbox.chat_id")
      .distinct()
      .where("outbox.state", "=", "blocked")
      .where("outbox.ref", "like", `${NOTICE_REF}%`)
      .where((eb) =>
        eb.or([
          eb("notify_settings.telegram_id", "is", null),
          eb.and([eb("notify_settings.blocked", "=", 0), eb("outbox.created_at", ">", eb.ref("notify_settings.updated_at"))]),
        ]),
      )
      .execute();
    for (const r of rows) {
      await this.d.settings.setBlocked(r.chat_id, true);
      this.d.log.info({ telegramId: r.chat_id }, "the bot is blocked by a user: notices turned off");
    }
    return rows.length;
  }
}
