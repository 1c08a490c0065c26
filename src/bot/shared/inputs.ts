/**
 * Input steps shared by every conversation: each asks, validates, explains a bad answer in the
 * user's language and asks again. /cancel or the Cancel button leaves the conversation; another
 * command or an unrelated button leaves it and is handled as usual.
 */
import { InlineKeyboard } from "grammy";
import { type AmountRules, formatAmount, money, parseAmount } from "../../domain/money.js";
import { resolveSymbol } from "../../domain/symbols.js";
import type { BotConversation, ConvContext } from "../context.js";

export const CANCEL_DATA = "in:cancel";
export const SKIP_DATA = "in:skip";
/** Callback data of a choice button inside a flow: this prefix and the chosen value. */
export const PICK_PREFIX = "in:pick:";

export function cancelRow(ctx: ConvContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.row().text(ctx.t("common-cancel"), CANCEL_DATA);
}

/** Choice buttons, `columns` per row, plus Cancel. Values must fit callback data (≤ 50 bytes). */
export function choiceKeyboard(
  ctx: ConvContext,
  options: { label: string; value: string }[],
  columns = 3,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  options.forEach((o, i) => {
    if (i > 0 && i % columns === 0) kb.row();
    kb.text(o.label, PICK_PREFIX + o.value);
  });
  return cancelRow(ctx, kb);
}

type Answer =
  | { kind: "text"; text: string; ctx: ConvContext }
  | { kind: "pick"; value: string; ctx: ConvContext };

/** Whether `next` asks to leave: /cancel, or the Cancel button (or a reply-keyboard button labelled `cancelLabel`). */
export function isCancel(next: ConvContext, cancelLabel?: string): boolean {
  const data = next.callbackQuery?.data;
  const text = next.message?.text;
  return (
    data === CANCEL_DATA ||
    text === "/cancel" ||
    text?.startsWith("/cancel@") === true ||
    (cancelLabel !== undefined && text?.trim() === cancelLabel)
  );
}

/** Leaves the conversation, telling the user nothing was done (and taking away any reply keyboard). */
export async function leave(conversation: BotConversation, next: ConvContext): Promise<never> {
  if (next.callbackQuery) await next.answerCallbackQuery();
  await next.reply(next.t("common-cancelled"), { reply_markup: { remove_keyboard: true } });
  return conversation.halt();
}

/**
 * Waits for the next answer: a text message or one of our buttons. Leaves the conversation on
 * /cancel, Cancel, or anything that belongs elsewhere (which then runs as usual).
 */
export async function waitAnswer(conversation: BotConversation): Promise<Answer> {
  for (;;) {
    const next = await conversation.wait();
    const data = next.callbackQuery?.data;
    const text = next.message?.text;
    if (isCancel(next)) return leave(conversation, next);
    if (data?.startsWith(PICK_PREFIX)) {
      await next.answerCallbackQuery();
      return { kind: "pick", value: data.slice(PICK_PREFIX.length), ctx: next };
    }
    if (data === SKIP_DATA) {
      await next.answerCallbackQuery();
      return { kind: "pick", value: "", ctx: next };
    }
    if (text !== undefined && !text.startsWith("/")) return { kind: "text", text, ctx: next };
    if (text?.startsWith("/") || data !== undefined) {
      // Another command or button: the flow ends and the update is handled outside.
      return conversation.halt({ next: true });
    }
    // Stickers, photos and the like: ask again without leaving.
    await next.reply(next.t("common-send-text"));
  }
}

/** Asks to pick one of `options` (buttons); a typed value equal to an option is accepted too. */
export async function askChoice(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  options: { label: string; value: string }[],
  columns = 3,
): Promise<string> {
  await ctx.reply(prompt, { reply_markup: choiceKeyboard(ctx, options, columns) });
  for (;;) {
    const answer = await waitAnswer(conversation);
    const value = answer.kind === "pick" ? answer.value : answer.text.trim().toUpperCase();
    const match = options.find((o) => o.value === value || o.value.toUpperCase() === value);
    if (match) return match.value;
    await answer.ctx.reply(ctx.t("common-pick-from-list"), {
      reply_markup: choiceKeyboard(ctx, options, columns),
    });
  }
}

