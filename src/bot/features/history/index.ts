/**
 * History: one timeline of what moved the person's money through this bot (/history or the main
 * menu), newest first, ten to a page, narrowed by kind and by asset, each entry opening its receipt.
 * A page is read from the bot's own journal (no service call); a receipt reads the entry's state from
 * the service once, by its client id.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import { explorerLink } from "../../../domain/networks.js";
import type { Translate } from "../../../domain/translate.js";
import { reconcile } from "../../../service/reconcile.js";
import type { HistoryQuery, OperationRecord } from "../../../storage/index.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { menu } from "../../menu-data.js";
import type { ActionRegistry } from "../../shared/confirm.js";
import { formatTime } from "../../shared/format.js";
import { showInPlace } from "../../shared/show.js";
import { zoneOf } from "../../shared/user-on-arrival.js";
import { withSendAgain } from "../send/index.js";
import { ANY_ASSET, FILTERS, type Filter, HISTORY_DATA } from "./callback-data.js";
import {
  entryLine,
  isReceived,
  KINDS_OF,
  type NameOf,
  peopleOf,
  RECEIVED_KINDS,
  receivedReceipt,
  recordedReceipt,
  repeatable,
  sharedEntry,
} from "./entries.js";
import { declare } from "../../entries.js";

export const PAGE_SIZE = 10;
/** An inline query that shares a receipt: `receipt <entry id>`. */
const SHARE_QUERY = /^receipt ([A-Za-z0-9_-]{1,40})$/;

/** The journal query of one page under a filter. */
function queryOf(filter: Filter, asset: string, page: number): HistoryQuery {
  const base = { offset: page * PAGE_SIZE, limit: PAGE_SIZE, ...(asset === ANY_ASSET ? {} : { asset }) };
  if (filter === "a") return { ...base, own: {}, received: { kinds: RECEIVED_KINDS } };
  if (filter === "r") return { ...base, received: { kinds: RECEIVED_KINDS } };
  return { ...base, own: { kinds: KINDS_OF[filter] } };
}

async function namesFor(deps: BotDeps, entries: OperationRecord[], me: number): Promise<NameOf> {
  const names = await deps.storage.people.namesOf([...new Set(entries.flatMap((op) => peopleOf(op, me)))]);
  return (id) => names.get(id);
}

/** The entry's number buttons (five a row), the filters, the pages and the way back. */
function pageKeyboard(t: Translate, entries: OperationRecord[], view: { filter: Filter; asset: string; page: number }, more: boolean) {
  const kb = new InlineKeyboard();
  entries.forEach((op, i) => {
    if (i > 0 && i % 5 === 0) kb.row();
    kb.text(String(view.page * PAGE_SIZE + i + 1), HISTORY_DATA.entry.build({ id: op.id, ...view }));
  });
  kb.row();
  if (view.page > 0) kb.text(t("common-prev"), HISTORY_DATA.page.build({ ...view, page: view.page - 1 }));
  if (more) kb.text(t("common-next"), HISTORY_DATA.page.build({ ...view, page: view.page + 1 }));
  return kb
    .row()
    .text(t("history-by-kind", { kind: t(`history-filter-${view.filter}`) }), HISTORY_DATA.kinds.build({ asset: view.asset }))
    .text(
      t("history-by-asset", { asset: view.asset === ANY_ASSET ? t("history-any-asset") : view.asset }),
      HISTORY_DATA.assets.build({ filter: view.filter }),
    )
    .row()
    .text(t("common-back"), menu("main"));
}

