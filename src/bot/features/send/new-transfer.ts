/**
 * The "New transfer" conversation: recipient → asset → amount → optional note → the shared
 * confirmation. Service reads and the proposal run inside `conversation.external` and return plain
 * JSON; the transfer itself is sent only when Confirm is pressed (see action.ts).
 */
import type { ReplyKeyboardMarkup } from "grammy/types";
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, MAX_DECIMALS, money } from "../../../domain/money.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askAmount, askChoice, askText, isCancel, leave, waitFresh } from "../../shared/inputs.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { TRANSFER_KIND } from "./action.js";
import { personLabel } from "../../shared/people.js";
import { type TransferPayload, transferSummary } from "./format.js";
import {
  parseTypedRecipient,
  RECIPIENT_REQUEST_ID,
  type Recipient,
  type RecipientAnswer,
  recipientFromMessage,
  refuseSelf,
} from "./recipient.js";

export const NEW_TRANSFER_CONVERSATION = "send-new";
/** Longest note accepted; the summary and the details repeat it, so it is kept well under a message. */
export const DESCRIPTION_MAX_LENGTH = 500;

/** An asset the user can send now, with the rules its amount must follow. */
type Sendable = { asset: string; available: string; precision: number; minTransfer: string };

/** Assets with an available Pay balance of at least the minimum transfer, in the balances' order. */
async function loadSendable(deps: BotDeps, telegramId: number): Promise<Sendable[]> {
  const { pay } = await clientsFor(deps, telegramId);
  const [currencies, { balances }] = await Promise.all([pay.getCurrencies({ kind: "crypto" }), pay.getAppBalances()]);
  const sendable: Sendable[] = [];
  for (const b of balances) {
    const c = currencies.find((x) => x.code === b.asset);
    // No minimum in the reply: the service's refusal is the check.
    const minTransfer = c?.minTransfer ?? "0";
    if (c && money.gte(b.available, minTransfer) && money.isPositive(b.available)) {
      sendable.push({
        asset: b.asset,
        available: b.available,
        precision: c.precision ?? MAX_DECIMALS,
        minTransfer,
      });
    }
  }
  return sendable;
}

/** The available Pay balance of one asset, read again right before the summary. */
async function availableNow(deps: BotDeps, telegramId: number, asset: string): Promise<string> {
  const { pay } = await clientsFor(deps, telegramId);
  const { balances } = await pay.getAppBalances();
  return balances.find((b) => b.asset === asset)?.available ?? "0";
}

function recipientKeyboard(ctx: ConvContext): ReplyKeyboardMarkup {
  return {
    keyboard: [
      [
        {
          text: ctx.t("send-pick-user"),
          // Names too: without them Telegram shares only the id and every summary would read "user id …".
          request_users: {
            request_id: RECIPIENT_REQUEST_ID,
            user_is_bot: false,
            max_quantity: 1,
            request_name: true,
            request_username: true,
          },
        },
      ],
      [{ text: ctx.t("common-cancel") }],
    ],
    resize_keyboard: true,
    one_time_keyboard: true,
  };
}

/**
 * Asks for the recipient: a typed id, a user shared through the request-users button, or a forwarded
 * message. waitAnswer only knows text and buttons, so this step waits itself and mirrors its rules:
 * /cancel, the Cancel button (inline or on the reply keyboard) leave; another command or button leaves
 * and is handled as usual. The reply keyboard is removed once the step is over.
 */