/**
 * Asks for a trading pair among `symbols`: a button, or typed in any usual spelling (`btc/usdt`,
 * `btcusdt`); an unknown one gets the closest pairs as buttons.
 */
export async function askSymbol(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  symbols: string[],
): Promise<string> {
  const buttons = (list: string[]) =>
    choiceKeyboard(
      ctx,
      list.map((s) => ({ label: s, value: s })),
      2,
    );
  await ctx.reply(prompt, { reply_markup: buttons(symbols) });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind === "pick" && symbols.includes(answer.value)) return answer.value;
    if (answer.kind !== "text") continue;
    const found = resolveSymbol(answer.text, symbols);
    if (found.ok) return found.symbol;
    const typed = answer.text.trim().slice(0, 30);
    await answer.ctx.reply(
      ctx.t(found.suggestions.length ? "symbol-unknown-suggest" : "symbol-unknown", { typed }),
      { reply_markup: buttons(found.suggestions.length ? found.suggestions : symbols) },
    );
  }
}

/** Asks for an asset among `assets` (buttons). */
export function askAsset(
  conversation: BotConversation,
  ctx: ConvContext,
  assets: string[],
  prompt?: string,
): Promise<string> {
  return askChoice(
    conversation,
    ctx,
    prompt ?? ctx.t("common-ask-asset"),
    assets.map((a) => ({ label: a, value: a })),
  );
}

export interface AmountQuestion extends AmountRules {
  asset: string;
  /** What the user can spend; an amount above it is refused before any confirmation. */
  available?: string;
  /** Extra amount that must also be covered by `available` (a fee in the same asset). */
  fee?: string;
  prompt?: string;
}

/** Asks for an amount and checks it against decimals, minimum, maximum and the available balance. */
export async function askAmount(
  conversation: BotConversation,
  ctx: ConvContext,
  q: AmountQuestion,
): Promise<string> {
  const prompt =
    q.prompt ??
    ctx.t("common-ask-amount", {
      asset: q.asset,
      available: q.available === undefined ? "-" : formatAmount(q.available, q.asset),
    });
  await ctx.reply(prompt, { reply_markup: cancelRow(ctx) });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind !== "text") continue;
    const parsed = parseAmount(answer.text, { decimals: q.decimals, min: q.min, max: q.max });
    if (!parsed.ok) {
      await answer.ctx.reply(
        ctx.t(`amount-${parsed.error}`, {
          decimals: q.decimals,
          min: formatAmount(q.min ?? "0"),
          max: q.max === undefined ? "-" : formatAmount(q.max),
          asset: q.asset,
        }),
        { reply_markup: cancelRow(ctx) },
      );
      continue;
    }
    if (q.available !== undefined && money.gt(parsed.amount, maxAffordable(q.available, q.fee))) {
      await answer.ctx.reply(
        ctx.t("amount-insufficient", {
          available: formatAmount(q.available ?? "0", q.asset),
          fee: formatAmount(q.fee ?? "0", q.asset),
        }),
        { reply_markup: cancelRow(ctx) },
      );
      continue;
    }
    return parsed.amount;
  }
}

/** The largest amount the balance covers once the fee is paid. */
function maxAffordable(available: string, fee: string | undefined): string {
  const afterFee = fee ? money.sub(available, fee) : available;
  return money.isPositive(afterFee) ? afterFee : "0";
}

/** Asks for free text up to `maxLength`; with `optional`, a Skip button returns undefined. */
export async function askText(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  opts: { optional?: boolean; maxLength?: number } = {},
): Promise<string | undefined> {
  const keyboard = () => {
    const kb = new InlineKeyboard();
    if (opts.optional) kb.text(ctx.t("common-skip"), SKIP_DATA);
    return cancelRow(ctx, kb);
  };
  await ctx.reply(prompt, { reply_markup: keyboard() });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind === "pick") {
      if (opts.optional && answer.value === "") return undefined;
      continue;
    }
    const text = answer.text.trim();
    const max = opts.maxLength ?? 1000;
    if (text.length === 0 || text.length > max) {
      await answer.ctx.reply(ctx.t("common-text-too-long", { max }), { reply_markup: keyboard() });
      continue;
    }
    return text;
  }
}
