/**
 * The one sender of notices. It takes pending notices in the order they were detected, drops those
 * whose kind the user turned off (or whose chat blocked the bot), holds them through quiet hours,
 * renders them in the user's language and hands them to a paced transport. Each notice is claimed
 * (pending → sending) before it is sent, so two senders or a restart never send it twice; a crash
 * between claim and send loses that one notice instead (counted as failed at the next start).
 */
import type { Kysely } from "kysely";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Logger } from "pino";
import { formatAmount } from "../domain/money.js";
import type { NotifySettingsRepo } from "../storage/notify-settings.js";
import type { Database } from "../storage/schema.js";
import type { NoticePayload } from "./detect.js";

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What became of one message handed to the transport. */
export type DeliveryResult = "sent" | "blocked" | "retry";

/** Sends one message to a user's private chat, paced under Telegram's limits. */
export interface NoticeTransport {
  send(telegramId: number, text: string, keyboard?: InlineKeyboardMarkup): Promise<DeliveryResult>;
}

export interface NoticeSenderDeps {
  db: Kysely<Database>;
  settings: NotifySettingsRepo;
  transport: NoticeTransport;
  translatorFor: (telegramId: number) => Promise<Translate>;
  log: Logger;
  now: () => number;
}

/** A notice not deliverable for this long is given up (the chat keeps failing). */
const GIVE_UP_AFTER_MS = 24 * 3600_000;
const RETRY_AFTER_MS = 30_000;

/** Whether `now` falls in the quiet hours [from, to) (UTC); returns when they end, or undefined. */
export function quietUntil(quiet: { from: number; to: number } | null, now: number): number | undefined {
  if (quiet === null || quiet.from === quiet.to) return undefined;
  const d = new Date(now);
  const hour = d.getUTCHours();
  const inside = quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
  if (!inside) return undefined;
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), quiet.to));
  if (end.getTime() <= now) end.setUTCDate(end.getUTCDate() + 1);
  return end.getTime();
}

/** The text and button of a notice in the user's language. */
export function renderNotice(t: Translate, p: NoticePayload): { text: string; keyboard?: InlineKeyboardMarkup } {
  const button = (label: string, data: string): InlineKeyboardMarkup => ({
    inline_keyboard: [[{ text: label, callback_data: data }]],
  });
  switch (p.type) {
    case "invoice-paid":
      return {
        text: p.payer
          ? t("notice-invoice-paid-by", { id: p.invoiceId, amount: formatAmount(p.amount, p.asset), payer: p.payer })
          : t("notice-invoice-paid", { id: p.invoiceId, amount: formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-invoice"), `inv:show:${p.invoiceId}`),
      };
    case "invoice-expired":
      return {
        text: t("notice-invoice-expired", { id: p.invoiceId, amount: formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-invoice"), `inv:show:${p.invoiceId}`),
      };
    case "cheque-redeemed":
      return {
        text: t("notice-cheque-redeemed", { id: p.chequeId, amount: formatAmount(p.amount, p.asset) }),
        keyboard: button(t("notice-open-cheque"), `chq:show:${p.chequeId}`),
      };
    case "price-alert":
      return {
        text: t(p.direction === "above" ? "notice-alert-above" : "notice-alert-below", {
          symbol: p.symbol,
          price: formatAmount(p.price),
          last: formatAmount(p.last),
        }),
        keyboard: button(t("notice-open-alerts"), "al:list"),
      };
    default: {
      const [base = "", quote = ""] = p.symbol.split("-");
      const vars = {
        id: p.orderId,
        symbol: p.symbol,
        side: t(p.side === "buy" ? "notice-side-buy" : "notice-side-sell"),
        filled: formatAmount(p.dealSize, base),
        size: p.size === null ? "—" : formatAmount(p.size, base),
        price: p.price === null ? "—" : formatAmount(p.price, quote),
      };
      const key = {
        "order-partly-filled": "notice-order-partly-filled",
        "order-filled": "notice-order-filled",
        "order-cancelled": "notice-order-cancelled",
        "order-stop-triggered": "notice-order-stop-triggered",
      }[p.type];
      return { text: t(key, vars), keyboard: button(t("notice-open-order"), `ord:show:${p.orderId}`) };
    }
  }
}

export class NoticeSender {
  /** Notices sent since start, and the detection → hand-over delays (ms) of the last ones, for figures. */
  sent = 0;
  readonly latencies: number[] = [];

  constructor(private readonly d: NoticeSenderDeps) {}

  /** At start: notices a crash left claimed are counted as failed, never sent a second time. */
  async recover(): Promise<number> {
    const r = await this.d.db
      .updateTable("notices")
      .set({ state: "failed" })
      .where("state", "=", "sending")
      .executeTakeFirst();
    const n = Number(r.numUpdatedRows);
    if (n > 0) this.d.log.warn({ notices: n }, "notices interrupted mid-send by a crash were not sent");
    return n;
  }

  /** Sends up to `limit` due notices; returns how many it handled. */
  async drain(limit = 200): Promise<number> {
    const now = this.d.now();
    const due = await this.d.db
      .selectFrom("notices")
      .selectAll()
      .where("state", "=", "pending")
      .where("not_before", "<=", now)
      .orderBy("created_at")
      .limit(limit)
      .execute();
    for (const n of due) {
      const claimed = await this.d.db
        .updateTable("notices")
        .set({ state: "sending" })
        .where("id", "=", n.id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      await this.#handle(n.id, n.telegram_id, n.topic, n.payload, n.created_at);
    }
    return due.length;
  }

  async #handle(id: string, user: number, topic: string, payload: string, createdAt: number): Promise<void> {
    const settle = (state: string, notBefore?: number) =>
      this.d.db
        .updateTable("notices")
        .set({ state, ...(notBefore === undefined ? {} : { not_before: notBefore }), ...(state === "sent" ? { sent_at: this.d.now() } : {}) })
        .where("id", "=", id)
        .execute();
    const settings = await this.d.settings.get(user);
    const on = settings.topics[topic as keyof typeof settings.topics] ?? true;
    if (settings.blocked || !on) return void (await settle("dropped"));
    const quietEnd = quietUntil(settings.quiet, this.d.now());
    if (quietEnd !== undefined) return void (await settle("pending", quietEnd));

    const { text, keyboard } = renderNotice(await this.d.translatorFor(user), JSON.parse(payload) as NoticePayload);
    let result: DeliveryResult;
    try {
      result = await this.d.transport.send(user, text, keyboard);
    } catch (err) {
      this.d.log.warn({ err, telegramId: user }, "could not send a notice");
      result = "retry";
    }
    if (result === "sent") {
      this.sent++;
      this.latencies.push(this.d.now() - createdAt);
      if (this.latencies.length > 100_000) this.latencies.splice(0, 50_000);
      await settle("sent");
    } else if (result === "blocked") {
      // The user blocked the bot: their notices stop until they write to it again.
      await this.d.settings.setBlocked(user, true);
      this.d.log.info({ telegramId: user }, "the bot is blocked by a user: notices turned off");
      await settle("dropped");
    } else if (this.d.now() - createdAt > GIVE_UP_AFTER_MS) {
      await settle("failed");
    } else {
      await settle("pending", this.d.now() + RETRY_AFTER_MS);
    }
  }
}