async function askRecipient(
  deps: BotDeps,
  conversation: BotConversation,
  ctx: ConvContext,
  prefill?: string,
): Promise<Recipient> {
  const self = ctx.from?.id ?? 0;
  const cancelLabel = ctx.t("common-cancel");
  const chosen = async (c: ConvContext, given: Recipient) => {
    // A typed id names nobody: the name the bot remembers for it, if any.
    // (A plain object or null: what `external` returns is kept as JSON.)
    const r =
      given.name || given.username
        ? given
        : ((await conversation.external(
            async () => (await deps.storage.people.namesOf([given.id])).get(given.id) ?? null,
          )) ?? given);
    await c.reply(
      ctx.t("send-recipient-chosen", { recipient: personLabel(ctx.t, r.id, r) }),
      {
        reply_markup: { remove_keyboard: true },
      },
    );
    return r;
  };
  if (prefill !== undefined) {
    const answer = refuseSelf(parseTypedRecipient(prefill), self);
    if (answer.ok) return chosen(ctx, answer.recipient);
    await ctx.reply(ctx.t(`send-recipient-${answer.problem.replaceAll("_", "-")}`));
  }
  await ctx.reply(ctx.t("send-ask-recipient"), { reply_markup: recipientKeyboard(ctx) });
  for (;;) {
    const next = await waitFresh(conversation);
    const data = next.callbackQuery?.data;
    const message = next.message;
    const text = message?.text;
    const carried = message ? recipientFromMessage(message) : undefined;
    if (carried === undefined) {
      if (isCancel(next, cancelLabel)) return leave(conversation, next);
      // Another command or button: the flow ends and the update is handled outside.
      if (data !== undefined || text?.startsWith("/")) return conversation.halt({ next: true });
    }
    const answer: RecipientAnswer =
      carried ?? (text === undefined ? { ok: false, problem: "not_understood" } : parseTypedRecipient(text));
    const checked = refuseSelf(answer, self);
    if (checked.ok) return chosen(next, checked.recipient);
    await next.reply(ctx.t(`send-recipient-${checked.problem.replaceAll("_", "-")}`), {
      reply_markup: recipientKeyboard(ctx),
    });
  }
}

/** The dead end of an empty wallet: why, and how money gets into it. */
async function noFunds(conversation: BotConversation, ctx: ConvContext, deps: BotDeps, self: number, asset?: string) {
  const network = await conversation.external(() => networkOf(deps, self));
  const reply = topUpReply(ctx.t, network, ctx.t("send-no-funds"), "pay", asset);
  await ctx.reply(reply.text, { reply_markup: reply.keyboard });
}

/** Builds the New transfer conversation; `prefill` is a recipient typed after /send. */
export function newTransferConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext, prefill?: string): Promise<void> => {
    const self = ctx.from?.id ?? 0;
    // Nothing to send: say so (and where money comes from) before asking anything.
    // A failure is told as what it is (a refused key gets the Connect button), not as ours.
    const loaded = await conversation.external((octx) => attempt(octx, () => loadSendable(deps, self)));
    if (!loaded.ok) return tellFailure(ctx, loaded);
    const sendable = loaded.value;
    if (sendable.length === 0) return noFunds(conversation, ctx, deps, self);
    const recipient = await askRecipient(deps, conversation, ctx, prefill);
    const assetCode = await askChoice(
      conversation,
      ctx,
      ctx.t("send-ask-asset"),
      sendable.map((s) => ({
        label: ctx.t("send-asset-option", { asset: s.asset, available: formatAmount(s.available) }),
        value: s.asset,
      })),
      2,
    );
    const asset = sendable.find((s) => s.asset === assetCode) as Sendable;

    const ask = (available: string) =>
      askAmount(conversation, ctx, {
        asset: asset.asset,
        decimals: asset.precision,
        min: asset.minTransfer,
        available,
        quick: true,
        prompt: ctx.t("send-ask-amount", {
          asset: asset.asset,
          available: formatAmount(available, asset.asset),
          min: formatAmount(asset.minTransfer, asset.asset),
        }),
      });
    const amount = await ask(asset.available);
    const description = await askText(
      conversation,
      ctx,
      ctx.t("send-ask-description", { max: DESCRIPTION_MAX_LENGTH }),
      {
        optional: true,
        maxLength: DESCRIPTION_MAX_LENGTH,
      },
    );

    const payload: TransferPayload = {
      target: String(recipient.id),
      ...(recipient.name ? { recipientName: recipient.name } : {}),
      ...(recipient.username ? { recipientUsername: recipient.username } : {}),
      asset: asset.asset,
      amount,
      ...(description ? { description } : {}),
    };
    for (;;) {
      // The balance may have moved while the user typed: the summary shows what is available now.
      const outcome = await conversation.external(async (octx) => {
        const available = await availableNow(deps, self, asset.asset);
        if (money.gt(payload.amount, available)) return { proposed: false, available };
        await proposeAction(octx, deps, actions, {
          kind: TRANSFER_KIND,
          payload,
          summary: transferSummary(octx.t, payload, available),
        });
        return { proposed: true, available };
      });
      if (outcome.proposed) return;
      if (money.lt(outcome.available, asset.minTransfer)) return noFunds(conversation, ctx, deps, self, asset.asset);
      await ctx.reply(
        ctx.t("send-balance-changed", { available: formatAmount(outcome.available, asset.asset) }),
      );
      payload.amount = await ask(outcome.available);
    }
  };
}
