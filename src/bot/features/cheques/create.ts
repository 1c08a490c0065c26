/**
 * The "new cheque" conversation: asset → amount → optional description → optional recipient →
 * the shared confirmation. Service reads and the proposal run inside `conversation.external`, which
 * returns plain JSON only (never clients or the key).
 */
import { InlineKeyboard } from "grammy";
import { formatAmount, money } from "../../../domain/money.js";
import type { BotContext, BotConversation, BotDeps, ConvContext } from "../../context.js";
import { clientsFor } from "../../shared/account.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import { describeError, type UserMessage } from "../../shared/errors.js";
import { askAmount, askAsset, askText, cancelRow, SKIP_DATA, waitAnswer } from "../../shared/inputs.js";
import { CREATE_KIND, type CreatePayload } from "./actions.js";
import { createSummary } from "./views.js";

export const CREATE_CONVERSATION = "cheques-create";

const DESCRIPTION_MAX = 500;
/** A Telegram user id as the service takes it: digits, no leading zero. */
const USER_ID = /^[1-9][0-9]{0,15}$/;

interface Fundable {
  asset: string;
  precision: number;
  minCheque: string;
  available: string;
}

type Loaded = { ok: true; assets: Fundable[] } | { ok: false; error: UserMessage };

/** Currencies the user's Pay balance can fund a cheque in (available > 0), in the service's order. */
async function loadFundable(deps: BotDeps, telegramId: number): Promise<Loaded> {
  try {
    const { pay } = await clientsFor(deps, telegramId);
    const [currencies, balances] = await Promise.all([pay.getCurrencies(), pay.getAppBalances()]);
    const available = new Map(balances.balances.map((b) => [b.asset, b.available]));
    const assets = currencies
      .map((c) => ({
        asset: c.asset,
        precision: c.precision,
        minCheque: c.minCheque,
        available: available.get(c.asset) ?? "0",
      }))
      .filter((a) => money.isPositive(a.available));
    return { ok: true, assets };
  } catch (err) {
    deps.logger.warn({ err }, "could not load currencies and balances for a cheque");
    return { ok: false, error: describeError(err) };
  }
}

type Proposed = { ok: true; id: string } | { ok: false; error: UserMessage };

/**
 * Reads the available balance once more (the flow may have taken minutes) and shows the summary
 * with Confirm / Cancel; refuses before any confirmation if the amount is no longer covered.
 */
async function propose(
  octx: BotContext,
  deps: BotDeps,
  actions: ActionRegistry,
  payload: CreatePayload,
): Promise<Proposed> {
  try {
    const { pay } = await clientsFor(deps, octx.from!.id);
    const balances = await pay.getAppBalances();
    const available = balances.balances.find((b) => b.asset === payload.asset)?.available ?? "0";
    if (money.gt(payload.amount, available)) {
      return {
        ok: false,
        error: {
          key: "amount-insufficient",
          vars: { available: formatAmount(available, payload.asset), fee: "0" },
        },
      };
    }
    const summary = createSummary(octx.t, { ...payload, available });
    const id = await proposeAction(octx, deps, actions, { kind: CREATE_KIND, payload, summary });
    return { ok: true, id };
  } catch (err) {
    deps.logger.warn({ err }, "could not propose a cheque");
    return { ok: false, error: describeError(err) };
  }
}

/** Asks for a Telegram user id who alone may redeem the cheque; Skip means anyone with the link. */
async function askRecipient(conversation: BotConversation, ctx: ConvContext): Promise<string | undefined> {
  const keyboard = () => cancelRow(ctx, new InlineKeyboard().text(ctx.t("common-skip"), SKIP_DATA));
  await ctx.reply(ctx.t("cheques-ask-recipient"), { reply_markup: keyboard() });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind === "pick") {
      if (answer.value === "") return undefined;
      continue;
    }
    const text = answer.text.trim();
    if (USER_ID.test(text)) return text;
    await answer.ctx.reply(ctx.t("cheques-recipient-invalid"), { reply_markup: keyboard() });
  }
}

/** Builds the conversation; `deps` and `actions` are closed over, never stored in conversation state. */
export function createChequeConversation(deps: BotDeps, actions: ActionRegistry) {
  return async function createCheque(conversation: BotConversation, ctx: ConvContext): Promise<void> {
    const telegramId = ctx.from?.id;
    if (telegramId === undefined) return;

    const loaded = await conversation.external(() => loadFundable(deps, telegramId));
    if (!loaded.ok) {
      await ctx.reply(ctx.t(loaded.error.key, loaded.error.vars));
      return;
    }
    if (loaded.assets.length === 0) {
      await ctx.reply(ctx.t("cheques-no-funds"));
      return;
    }

    const assetCode = await askAsset(
      conversation,
      ctx,
      loaded.assets.map((a) => a.asset),
      ctx.t("cheques-ask-asset"),
    );
    const asset = loaded.assets.find((a) => a.asset === assetCode)!;

    const amount = await askAmount(conversation, ctx, {
      asset: asset.asset,
      decimals: asset.precision,
      min: asset.minCheque,
      available: asset.available,
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
    const target = await askRecipient(conversation, ctx);

    const payload: CreatePayload = {
      asset: asset.asset,
      amount,
      ...(description ? { description } : {}),
      ...(target ? { target } : {}),
    };
    const proposed = await conversation.external((octx) => propose(octx, deps, actions, payload));
    if (!proposed.ok) await ctx.reply(ctx.t(proposed.error.key, proposed.error.vars));
  };
}
