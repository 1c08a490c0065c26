/**
 * The alert flow: pair → above or below → price → set. `/alert` alone starts at the pair; the
 * one-line form (`/alert btc above 70000`) enters with what it says and asks only for what is missing
 * or wrong. Before an alert is set: the same alert kept already is named and not added again, and a
 * price the market is already past is asked about (keep it anyway, change the price, cancel), since
 * such an alert fires at its first round. Every step has « Back and ✖️ Cancel; a button of another
 * step answers "no longer active". Service reads run in `conversation.external` and return plain JSON.
 */
import { InlineKeyboard } from "grammy";
import { type NetworkName, pairOn } from "../../../domain/networks.js";
import { typedPair } from "../../../domain/symbols.js";
import {
  type AddedAlert,
  type AlertDirection,
  type AlertStore,
  MAX_ALERTS_PER_USER,
  type PriceAlert,
  reached,
} from "../../../notifications/alerts.js";
import type { BotConversation, ConvContext } from "../../context.js";
import { attempt, tellFailure } from "../../shared/attempt.js";
import { INPUT_DATA, pickData } from "../../shared/input-data.js";
import { isCancel, leave } from "../../shared/inputs.js";
import type { AlertMarket, AlertPair } from "./market.js";
import { type AlertWords, directionOf, priceChoices, readPrice } from "./prices.js";
import { ALERTS_DATA } from "./callback-data.js";
import { alertLine, pairPrice, quoteOf, setAlertKeyboard } from "./views.js";

export const ALERT_FLOW = "alert-new";

/** What the one-line form already said; the flow asks for the rest. */
export interface AlertPreset {
  pair?: string;
  direction?: AlertDirection;
  /** As typed; checked against the pair's price step once the pair is known. */
  price?: string;
  repeat?: boolean;
}

type Answer = { kind: "text"; text: string; ctx: ConvContext } | { kind: "pick"; value: string; ctx: ConvContext };

/** Choice values, one prefix per step, so a button left from another step is told apart. */
const PICK = {
  pair: (symbol: string) => `p:${symbol}`,
  direction: (d: AlertDirection) => `d:${d}`,
  price: (price: string) => `v:${price}`,
  keep: "t:keep",
  change: "t:change",
  back: "back",
} as const;

/**
 * The next answer this step takes: text, or one of its own buttons (`accepts`). A choice button of
 * another step is answered "no longer active" and waited past; /cancel or Cancel leaves; another
 * command or button leaves the flow and is handled as usual (the alerts list's « Back among them).
 */
async function answerFor(conversation: BotConversation, accepts: (value: string) => boolean): Promise<Answer> {
  for (;;) {
    const next = await conversation.wait();
    const data = next.callbackQuery?.data;
    const text = next.message?.text;
    if (isCancel(next)) return leave(conversation, next);
    const picked = data === undefined ? undefined : INPUT_DATA.pick.parse(data);
    if (picked) {
      const { value } = picked;
      if (!accepts(value)) {
        await next.answerCallbackQuery({ text: next.t("common-button-outdated") });
        continue;
      }
      await next.answerCallbackQuery();
      return { kind: "pick", value, ctx: next };
    }
    if (text !== undefined && !text.startsWith("/")) return { kind: "text", text, ctx: next };
    if (text !== undefined || data !== undefined) return conversation.halt({ next: true });
    await next.reply(next.t("common-send-text"));
  }
}

/** « Back and ✖️ Cancel, the last row of every step. */
function backCancel(ctx: ConvContext, keyboard: InlineKeyboard, back = pickData(PICK.back)): InlineKeyboard {
  if ((keyboard.inline_keyboard.at(-1)?.length ?? 0) > 0) keyboard.row();
  return keyboard.text(ctx.t("common-back"), back).text(ctx.t("common-cancel"), INPUT_DATA.cancel.build({}));
}

