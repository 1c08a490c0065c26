/** My withdrawals: the list, paged by the service's cursor, and the details of one. */
import { copyable } from "../../../domain/copyable.js";
import { InlineKeyboard } from "grammy";
import type { PrivateEntries } from "../../entries.js";
import { clientsFor } from "../../../accounts/clients.js";
import { formatOptionalAmount } from "../../../domain/money.js";
import type { Translate } from "../../../domain/translate.js";
import type { PayWithdrawal } from "../../../service/schemas.js";
import type { BotContext, BotDeps } from "../../context.js";
import { createCursorPages } from "../../shared/cursor-pages.js";
import { formatTime } from "../../shared/format.js";
import { showInPlace } from "../../shared/show.js";
import { menu } from "../../menu-data.js";
import { zoneOf } from "../../shared/user-on-arrival.js";
import { WITHDRAW_DATA } from "./callback-data.js";

const PAGE_SIZE = 5;

/**
 * "UQAb…x9Zk": enough of an address to recognise it in a button, cut by code points (an address read
 * from the service is not checked here, so it may hold anything).
 */
const shortAddress = (a: string) => {
  const chars = [...a];
  return chars.length > 14 ? `${chars.slice(0, 6).join("")}…${chars.slice(-4).join("")}` : a;
};

/** The service's status words (S6: CREATED, COMPLETED, FAIL; S3's tests: pending) and ours. */
const STATUS_LABELS: Record<string, string> = {
  CREATED: "created",
  created: "created",
  pending: "created",
  processing: "processing",
  COMPLETED: "completed",
  completed: "completed",
  FAIL: "failed",
  failed: "failed",
};

/** A withdrawal's status in the user's words; one the service added since is shown as it comes. */
export function withdrawalStatusLabel(t: Translate, status: string | null): string {
  if (status === null) return "—";
  const known = STATUS_LABELS[status];
  return known === undefined ? status : t(`withdraw-status-${known}`);
}

function withdrawalCard(t: Translate, w: PayWithdrawal, zone?: string): string {
  return [
    t("withdraw-details-title", { id: copyable(w.withdrawalId) }),
    t("withdraw-field-amount", { amount: formatOptionalAmount(w.amount, w.asset) }),
    t("withdraw-field-fee", { fee: formatOptionalAmount(w.fee, w.asset) }),
    t("withdraw-field-network", { network: w.network ?? "—" }),
    t("withdraw-field-address", { address: w.address ? copyable(w.address) : "—" }),
    t("withdraw-field-status", { status: withdrawalStatusLabel(t, w.status) }),
    t("withdraw-field-tx", { tx: w.txHash || w.txLink ? copyable((w.txHash ?? w.txLink)!) : t("withdraw-tx-unknown") }),
    t("withdraw-field-created", { created: formatTime(w.createdAt, zone) }),
  ].join("\n");
}

/** The list and details handlers, and a function that shows the list's first page. */
export function withdrawalHistory(deps: BotDeps, entries: PrivateEntries): { showList: (ctx: BotContext) => Promise<void> } {
  const pages = createCursorPages(deps.storage, "withdraw-pages");

  const showPage = async (ctx: BotContext, page: number, edit: boolean) => {
    const at = await pages.open(ctx.from!.id, page);
    const { index } = at;
    const { pay } = await clientsFor(deps, ctx.from!.id);
    const result = await pay.getWithdrawals({ cursor: at.cursor, limit: PAGE_SIZE });
    await at.remember(result.pagination.next);

    const kb = new InlineKeyboard();
    for (const w of result.items) {
      const label = `${formatOptionalAmount(w.amount, w.asset)} → ${shortAddress(w.address ?? "—")} · ${withdrawalStatusLabel(ctx.t, w.status)}`;
      kb.text(label, WITHDRAW_DATA.show.build({ withdrawalId: w.withdrawalId })).row();
    }
    if (index > 0) kb.text(ctx.t("common-prev"), WITHDRAW_DATA.page.build({ page: index - 1 }));
    if (result.pagination.next) kb.text(ctx.t("common-next"), WITHDRAW_DATA.page.build({ page: index + 1 }));
    kb.row().text(ctx.t("common-back"), menu("withdraw"));
    const empty = result.items.length === 0 && index === 0;
    const text = empty ? ctx.t("withdraw-list-empty") : ctx.t("withdraw-list-title", { page: index + 1 });
    await showInPlace(ctx, text, { reply_markup: kb }, { edit });
  };

  entries.callback(WITHDRAW_DATA.list, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, 0, false);
  });
  entries.callback(WITHDRAW_DATA.page, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, WITHDRAW_DATA.page.parse(ctx.callbackQuery.data)!.page, true);
  });
  entries.callback(WITHDRAW_DATA.show, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const { withdrawalId } = WITHDRAW_DATA.show.parse(ctx.callbackQuery.data)!;
    const w = await pay.getWithdrawal({ withdrawalId });
    await ctx.reply(withdrawalCard(ctx.t, w, await zoneOf(deps.storage.users, ctx)), {
      reply_markup: new InlineKeyboard().text(ctx.t("withdraw-back-to-list"), WITHDRAW_DATA.list.build({})),
    });
  });

  return { showList: (ctx) => showPage(ctx, 0, false) };
}
