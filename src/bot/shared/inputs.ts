/**
 * Input steps shared by every conversation: each asks, validates, explains a bad answer in the
 * user's language and asks again. /cancel or the Cancel button leaves the conversation; another
 * command or an unrelated button leaves it and is handled as usual.
 */
import { InlineKeyboard } from "grammy";
import { FIAT_CODES, readFiatInput } from "../../domain/fiat-input.js";
import { type AmountRules, floorToStep, formatAmount, formatFiatRate, money, parseAmount } from "../../domain/money.js";
import { resolveSymbol, typedPair } from "../../domain/symbols.js";
import type { BotConversation, ConvContext } from "../context.js";
import type { UserMessage } from "./errors.js";
import { INPUT_DATA, pickData } from "./input-data.js";
import { fromFiat, type Worth } from "./worth.js";

/** Picked values of the quick-amount buttons (25 %, 50 %, Max) under an amount prompt. */
const QUICK_VALUE = "amt:";
const QUICK_CHOICES = ["25", "50", "max"] as const;
type QuickChoice = (typeof QUICK_CHOICES)[number];

export function cancelRow(ctx: ConvContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.row().text(ctx.t("common-cancel"), INPUT_DATA.cancel.build({}));
}

/**
 * Choice buttons, `columns` per row, plus Cancel. Options often come from the service (its assets): one
 * whose value would not fit a choice's data (`INPUT_DATA.pick`) is left out, with a warning, rather than
 * failing the whole prompt; the step still takes it typed.
 */
export function choiceKeyboard(
  ctx: ConvContext,
  options: { label: string; value: string }[],
  columns = 3,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  let placed = 0;
  for (const o of options) {
    const data = INPUT_DATA.pick.tryBuild({ value: o.value });
    if (data === undefined) {
      ctx.log.warn({ value: o.value }, "a choice whose value does not fit a button is left out");
      continue;
    }
    if (placed > 0 && placed % columns === 0) kb.row();
    kb.text(o.label, data);
    placed++;
  }
  return cancelRow(ctx, kb);
}

/**
 * Where each running flow began: the message that started it (a command) or whose button started it.
 * Every message the flow shows comes after it, so an input button on an earlier message belongs to a
 * flow that is over (or to an older step of another one) and binds nothing now. Kept per conversation
 * object: the flow runs from its start on every replay, so this is set again each time.
 */
const flowStarts = new WeakMap<BotConversation, number>();

/** Notes where the flow `conversation` began (called once, where every flow is entered). */
export function markFlowStart(conversation: BotConversation, ctx: ConvContext): void {
  const id = ctx.message?.message_id ?? ctx.callbackQuery?.message?.message_id;
  if (id !== undefined) flowStarts.set(conversation, id);
}

const isInputButton = (data: string) =>
  INPUT_DATA.cancel.pattern.test(data) || INPUT_DATA.skip.pattern.test(data) || INPUT_DATA.pick.pattern.test(data);

/**
 * The flow's next update, with presses of input buttons shown before the flow began (a finished
 * flow's Cancel, an old list's pick) answered "no longer active" and skipped: they neither cancel nor
 * answer the flow that runs now.
 */
export async function waitFresh(conversation: BotConversation): Promise<ConvContext> {
  for (;;) {
    const next = await conversation.wait();
    const data = next.callbackQuery?.data;
    const pressedOn = next.callbackQuery?.message?.message_id;
    const start = flowStarts.get(conversation);
    if (data === undefined || !isInputButton(data) || pressedOn === undefined || start === undefined) return next;
    if (pressedOn >= start) return next;
    await next.answerCallbackQuery({ text: next.t("common-button-outdated") });
  }
}

type Answer =
  | { kind: "text"; text: string; ctx: ConvContext }
  | { kind: "pick"; value: string; ctx: ConvContext };