export function alertFlow(market: AlertMarket, alerts: AlertStore, words: AlertWords, now: () => number) {
  return async function alertNew(conversation: BotConversation, ctx: ConvContext, preset: AlertPreset = {}): Promise<void> {
    const telegramId = ctx.from?.id;
    if (telegramId === undefined) return;
    const start = await conversation.external((octx) =>
      attempt(octx, async () => ({ network: await market.networkOf(telegramId), count: await alerts.count(telegramId) })),
    );
    if (!start.ok) return tellFailure(ctx, start);
    const { network } = start.value;
    if (start.value.count >= MAX_ALERTS_PER_USER) {
      await ctx.reply(ctx.t("alerts-too-many", { max: MAX_ALERTS_PER_USER }), {
        reply_markup: new InlineKeyboard().text(ctx.t("notify-alerts-button"), ALERTS_DATA.list.build({})),
      });
      return;
    }

    let pair: AlertPair | undefined;
    let direction = preset.direction;
    let typedPrice = preset.price;
    let price: string | undefined;
    let last: string | undefined;
    const repeat = preset.repeat ?? false;
    /** What the pair step says first when the one-line form named no pair we know. */
    let unknown: { typed: string; suggestions: string[] } | undefined;

    if (preset.pair !== undefined) {
      const typed = preset.pair;
      const found = await conversation.external((octx) => attempt(octx, () => market.resolve(network, typed)));
      if (!found.ok) return tellFailure(ctx, found);
      if (found.value.ok) pair = found.value.pair;
      else unknown = { typed: typedPair(typed), suggestions: found.value.suggestions };
    }

    type Step = "pair" | "direction" | "price" | "set";
    let step: Step = pair === undefined ? "pair" : direction === undefined ? "direction" : "price";

    for (;;) {
      if (step === "pair") {
        const chosen = await askPair(conversation, ctx, market, network, unknown);
        if (chosen === undefined) return;
        pair = chosen;
        unknown = undefined;
        step = direction === undefined ? "direction" : "price";
        continue;
      }
      const symbol = pair!.symbol;
      // The pair as the texts that show its price name it (testnet's says so).
      const shown = pairOn(ctx.t, symbol, network);
      // The price now, shown by the direction and price steps (the one-line form may need neither).
      const oneLine = step === "price" && typedPrice !== undefined;
      if (step !== "set" && !oneLine && (last === undefined || step === "direction")) {
        const read = await conversation.external((octx) => attempt(octx, () => market.last(network, symbol)));
        if (!read.ok) return tellFailure(ctx, read);
        if (read.value === null) {
          // A pair without a last price (not traded yet): nothing to compare an alert with.
          await ctx.reply(ctx.t("alerts-no-price", { symbol: shown }));
          direction = undefined;
          typedPrice = undefined;
          step = "pair";
          continue;
        }
        last = read.value;
      }
      if (step === "direction") {
        const answer = await askDirection(conversation, ctx, { symbol, shown }, last!, words);
        if (answer === "back") {
          step = "pair";
          continue;
        }
        direction = answer;
        step = "price";
        continue;
      }
      if (step === "price") {
        if (typedPrice !== undefined) {
          // The one-line form's price, checked against this pair's step.
          const read = readPrice(typedPrice, pair!.step);
          typedPrice = undefined;
          if (read.ok) {
            price = read.price;
            step = "set";
            continue;
          }
          await ctx.reply(priceError(ctx, read, symbol));
          continue; // to the price step, with the price now
        }
        const answer = await askPrice(conversation, ctx, pair!, shown, direction!, last!);
        if (answer === "back") {
          step = "direction";
          continue;
        }
        price = answer;
        step = "set";
        continue;
      }

      // step === "set": the same alert kept already, then a price the market is already past.
      const terms = { telegramId, network, symbol, direction: direction!, price: price!, repeat };
      const check = await conversation.external((octx) =>
        attempt(octx, async () => ({ last: await market.last(network, symbol), same: await alerts.findSame(terms) })),
      );
      if (!check.ok) return tellFailure(ctx, check);
      if (check.value.same) return tellExists(ctx, check.value.same);
      const current = check.value.last;
      if (current !== null && reached(terms, current)) {
        last = current;
        const answer = await askAlreadyTrue(conversation, ctx, { ...terms, shown }, current);
        if (answer === "change") {
          step = "price";
          continue;
        }
      }
      const added = await conversation.external((octx) =>
        attempt(octx, () => alerts.add(terms, now())),
      );
      if (!added.ok) return tellFailure(ctx, added);
      return tellAdded(ctx, added.value, current ?? last);
    }
  };
}

