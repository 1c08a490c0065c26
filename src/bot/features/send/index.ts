/**
 * Send: transfers from the user's Pay balance to other Telegram users. /send or the main menu opens a
 * small menu: New transfer (a conversation ending in the shared confirmation), My transfers (cursor
 * pages) and Find by id (/transfer <id>). A message forwarded outside any flow offers a transfer to
 * the person who wrote it.
 */
import { Composer, InlineKeyboard } from "grammy";
import { clientsFor } from "../../../accounts/clients.js";
import type { Translate } from "../../../domain/translate.js";
import { enterFlow } from "../../flows.js";
import type { BotContext, BotConversation, BotDeps, ConvContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { shareUrl } from "../../shared/format.js";
import { askText } from "../../shared/inputs.js";
import { sendLink } from "../../shared/link-payloads.js";
import { HISTORY_FIRST_PAGE, transferAction, withSendAgain } from "./action.js";
import { SEND_DATA } from "./callback-data.js";
import { type FindResult, findReply, findTransfer, historyPages } from "./history.js";
import { NEW_TRANSFER_CONVERSATION, newTransferConversation, type RepeatTransfer } from "./new-transfer.js";
import { RECIPIENT_REQUEST_ID, recipientFromMessage, refuseSelf } from "../../shared/recipient.js";
import { personLabel } from "../../shared/people.js";
import { menu } from "../../menu-data.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

/** The kind of a transfer's journal rows: whom a person paid lately is read from them. */
export { TRANSFER_KIND, withSendAgain } from "./action.js";

export const FIND_CONVERSATION = "send-find";

/**
 * Starts a transfer to the user `userId` (a shared pay-me link): a new flow replaces whatever flow
 * was waiting for an answer. The caller has passed the key gate.
 */
export async function startTransfer(ctx: BotContext, userId: number): Promise<void> {
  await ctx.conversation.exitAll();
  await enterFlow(ctx, NEW_TRANSFER_CONVERSATION, String(userId));
}
/** Longer than any id the service or we produce; longer input is refused before a lookup. */
const FIND_MAX_LENGTH = 64;

function menuKeyboard(t: Translate, botUsername: string, userId: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("send-new"), SEND_DATA.create.build({}))
    .row()
    .text(t("send-list"), HISTORY_FIRST_PAGE)
    .text(t("send-find"), SEND_DATA.find.build({}))
    .row()
    .url(t("links-share-pay-me"), shareUrl(sendLink(botUsername, userId)))
    .row()
    .text(t("common-back"), menu("main"));
}

function afterFindKeyboard(t: Translate, result: FindResult): InlineKeyboard {
  const kb = result.found ? withSendAgain(t, new InlineKeyboard(), result.found) : new InlineKeyboard();
  return kb
    .text(t("send-find-another"), SEND_DATA.find.build({}))
    .text(t("send-list"), HISTORY_FIRST_PAGE);
}

/** Asks for an id until it looks like one, then shows the transfer or says it was not found. */
function findConversation(deps: BotDeps) {
  return async (conversation: BotConversation, ctx: ConvContext): Promise<void> => {
    const self = ctx.from?.id ?? 0;
    let prompt = ctx.t("send-find-ask");
    for (;;) {
      const typed = (await askText(conversation, ctx, prompt, { maxLength: FIND_MAX_LENGTH })) ?? "";
      const result = await conversation.external(async () =>
        findTransfer((await clientsFor(deps, self)).pay, deps.storage.people, typed),
      );
      const zone = await conversation.external(async () => (await deps.storage.users.get(self))?.timeZone ?? null);
      if (result.found === null && result.invalid) {
        prompt = ctx.t("send-find-invalid");
        continue;
      }
      await ctx.reply(findReply(ctx.t, typed, result, zone ?? undefined), { reply_markup: afterFindKeyboard(ctx.t, result) });
      return;
    }
  };
}