/** The state the service gives an entry now, and its on-chain transaction link; one call at most. */
async function liveState(deps: BotDeps, op: OperationRecord, me: number): Promise<{ status?: string; link?: string } | undefined> {
  if (isReceived(op, me)) return undefined;
  const { pay, exchange } = await clientsFor(deps, me);
  switch (op.kind) {
    case "transfer": {
      const r = await reconcile.transfer(pay, op.id);
      return r.done ? { ...(r.resource.status ? { status: r.resource.status } : {}) } : undefined;
    }
    case "cheque_create": {
      const r = await reconcile.cheque(pay, op.id);
      return r.done && r.resource.state ? { status: r.resource.state } : undefined;
    }
    case "invoice_create": {
      const r = await reconcile.invoice(pay, op.id);
      return r.done && r.resource.status ? { status: r.resource.status } : undefined;
    }
    case "withdrawal": {
      const r = await reconcile.withdrawal(pay, op.id);
      if (!r.done) return undefined;
      const w = r.resource;
      const link = w.txLink ?? (w.txHash && w.network ? explorerLink(w.network, w.txHash, op.network) : undefined);
      return { ...(w.status ? { status: w.status } : {}), ...(link ? { link } : {}) };
    }
    case "funding_withdrawal": {
      const r = await reconcile.fundingWithdrawal(exchange, op.id);
      if (!r.done) return undefined;
      const link = r.resource.txHash ? explorerLink(r.resource.network, r.resource.txHash, op.network) : undefined;
      return { status: r.resource.status, ...(link ? { link } : {}) };
    }
    case "order": {
      const r = await reconcile.order(exchange, op.id);
      return r.done ? { status: r.resource.status } : undefined;
    }
    default:
      return undefined;
  }
}

/** The History feature. */
export function historyFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "history", needsKey: true, helpTopic: "wallet" });

  const showPage = async (ctx: BotContext, filter: Filter, asset: string, page: number, edit: boolean) => {
    const me = ctx.from!.id;
    const { entries, more } = await deps.storage.operations.listHistory(me, queryOf(filter, asset, page));
    const [nameOf, zone] = await Promise.all([namesFor(deps, entries, me), zoneOf(deps.storage.users, ctx)]);
    const narrowed = filter !== "a" || asset !== ANY_ASSET;
    const title = ctx.t("history-title", { page: page + 1 });
    const text =
      entries.length === 0
        ? ctx.t(page > 0 ? "history-end" : narrowed ? "history-empty-filtered" : "history-empty")
        : [title, "", ...entries.map((op, i) => `${page * PAGE_SIZE + i + 1}. ${entryLine(ctx.t, op, me, nameOf, zone)}`)].join("\n");
    await showInPlace(ctx, text, { reply_markup: pageKeyboard(ctx.t, entries, { filter, asset, page }, more) }, { edit });
  };

  entries.command({ command: "history", descriptionKey: "history-cmd" }, async (ctx) => {
    // "/history usdt" narrows to one asset at once.
    const typed = ctx.match.trim().toUpperCase();
    const asset = /^[A-Z0-9_]{1,10}$/.test(typed) ? typed : ANY_ASSET;
    await showPage(ctx, "a", asset, 0, false);
  });
  entries.menuButton({ button: "history", menu: { labelKey: "menu-history", row: 0, column: 1 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, "a", ANY_ASSET, 0, false);
  });
  entries.callback(HISTORY_DATA.page, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { filter, asset, page } = HISTORY_DATA.page.parse(ctx.callbackQuery.data)!;
    await showPage(ctx, filter, asset, page, true);
  });

  entries.callback(HISTORY_DATA.kinds, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { asset } = HISTORY_DATA.kinds.parse(ctx.callbackQuery.data)!;
    const kb = new InlineKeyboard();
    FILTERS.forEach((filter, i) => {
      if (i > 0 && i % 2 === 0) kb.row();
      kb.text(ctx.t(`history-filter-${filter}`), HISTORY_DATA.page.build({ filter, asset, page: 0 }));
    });
    kb.row().text(ctx.t("common-back"), HISTORY_DATA.page.build({ filter: "a", asset, page: 0 }));
    await showInPlace(ctx, ctx.t("history-pick-kind"), { reply_markup: kb }, { edit: true });
  });

  entries.callback(HISTORY_DATA.assets, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { filter } = HISTORY_DATA.assets.parse(ctx.callbackQuery.data)!;
    const assets = (await deps.storage.operations.historyAssets(ctx.from.id, RECEIVED_KINDS)).filter((a) =>
      HISTORY_DATA.page.tryBuild({ filter, asset: a, page: 0 }),
    );
    const kb = new InlineKeyboard().text(ctx.t("history-any-asset"), HISTORY_DATA.page.build({ filter, asset: ANY_ASSET, page: 0 }));
    assets.forEach((asset, i) => {
      if (i % 3 === 0) kb.row();
      kb.text(asset, HISTORY_DATA.page.build({ filter, asset, page: 0 }));
    });
    await showInPlace(ctx, ctx.t("history-pick-asset"), { reply_markup: kb }, { edit: true });
  });

  entries.callback(HISTORY_DATA.entry, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { id, ...view } = HISTORY_DATA.entry.parse(ctx.callbackQuery.data)!;
    const me = ctx.from.id;
    const op = await deps.storage.operations.get(id);
    const back = new InlineKeyboard().text(ctx.t("common-back"), HISTORY_DATA.page.build(view));
    // Someone else's entry (a forged or foreign button) is not shown, as if it did not exist.
    if (!op || op.state !== "done" || (op.telegramId !== me && !isReceived(op, me))) {
      await showInPlace(ctx, ctx.t("history-entry-missing"), { reply_markup: back }, { edit: true });
      return;
    }
    const [nameOf, zone] = await Promise.all([namesFor(deps, [op], me), zoneOf(deps.storage.users, ctx)]);
    const live = await liveState(deps, op, me).catch((err: unknown) => {
      ctx.log.warn({ err, kind: op.kind }, "a receipt's state could not be read");
      return null;
    });
    const text = receiptText(ctx.t, actions, op, me, nameOf, zone, live);
    const kb = new InlineKeyboard().switchInline(ctx.t("common-share"), `receipt ${op.id}`);
    const again = repeatable(op, me);
    if (again) withSendAgain(ctx.t, kb.row(), again);
    kb.row().text(ctx.t("common-back"), HISTORY_DATA.page.build(view));
    await showInPlace(ctx, text, { reply_markup: kb, link_preview_options: { is_disabled: true } }, { edit: true });
  });

  return { manifest: entries.manifest, composer };
}