/** The pair: the most traded pairs as buttons (or the suggestions for what was typed), or typed. */
async function askPair(
  conversation: BotConversation,
  ctx: ConvContext,
  market: AlertMarket,
  network: NetworkName,
  unknown: { typed: string; suggestions: string[] } | undefined,
): Promise<AlertPair | undefined> {
  const top = await conversation.external((octx) => attempt(octx, () => market.topPairs(network)));
  if (!top.ok) {
    await tellFailure(ctx, top);
    return undefined;
  }
  const keyboard = (symbols: string[]) => {
    const kb = new InlineKeyboard();
    symbols.forEach((s, i) => {
      if (i > 0 && i % 2 === 0) kb.row();
      kb.text(s, pickData(PICK.pair(s)));
    });
    // Back from the first step: the list of alerts (a button outside the flow, which ends it).
    return backCancel(ctx, kb, ALERTS_DATA.list.build({}));
  };
  const unknownText = (u: { typed: string; suggestions: string[] }) =>
    ctx.t(u.suggestions.length > 0 ? "symbol-unknown-suggest" : "symbol-unknown", { typed: u.typed });
  await ctx.reply(unknown ? unknownText(unknown) : ctx.t("alerts-ask-pair"), {
    reply_markup: keyboard(unknown?.suggestions.length ? unknown.suggestions : top.value),
  });
  for (;;) {
    const answer = await answerFor(conversation, (v) => v.startsWith("p:"));
    const typed = answer.kind === "pick" ? answer.value.slice(2) : answer.text.trim();
    const found = await conversation.external((octx) => attempt(octx, () => market.resolve(network, typed)));
    if (!found.ok) {
      await tellFailure(answer.ctx, found);
      return undefined;
    }
    if (found.value.ok) return found.value.pair;
    const again = { typed: typedPair(typed), suggestions: found.value.suggestions };
    await answer.ctx.reply(unknownText(again), { reply_markup: keyboard(again.suggestions.length ? again.suggestions : top.value) });
  }
}

/** `pair.shown`: the pair as the text names it (with its network when testnet). */
async function askDirection(
  conversation: BotConversation,
  ctx: ConvContext,
  pair: { symbol: string; shown: string },
  last: string,
  words: AlertWords,
): Promise<AlertDirection | "back"> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("alerts-direction-above"), pickData(PICK.direction("above")))
    .text(ctx.t("alerts-direction-below"), pickData(PICK.direction("below")));
  await ctx.reply(ctx.t("alerts-ask-direction", { symbol: pair.shown, last: pairPrice(pair.symbol, last) }), {
    reply_markup: backCancel(ctx, keyboard),
  });
  for (;;) {
    const answer = await answerFor(conversation, (v) => v.startsWith("d:") || v === PICK.back);
    if (answer.kind === "pick") return answer.value === PICK.back ? "back" : (answer.value.slice(2) as AlertDirection);
    const direction = directionOf(answer.text, words);
    if (direction) return direction;
    await answer.ctx.reply(ctx.t("common-pick-from-list"), { reply_markup: backCancel(ctx, keyboard) });
  }
}

