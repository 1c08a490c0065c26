/**
 * The "New transfer" conversation: recipient → asset → amount → optional note → the shared
 * confirmation. Service reads and the proposal run inside `conversation.external` and return plain
 * JSON; the transfer itself is sent only when Confirm is pressed (see action.ts).
 */
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, MAX_DECIMALS, money, parseAmount } from "../../../domain/money.js";
import type { BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { askAmount, askChoice, askText } from "../../shared/inputs.js";
import { askRecipient, recentRecipients } from "../../shared/recipient-step.js";
import { worthOf } from "../../shared/worth.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { TRANSFER_KIND } from "./action.js";
import { type TransferPayload, transferSummary } from "./format.js";
import type { Recipient } from "../../shared/recipient.js";

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

/** The dead end of an empty wallet: why, and how money gets into it. */
async function noFunds(conversation: BotConversation, ctx: ConvContext, deps: BotDeps, self: number, asset?: string) {
  const network = await conversation.external(() => networkOf(deps, self));
  const reply = topUpReply(ctx.t, network, ctx.t("send-no-funds"), "pay", asset);
  await ctx.reply(reply.text, { reply_markup: reply.keyboard });
}

/** "Send again": the same person, asset and amount as a transfer made before, straight to the summary. */
export interface RepeatTransfer {
  recipient: Recipient;
  asset: string;
  amount: string;
}

/**
 * Builds the New transfer conversation. `start` is a recipient typed after /send, or a transfer to
 * repeat (its note is not carried over: a note belongs to its occasion).
 */
export function newTransferConversation(deps: BotDeps, actions: ActionRegistry) {
  return async (conversation: BotConversation, ctx: ConvContext, start?: string | RepeatTransfer): Promise<void> => {
    const self = ctx.from?.id ?? 0;
    const repeat = typeof start === "object" ? start : undefined;
    // Nothing to send: say so (and where money comes from) before asking anything.
    // A failure is told as what it is (a refused key gets the Connect button), not as ours.
    const loaded = await conversation.external((octx) => attempt(octx, () => loadSendable(deps, self)));
    if (!loaded.ok) return tellFailure(ctx, loaded);
    const sendable = loaded.value;
    if (sendable.length === 0) return noFunds(conversation, ctx, deps, self);
    const recipient =
      repeat?.recipient ??
      (await askRecipient(deps, conversation, ctx, {
        prompt: ctx.t("send-ask-recipient"),
        recent: await conversation.external(() => recentRecipients(deps, self, TRANSFER_KIND)),
        ...(typeof start === "string" ? { prefill: start } : {}),
      }));
    // Not optional: the step returns a person or leaves the flow.
    if (recipient === undefined) return;
    const repeatable = repeat && sendable.find((s) => s.asset === repeat.asset);
    if (repeat && !repeatable) return noFunds(conversation, ctx, deps, self, repeat.asset);
    const assetCode =
      repeatable?.asset ??
      (await askChoice(
        conversation,
        ctx,
        ctx.t("send-ask-asset"),
        sendable.map((s) => ({
          label: ctx.t("send-asset-option", { asset: s.asset, available: formatAmount(s.available) }),
          value: s.asset,
        })),
        2,
      ));
    const asset = sendable.find((s) => s.asset === assetCode) as Sendable;
    // Read once: the prompt's rate, a fiat amount's conversion and the summary's worth agree.
    const worth = (await conversation.external(async () => (await worthOf(deps, self, asset.asset)) ?? null)) ?? undefined;

    const ask = (available: string) =>
      askAmount(conversation, ctx, {
        asset: asset.asset,
        decimals: asset.precision,
        min: asset.minTransfer,
        available,
        quick: true,
        ...(worth ? { worth } : {}),
        prompt: ctx.t("send-ask-amount", {
          asset: asset.asset,
          available: formatAmount(available, asset.asset),
          min: formatAmount(asset.minTransfer, asset.asset),
        }),
      });
    // A repeated amount the balance still covers goes straight to the summary; else it is asked.
    const repeated =
      repeat && parseAmount(repeat.amount, { decimals: asset.precision, min: asset.minTransfer, max: asset.available });
    const amount = repeated?.ok ? repeated.amount : await ask(asset.available);
    const description = repeat
      ? undefined
      : await askText(conversation, ctx, ctx.t("send-ask-description", { max: DESCRIPTION_MAX_LENGTH }), {
          optional: true,
          maxLength: DESCRIPTION_MAX_LENGTH,
        });

    const payload: TransferPayload = {
      target: String(recipient.id),
      ...(recipient.name ? { recipientName: recipient.name } : {}),
      ...(recipient.username ? { recipientUsername: recipient.username } : {}),
      asset: asset.asset,
      amount,
      ...(description ? { description } : {}),
      ...(worth ? { worth } : {}),
    };
    for (;;) {
      // The balance may have moved while the user typed: the summary shows what is available now.
      const outcome = await conversation.external(async (octx) => {
        const available = await availableNow(deps, self, asset.asset);
        if (money.gt(payload.amount, available)) return { proposed: false, available };
        await proposeAction(octx, deps, actions, {
          kind: TRANSFER_KIND,
          payload,
          summary: transferSummary(octx.t, payload, available, worth),
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