/** The receipt: what was done (as its own outcome message says it), when, where, and its state now. */
function receiptText(
  t: Translate,
  actions: ActionRegistry,
  op: OperationRecord,
  me: number,
  nameOf: NameOf,
  zone: string | undefined,
  live: { status?: string; link?: string } | null | undefined,
): string {
  const received = isReceived(op, me) ? receivedReceipt(t, op, nameOf, zone) : undefined;
  if (received) return received;
  const body = recordedReceipt(t, op) ?? describedByAction(t, actions, op) ?? t("history-line-other", { time: "", kind: op.kind });
  const lines = [t("history-receipt-title"), "", body, ""];
  // A transfer between xRocket users carries no fee (its result message says nothing of one).
  if (op.kind === "transfer") lines.push(t("history-field-fee-none"));
  lines.push(t("history-field-time", { time: formatTime(op.updatedAt.toISOString(), zone) }));
  if (op.network === "testnet") lines.push(t("history-field-network-testnet"));
  if (live === null) lines.push(t("history-field-status-unknown"));
  else if (live?.status) lines.push(t("history-field-status", { status: live.status }));
  if (live?.link) lines.push(t("history-field-transaction", { link: live.link }));
  return lines.join("\n");
}

function describedByAction(t: Translate, actions: ActionRegistry, op: OperationRecord): string | undefined {
  try {
    return actions.get(op.kind).describeDone(t, op.payload as never, (op.result ?? {}) as never);
  } catch {
    // A kind no feature registers any more: the entry still shows, by its kind.
    return undefined;
  }
}

/**
 * The inline result that shares a receipt of `me`'s (own or received): what and when, no ids.
 * Undefined when the query is not a receipt's or names an entry that is not theirs.
 */
export async function sharedReceipt(
  deps: BotDeps,
  t: Translate,
  me: number,
  query: string,
  zone?: string,
): Promise<{ title: string; text: string } | undefined> {
  const id = SHARE_QUERY.exec(query.trim())?.[1];
  if (id === undefined) return undefined;
  const op = await deps.storage.operations.get(id);
  if (!op || op.state !== "done" || (op.telegramId !== me && !isReceived(op, me))) return undefined;
  const nameOf = await namesFor(deps, [op], me);
  return { title: t("history-share-title"), text: sharedEntry(t, op, me, nameOf, zone) };
}

/** Whether an inline query asks to share a receipt. */
export const isReceiptQuery = (query: string) => SHARE_QUERY.test(query.trim());