/** The price: buttons at 1, 5 and 10 % on the alert's side of the current price, or typed. */
async function askPrice(
  conversation: BotConversation,
  ctx: ConvContext,
  pair: AlertPair,
  /** The pair as the text names it (with its network when testnet). */
  shown: string,
  direction: AlertDirection,
  last: string,
): Promise<string | "back"> {
  const { symbol } = pair;
  const choices = priceChoices(last, direction, pair.step);
  const keyboard = () => {
    const kb = new InlineKeyboard();
    for (const c of choices) {
      const label = ctx.t(direction === "above" ? "alerts-price-up" : "alerts-price-down", {
        percent: c.percent,
        price: pairPrice(symbol, c.price),
      });
      kb.text(label, pickData(PICK.price(c.price))).row();
    }
    return backCancel(ctx, kb);
  };
  await ctx.reply(
    ctx.t(direction === "above" ? "alerts-ask-price-above" : "alerts-ask-price-below", {
      symbol: shown,
      last: pairPrice(symbol, last),
      quote: quoteOf(symbol) ?? "",
    }),
    { reply_markup: keyboard() },
  );
  for (;;) {
    const answer = await answerFor(
      conversation,
      (v) => v === PICK.back || choices.some((c) => PICK.price(c.price) === v),
    );
    if (answer.kind === "pick") return answer.value === PICK.back ? "back" : answer.value.slice(2);
    const read = readPrice(answer.text, pair.step);
    if (read.ok) return read.price;
    await answer.ctx.reply(priceError(ctx, read, symbol), { reply_markup: keyboard() });
  }
}

/** The market is already past the price: keep it anyway (it fires at once), change the price, or cancel. */
async function askAlreadyTrue(
  conversation: BotConversation,
  ctx: ConvContext,
  /** `shown`: the pair as the text names it (with its network when testnet). */
  terms: { symbol: string; shown: string; direction: AlertDirection; price: string },
  current: string,
): Promise<"keep" | "change"> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("alerts-keep-anyway"), pickData(PICK.keep))
    .row()
    .text(ctx.t("alerts-change-price"), pickData(PICK.change))
    .row()
    .text(ctx.t("common-cancel"), INPUT_DATA.cancel.build({}));
  await ctx.reply(
    ctx.t(terms.direction === "above" ? "alerts-already-above" : "alerts-already-below", {
      symbol: terms.shown,
      price: pairPrice(terms.symbol, terms.price),
      last: pairPrice(terms.symbol, current),
    }),
    { reply_markup: keyboard },
  );
  for (;;) {
    const answer = await answerFor(conversation, (v) => v === PICK.keep || v === PICK.change);
    if (answer.kind === "pick") return answer.value === PICK.keep ? "keep" : "change";
    await answer.ctx.reply(ctx.t("common-pick-from-list"), { reply_markup: keyboard });
  }
}

function priceError(ctx: ConvContext, read: { error: string; decimals: number }, symbol: string): string {
  if (read.error === "too_many_decimals") return ctx.t("alerts-price-decimals", { symbol, decimals: read.decimals });
  if (read.error === "not_a_number" || read.error === "not_positive") return ctx.t("alerts-bad-price");
  return ctx.t(`amount-${read.error}`);
}

async function tellExists(ctx: ConvContext, existing: PriceAlert): Promise<void> {
  await ctx.reply(ctx.t("alerts-exists", { line: alertLine(ctx.t, existing) }), {
    reply_markup: setAlertKeyboard(ctx.t, existing),
  });
}

async function tellAdded(ctx: ConvContext, added: AddedAlert, last: string | null | undefined): Promise<void> {
  if (added.kind === "duplicate") return tellExists(ctx, added.existing);
  if (added.kind === "too-many") {
    await ctx.reply(ctx.t("alerts-too-many", { max: MAX_ALERTS_PER_USER }), {
      reply_markup: new InlineKeyboard().text(ctx.t("notify-alerts-button"), ALERTS_DATA.list.build({})),
    });
    return;
  }
  const { alert } = added;
  await ctx.reply(
    ctx.t("alerts-created", {
      line: alertLine(ctx.t, alert),
      last: last === null || last === undefined ? "—" : pairPrice(alert.symbol, last),
    }),
    { reply_markup: setAlertKeyboard(ctx.t, alert) },
  );
}
