/**
 * The "new cheque" conversation: asset → amount → optional description → optional recipient →
 * the shared confirmation. Service reads and the proposal run inside `conversation.external`, which
 * returns plain JSON only (never clients or the key).
 */
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, MAX_DECIMALS, money } from "../../../domain/money.js";
import type { BotContext, BotConversation, BotDeps, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import type { UserMessage } from "../../shared/errors.js";
import { askAmount, askAsset, askText } from "../../shared/inputs.js";
import { askRecipient, recentRecipients } from "../../shared/recipient-step.js";
import { type Worth, worthOf } from "../../shared/worth.js";
import { TRANSFER_KIND } from "../send/index.js";
import { networkOf, topUpReply } from "../../shared/top-up.js";
import { CREATE_KIND, type CreatePayload } from "./actions.js";
import { createSummary, targetPerson } from "./views.js";

export const CREATE_CONVERSATION = "cheques-create";

export const DESCRIPTION_MAX = 500;

interface Fundable {
  asset: string;
  precision: number;
  minCheque: string;
  available: string;
}

/** Currencies the user's Pay balance can fund a cheque in (at least the minimum), in the service's order. */
async function loadFundable(deps: BotDeps, telegramId: number): Promise<Fundable[]> {
  const { pay } = await clientsFor(deps, telegramId);
  const [currencies, balances] = await Promise.all([pay.getCurrencies({ kind: "crypto" }), pay.getAppBalances()]);
  const available = new Map(balances.balances.map((b) => [b.asset, b.available]));
  return currencies
    .map((c) => ({
      asset: c.code,
      precision: c.precision ?? MAX_DECIMALS,
      minCheque: c.minCheque ?? "0",
      available: available.get(c.code) ?? "0",
    }))
    // Below the cheque minimum no amount could be accepted: such an asset is not offered.
    .filter((a) => money.isPositive(a.available) && money.gte(a.available, a.minCheque));
}

/**
 * Reads the available balance once more (the flow may have taken minutes) and shows the summary
 * with Confirm / Cancel. Returns why not, without any confirmation, if the amount is no longer covered.
 */
async function propose(
  octx: BotContext,
  deps: BotDeps,
  actions: ActionRegistry,
  payload: CreatePayload,
  worth: Worth | undefined,
): Promise<UserMessage | null> {
  const { pay } = await clientsFor(deps, octx.from!.id);
  const balances = await pay.getAppBalances();
  const available = balances.balances.find((b) => b.asset === payload.asset)?.available ?? "0";
  if (money.gt(payload.amount, available)) {
    return {
      key: "amount-insufficient",
      vars: { available: formatAmount(available, payload.asset), fee: formatAmount("0", payload.asset) },
    };
  }
  const summary = createSummary(octx.t, { ...payload, available }, await targetPerson(deps.storage.people, payload.target), worth);
  const withCallback = { ...payload, ...(await deps.watch?.callbackFor(octx.from!.id)) };
  await proposeAction(octx, deps, actions, { kind: CREATE_KIND, payload: withCallback, summary });
  return null;
}

/** Builds the conversation; `deps` and `actions` are closed over, never stored in conversation state. */
export function createChequeConversation(deps: BotDeps, actions: ActionRegistry) {
  return async function createCheque(conversation: BotConversation, ctx: ConvContext): Promise<void> {
    const telegramId = ctx.from?.id;
    if (telegramId === undefined) return;

    const loaded = await conversation.external((octx) => attempt(octx, () => loadFundable(deps, telegramId)));
    if (!loaded.ok) return tellFailure(ctx, loaded);
    const fundable = loaded.value;
    if (fundable.length === 0) {
      const network = await conversation.external(() => networkOf(deps, telegramId));
      const reply = topUpReply(ctx.t, network, ctx.t("cheques-no-funds"), "pay");
      await ctx.reply(reply.text, { reply_markup: reply.keyboard });
      return;
    }

    const assetCode = await askAsset(
      conversation,
      ctx,
      fundable.map((a) => a.asset),
      ctx.t("cheques-ask-asset"),
    );
    const asset = fundable.find((a) => a.asset === assetCode)!;
    // Read once: the prompt's rate, a fiat amount's conversion and the summary's worth agree.
    const worth = (await conversation.external(async () => (await worthOf(deps, telegramId, asset.asset)) ?? null)) ?? undefined;

    const amount = await askAmount(conversation, ctx, {
      asset: asset.asset,
      decimals: asset.precision,
      min: asset.minCheque,
      available: asset.available,
      quick: true,
      ...(worth ? { worth } : {}),
      prompt: ctx.t("cheques-ask-amount", {
        asset: asset.asset,
        available: formatAmount(asset.available, asset.asset),
        min: formatAmount(asset.minCheque, asset.asset),
      }),
    });

    const description = await askText(
      conversation,
      ctx,
      ctx.t("cheques-ask-description", { max: DESCRIPTION_MAX }),
      {
        optional: true,
        maxLength: DESCRIPTION_MAX,
      },
    );
    const redeemer = await askRecipient(deps, conversation, ctx, {
      prompt: ctx.t("cheques-ask-recipient"),
      recent: await conversation.external(() => recentRecipients(deps, telegramId, TRANSFER_KIND)),
      optional: { skipped: ctx.t("cheques-recipient-skipped") },
    });
    const target = redeemer === undefined ? undefined : String(redeemer.id);

    const payload: CreatePayload = {
      asset: asset.asset,
      amount,
      ...(description ? { description } : {}),
      ...(target ? { target } : {}),
      ...(worth ? { worth } : {}),
    };
    const proposed = await conversation.external((octx) =>
      attempt(octx, () => propose(octx, deps, actions, payload, worth)),
    );
    const refusal = proposed.ok ? proposed.value : proposed.error;
    if (refusal) await ctx.reply(ctx.t(refusal.key, refusal.vars));
  };
}