/** The Send feature: menu, New transfer, My transfers, Find by id; registers the transfer action. */
export function sendFeature({ deps, actions }: FeatureKit): Feature {
  actions.register(transferAction);
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "send", needsKey: true, helpTopic: "wallet" });
  const showPage = historyPages(deps);

  const showMenu = (ctx: BotContext) =>
    ctx.reply(ctx.t("send-menu-title"), { reply_markup: menuKeyboard(ctx.t, ctx.me.username, ctx.from!.id) });

  // Every way in (/send <id>, New, a shared user) passed the key gate: the manifest needs a key.
  const startNew = (ctx: BotContext, start?: string | RepeatTransfer) =>
    enterFlow(ctx, NEW_TRANSFER_CONVERSATION, ...(start === undefined ? [] : [start]));

  const showTransfer = async (ctx: BotContext, typed: string) => {
    const { pay } = await clientsFor(deps, ctx.from?.id ?? 0);
    const result = await findTransfer(pay, deps.storage.people, typed);
    await ctx.reply(findReply(ctx.t, typed, result, await zoneOf(deps.storage.users, ctx)), { reply_markup: afterFindKeyboard(ctx.t, result) });
  };

  // "/send" opens the menu; "/send 123456789" starts a transfer to that user at once.
  entries.command({ command: "send", descriptionKey: "send-cmd", featured: true }, async (ctx) => {
    const arg = ctx.match.trim();
    if (arg) await startNew(ctx, arg);
    else await showMenu(ctx);
  });
  const openMenu = async (ctx: BotContext) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx);
  };
  entries.menuButton({ button: "send", menu: { labelKey: "menu-send", row: 1, column: 0 } }, openMenu);
  entries.callback(SEND_DATA.menu, openMenu);
  entries.callback(SEND_DATA.create, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startNew(ctx);
  });

  entries.command({ command: "transfers", descriptionKey: "send-cmd-list" }, (ctx) => showPage(ctx, 0, false));
  entries.callback(SEND_DATA.page, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showPage(ctx, SEND_DATA.page.parse(ctx.callbackQuery.data)!.page, true);
  });

  entries.command({ command: "transfer", descriptionKey: "send-cmd-find" }, async (ctx) => {
    const arg = ctx.match.trim();
    if (arg) await showTransfer(ctx, arg);
    else await enterFlow(ctx, FIND_CONVERSATION);
  });
  entries.callback(SEND_DATA.find, async (ctx) => {
    await ctx.answerCallbackQuery();
    await enterFlow(ctx, FIND_CONVERSATION);
  });

  // A user shared through our keyboard after the flow ended (the keyboard can outlive it): start anew.
  entries.update("users_shared", async (ctx, next) => {
    const shared = ctx.message.users_shared;
    const user = shared.users[0];
    if (shared.request_id !== RECIPIENT_REQUEST_ID || user === undefined) return next();
    // Its name was remembered on the way in (shared/people.ts): the new flow finds it by the id.
    await startNew(ctx, String(user.user_id));
  });

  // A message forwarded outside a flow: most likely its author is someone to pay. Anything else
  // forwarded (a channel's post, a hidden account, a bot, oneself) is not understood, as before.
  entries.update("forward", async (ctx, next) => {
    const carried = recipientFromMessage(ctx.message);
    const answer = carried && refuseSelf(carried, ctx.from.id);
    if (!answer?.ok) return next();
    const { recipient } = answer;
    await ctx.reply(ctx.t("send-forward-offer", { recipient: personLabel(ctx.t, recipient.id, recipient) }), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("send-forward-send"), SEND_DATA.to.build({ userId: recipient.id }))
        .text(ctx.t("common-back"), menu("main")),
    });
  });
  entries.callback(SEND_DATA.to, async (ctx) => {
    await ctx.answerCallbackQuery();
    // Its name was remembered when the message was forwarded (shared/people.ts).
    await startNew(ctx, String(SEND_DATA.to.parse(ctx.callbackQuery.data)!.userId));
  });

  entries.callback(SEND_DATA.again, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { userId, asset, amount } = SEND_DATA.again.parse(ctx.callbackQuery.data)!;
    if (userId === ctx.from.id) return void (await ctx.reply(ctx.t("send-recipient-self")));
    const recipient = (await deps.storage.people.namesOf([userId])).get(userId) ?? { id: userId };
    await startNew(ctx, { recipient, asset, amount });
  });

  // The reply keyboard's Cancel pressed after the flow already ended (e.g. by /cancel, which the bot
  // handles before any conversation and which cannot take a reply keyboard away): nothing is left to
  // cancel, so it says so, and the keyboard goes away now.
  entries.menuText("common-cancel", (ctx) => ctx.reply(ctx.t("common-button-outdated"), { reply_markup: { remove_keyboard: true } }));

  return {
    manifest: entries.manifest,
    composer,
    conversations: [
      { id: NEW_TRANSFER_CONVERSATION, builder: newTransferConversation(deps, actions) },
      { id: FIND_CONVERSATION, builder: findConversation(deps) },
    ],
  };
}
