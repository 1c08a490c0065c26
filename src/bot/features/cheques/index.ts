/**
 * Cheques: /cheques (or the menu) to create and list cheques, open one, and delete an active one.
 * Creating and deleting go through the shared confirmation step; list pages keep their cursors in
 * a small per-user store, since service cursors may not fit in callback data.
 */
import { copyable } from "../../../domain/copyable.js";
import { replyWithQr } from "../../shared/qr.js";
import { Composer } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import type { Cheque } from "../../../service/schemas.js";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { proposeAction } from "../../shared/confirm.js";
import { createCursorPages } from "../../shared/cursor-pages.js";
import { showInPlace } from "../../shared/show.js";
import { createChequeAction, DELETE_KIND, type DeletePayload, deleteChequeAction } from "./actions.js";
import { CREATE_CONVERSATION, createChequeConversation } from "./create.js";
import { DESCRIBE_CONVERSATION, describeChequeConversation } from "./describe.js";
import {
  chequesMenu,
  deleteSummary,
  chequeState,
  detailsKeyboard,
  detailsText,
  targetPerson,
  listView,
  stateLabel,
} from "./views.js";
import { zoneOf } from "../../shared/user-on-arrival.js";
import { CHEQUE_DATA } from "./callback-data.js";

const PAGE_SIZE = 5;

/** The cheques feature: menu, create conversation, list, details and delete. */
export function chequesFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(createChequeAction);
  actions.register(deleteChequeAction);
  const pages = createCursorPages(deps.storage, "cheques-pages");

  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "cheques", needsKey: true, helpTopic: "documents" });

  const showMenu = (ctx: BotContext) =>
    ctx.reply(ctx.t("cheques-menu-title"), { reply_markup: chequesMenu(ctx.t) });
  entries.command({ command: "cheques", descriptionKey: "cheques-cmd-cheques" }, showMenu);
  entries.menuButton({ button: "cheques", menu: { labelKey: "menu-cheques", row: 0, column: 2 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx);
  });

  const startCreate = async (ctx: BotContext) => {
    // Another flow left waiting would make entering fail; starting this one replaces it.
    await ctx.conversation.exitAll();
    await enterFlow(ctx, CREATE_CONVERSATION);
  };
  entries.command({ command: "cheque_new", descriptionKey: "cheques-cmd-new", featured: true }, startCreate);
  entries.callback(CHEQUE_DATA.create, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startCreate(ctx);
  });

  /** Shows page `page` of the list; `edit` replaces the message that holds the pressed button. */
  const showPage = async (
    ctx: BotContext,
    requested: { token: string; page: number } | undefined,
    edit: boolean,
  ) => {
    // A button of an older list (or a page never reached) starts again from the first page.
    const at = await pages.open(ctx.from!.id, requested?.page, requested?.token);
    const { pay } = await clientsFor(deps, ctx.from!.id);
    const result = await pay.getCheques({ limit: PAGE_SIZE, ...(at.cursor ? { cursor: at.cursor } : {}) });
    await at.remember(result.pagination.next);

    const view = listView(ctx.t, {
      items: result.items,
      page: at.index,
      token: at.token,
      hasNext: result.pagination.next !== null,
    });
    await showInPlace(ctx, view.text, { reply_markup: view.keyboard }, { edit });
  };
  entries.callback(CHEQUE_DATA.list, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, undefined, false);
  });
  entries.callback(CHEQUE_DATA.page, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, { token: ctx.match[1] as string, page: Number(ctx.match[2]) }, true);
  });

  const readCheque = async (telegramId: number, chequeId: string): Promise<Cheque> => {
    const { pay } = await clientsFor(deps, telegramId);
    return pay.getCheque({ chequeId });
  };

  entries.callback(CHEQUE_DATA.show, async (ctx) => {
    await ctx.answerCallbackQuery();
    const cheque = await readCheque(ctx.from.id, ctx.match[1] as string);
    const known = await targetPerson(deps.storage.people, cheque.target);
    await ctx.reply(detailsText(ctx.t, cheque, known, await zoneOf(deps.storage.users, ctx)), { reply_markup: detailsKeyboard(ctx.t, cheque) });
  });

  // The cheque's link as a QR code, for a person to scan with another phone.
  entries.callback(CHEQUE_DATA.qr, async (ctx) => {
    await ctx.answerCallbackQuery();
    const cheque = await readCheque(ctx.from.id, ctx.match[1] as string);
    const link = cheque.links.telegramBotLink;
    if (!link || chequeState(cheque) !== "active") {
      await ctx.reply(ctx.t("cheques-qr-unavailable"));
      return;
    }
    await replyWithQr(ctx, link, { caption: ctx.t("cheques-qr-caption", { link: copyable(link) }) });
  });

  entries.callback(CHEQUE_DATA.describe, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await enterFlow(ctx, DESCRIBE_CONVERSATION, ctx.match[1] as string);
  });

  entries.callback(CHEQUE_DATA.remove, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { pay } = await clientsFor(deps, ctx.from.id);
    const cheque = await pay.getCheque({ chequeId: ctx.match[1] as string });
    if (chequeState(cheque) !== "active") {
      await ctx.reply(ctx.t("cheques-not-active", { state: stateLabel(ctx.t, chequeState(cheque)) }));
      return;
    }
    const balances = await pay.getAppBalances();
    const available = balances.balances.find((b) => b.asset === cheque.asset)?.available ?? "0";
    await proposeAction<DeletePayload>(ctx, deps, actions, {
      kind: DELETE_KIND,
      payload: { chequeId: cheque.chequeId },
      summary: deleteSummary(ctx.t, cheque, available, await targetPerson(deps.storage.people, cheque.target)),
    });
  });

  return {
    manifest: entries.manifest,
    composer,
    conversations: [
      { id: CREATE_CONVERSATION, builder: createChequeConversation(deps, actions) },
      { id: DESCRIBE_CONVERSATION, builder: describeChequeConversation(deps) },
    ],
  };
}