/** Whether `next` asks to leave: /cancel, or the Cancel button (or a reply-keyboard button labelled `cancelLabel`). */
export function isCancel(next: ConvContext, cancelLabel?: string): boolean {
  const data = next.callbackQuery?.data;
  const text = next.message?.text;
  return (
    (data !== undefined && INPUT_DATA.cancel.pattern.test(data)) ||
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
    const next = await waitFresh(conversation);
    const data = next.callbackQuery?.data;
    const text = next.message?.text;
    if (isCancel(next)) return leave(conversation, next);
    const picked = data === undefined ? undefined : INPUT_DATA.pick.parse(data);
    if (picked) {
      await next.answerCallbackQuery();
      return { kind: "pick", value: picked.value, ctx: next };
    }
    if (data !== undefined && INPUT_DATA.skip.pattern.test(data)) {
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
    const typed = typedPair(answer.text);
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

/** An amount accepted (normalised), or the message that says why not. */
export type CheckedAmount = { ok: true; value: string } | { ok: false; error: UserMessage };

/**
 * Quick amounts offered under an amount prompt: Max (the most this action can spend, the fee already
 * taken off, so confirming it leaves nothing behind) and, where they are valid amounts, 25 % and 50 %
 * of it rounded down to `step`.
 */
export interface QuickAmounts {
  /** The largest valid amount, on the amount's grid; nothing is offered when it is not positive. */
  max: string;
  /** The grid a fraction is rounded down to (one unit of the last decimal place, or a pair's step). */
  step: string;
  /** The asset the amount is in (the Max button names the amount with it). */
  asset: string;
}

/** `max` of a balance: what is available less the fee, rounded down to `decimals`, at most `cap`. */
export function maxOf(available: string, opts: { decimals: number; fee?: string; cap?: string }): string {
  let max = maxAffordable(available, opts.fee);
  if (opts.cap !== undefined) max = money.min(max, opts.cap);
  return money.floor(max, opts.decimals);
}

/** One unit of the last of `decimals` places: "0.01" for 2, "1" for 0. */
export const stepOf = (decimals: number): string => (decimals <= 0 ? "1" : `0.${"0".repeat(decimals - 1)}1`);

function quickAmount(q: QuickAmounts, choice: QuickChoice): string {
  if (choice === "max") return q.max;
  const part = money.mul(q.max, choice === "25" ? "0.25" : "0.5");
  return money.normalise(money.mul(money.div(part, q.step, 0), q.step));
}

/** The amount a quick button stands for, or undefined when `value` is not one. */
function quickPicked(q: QuickAmounts | undefined, value: string): string | undefined {
  if (!q || !value.startsWith(QUICK_VALUE)) return undefined;
  const choice = value.slice(QUICK_VALUE.length) as QuickChoice;
  return QUICK_CHOICES.includes(choice) ? quickAmount(q, choice) : undefined;
}

/**
 * The prompt's keyboard: 25 % · 50 % · Max, each only when `accepts` takes its amount (the same check
 * a typed amount goes through), then Cancel.
 */
export function quickKeyboard(
  ctx: ConvContext,
  q: QuickAmounts | undefined,
  accepts: (amount: string) => boolean,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (q && money.isPositive(q.max)) {
    const offered = QUICK_CHOICES.map((choice) => ({ choice, amount: quickAmount(q, choice) })).filter(
      // A fraction equal to Max (a balance of one step) says nothing more.
      ({ choice, amount }) =>
        money.isPositive(amount) && accepts(amount) && (choice === "max" || money.lt(amount, q.max)),
    );
    for (const { choice, amount } of offered) {
      const label =
        choice === "max"
          ? ctx.t("amount-quick-max", { amount: formatAmount(amount, q.asset) })
          : ctx.t(`amount-quick-${choice}`);
      kb.text(label, pickData(QUICK_VALUE + choice));
    }
  }
  return cancelRow(ctx, kb);
}

/**
 * Asks for an amount, typed or picked with a quick button, until `check` accepts it; its refusals are
 * explained in the user's language. A picked amount goes through the same check as a typed one.
 */
export async function askCheckedAmount(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
  check: (text: string) => CheckedAmount,
  quick?: QuickAmounts,
): Promise<string> {
  const keyboard = () => quickKeyboard(ctx, quick, (amount) => check(amount).ok);
  await ctx.reply(prompt, { reply_markup: keyboard() });
  for (;;) {
    const answer = await waitAnswer(conversation);
    const text = answer.kind === "text" ? answer.text : quickPicked(quick, answer.value);
    if (text === undefined) continue;
    const checked = check(text);
    if (checked.ok) return checked.value;
    await answer.ctx.reply(ctx.t(checked.error.key, checked.error.vars), { reply_markup: keyboard() });
  }
}

export interface AmountQuestion extends AmountRules {
  asset: string;
  /** What the user can spend; an amount above it is refused before any confirmation. */
  available?: string;
  /** Extra amount that must also be covered by `available` (a fee in the same asset). */
  fee?: string;
  prompt?: string;
  /**
   * Offer 25 % / 50 % / Max of what `available` covers once the fee is paid (within `max`): for
   * amounts that spend a balance.
   */
  quick?: boolean;
  /**
   * The asset's worth in the person's fiat: the prompt shows the rate, and an amount typed in that
   * currency ("$10", "10 usd") is converted at it, rounded down to the asset's decimals.
   */
  worth?: Worth;
}

/** Asks for an amount and checks it against decimals, minimum, maximum and the available balance. */
export function askAmount(conversation: BotConversation, ctx: ConvContext, q: AmountQuestion): Promise<string> {
  const prompt =
    q.prompt ??
    ctx.t("common-ask-amount", {
      asset: q.asset,
      available: q.available === undefined ? "-" : formatAmount(q.available, q.asset),
    });
  const quick =
    q.quick && q.available !== undefined
      ? {
          max: maxOf(q.available, { decimals: q.decimals, ...(q.fee ? { fee: q.fee } : {}), ...(q.max ? { cap: q.max } : {}) }),
          step: stepOf(q.decimals),
          asset: q.asset,
        }
      : undefined;
  return askCheckedAmount(conversation, ctx, `${prompt}${fiatHint(ctx, q.worth)}`, (text) => checkAmount(text, q), quick);
}

/**
 * An amount typed in fiat, as the asset's amount at the worth's rate rounded down to `decimals`; the
 * text as it is when it names no currency; a refusal when it names one the bot cannot convert from.
 */
function fromTypedFiat(
  text: string,
  worth: Worth | undefined,
  decimals: number,
): { ok: true; text: string } | { ok: false; error: UserMessage } {
  const typed = readFiatInput(text, FIAT_CODES);
  if (!typed.ok) {
    if (typed.error === "not_fiat") return { ok: true, text };
    if (typed.error === "not_a_number") return { ok: true, text: "" };
  }
  if (!worth || !typed.ok || typed.fiat !== worth.fiat) {
    const fiat = typed.ok ? typed.fiat : (worth?.fiat ?? "");
    return { ok: false, error: { key: worth ? "amount-fiat-other" : "amount-fiat-unavailable", vars: { fiat, own: worth?.fiat ?? "" } } };
  }
  return { ok: true, text: fromFiat(typed.amount, worth, decimals) };
}

/** The prompt's line with the rate and the offer to type the amount in fiat; empty without a worth. */
export function fiatHint(ctx: ConvContext, worth: Worth | undefined): string {
  return worth
    ? `\n\n${ctx.t("amount-fiat-hint", { rate: formatFiatRate(worth.rate, worth.fiat), asset: worth.asset, fiat: worth.fiat })}`
    : "";
}

/**
 * `check` that also takes an amount typed in the worth's fiat, converted at its rate and rounded down
 * to the grid of `step` (the asset's amount the summary then states).
 */
export function acceptingFiat(check: (text: string) => CheckedAmount, worth: Worth | undefined, step: string): (text: string) => CheckedAmount {
  return (text) => {
    const converted = fromTypedFiat(text, worth, money.decimalPlaces(step));
    if (!converted.ok) return converted;
    return check(converted.text !== text && converted.text !== "" ? floorToStep(converted.text, step) : converted.text);
  };
}

/** A typed amount against the question's rules and balance. */
function checkAmount(typed: string, q: AmountQuestion): CheckedAmount {
  const converted = fromTypedFiat(typed, q.worth, q.decimals);
  if (!converted.ok) return converted;
  const text = converted.text;
  const parsed = parseAmount(text, { decimals: q.decimals, min: q.min, max: q.max });
  if (!parsed.ok) {
    return {
      ok: false,
      error: {
        key: `amount-${parsed.error}`,
        vars: {
          decimals: q.decimals,
          min: formatAmount(q.min ?? "0"),
          max: q.max === undefined ? "-" : formatAmount(q.max),
          asset: q.asset,
        },
      },
    };
  }
  if (q.available !== undefined && money.gt(parsed.amount, maxAffordable(q.available, q.fee))) {
    return {
      ok: false,
      error: {
        key: "amount-insufficient",
        vars: {
          available: formatAmount(q.available ?? "0", q.asset),
          fee: formatAmount(q.fee ?? "0", q.asset),
        },
      },
    };
  }
  return { ok: true, value: parsed.amount };
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
    if (opts.optional) kb.text(ctx.t("common-skip"), INPUT_DATA.skip.build({}));
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
      const said = text.length === 0 ? ctx.t("common-text-empty") : ctx.t("common-text-too-long", { length: text.length, max });
      await answer.ctx.reply(said, { reply_markup: keyboard() });
      continue;
    }
    return text;
  }
}
