/**
 * What the benchmarks' people do, step by step, and how they find the button to press: shared by
 * bench:latency (one instance, long polling) and bench:scale (instances behind a balancer).
 */
import type { ChatEvent } from "../src/dev/telegram-stand-in/chat-model.js";
import type { SimulatedUser } from "../src/dev/telegram-stand-in/simulated-user.js";

/**
 * One update a person sends: a text, a press of the inline button whose data matches, or a press of
 * the reply-keyboard button whose label matches (`key`: the label is sent as a text, as Telegram does).
 */
export type Step = { label: string; text?: string; press?: string | RegExp; key?: RegExp };

/** BTC a swap gives from the funding balance. */
export const SWAP_BTC = "0.0005";

export const transfer = (recipient: number): Step[] => [
  { label: "transfer: /start", text: "/start" },
  { label: "transfer: menu → Send", press: "menu:send" },
  { label: "transfer: New transfer", press: "snd:new" },
  { label: "transfer: recipient id", text: String(recipient) },
  { label: "transfer: asset", press: "in:pick:USDT" },
  // Typed in USD: converted at the rate the prompt showed (USDT is 1 USD in the simulator), summary with its worth.
  { label: "transfer: amount in USD", text: "$1" },
  { label: "transfer: skip note", press: "in:skip" },
  { label: "transfer: Confirm", press: /^cf:/ },
];
export const cheque: Step[] = [
  { label: "cheque: /cheque_new", text: "/cheque_new" },
  { label: "cheque: asset", press: "in:pick:USDT" },
  { label: "cheque: amount", text: "1" },
  { label: "cheque: skip description", press: "in:skip" },
  { label: "cheque: skip recipient", key: /^(Skip|Пропустить)$/ },
  { label: "cheque: Confirm", press: /^cf:/ },
];
/** Gives BTC from the funding balance for USDT: the summary needs the estimate and both balances. */
export const swap: Step[] = [
  { label: "swap: /swap", text: "/swap" },
  { label: "swap: give BTC", press: "in:pick:BTC" },
  { label: "swap: get USDT", press: "in:pick:USDT" },
  { label: "swap: amount → summary", text: SWAP_BTC },
  { label: "swap: Confirm", press: /^cf:/ },
];
export const tenAnswers: Step[] = [
  { label: "prompt: /cheque_new", text: "/cheque_new" },
  { label: "prompt: asset", press: "in:pick:USDT" },
  ...Array.from({ length: 10 }, (_, i) => ({ label: `prompt: answer ${i + 1}`, text: i % 2 ? "ten" : "-5" })),
  { label: "prompt: /cancel", text: "/cancel" },
];

export type Reply = Extract<ChatEvent, { type: "message" | "edit" | "callback-answer" }>;
/** A message from the bot, an edit or a press's answer: what counts as the bot answering. */
export const isReply = (e: ChatEvent): e is Reply =>
  (e.type === "message" && e.fromBot) || e.type === "edit" || e.type === "callback-answer";

/**
 * The button to press on the bot's newest message with buttons, as a person presses it: a flow's
 * buttons answer only on the prompt that asks (an older prompt's Skip is no longer active).
 */
export function buttonData(user: SimulatedUser, press: string | RegExp): { data: string; messageId: number } | undefined {
  const newest = [...user.fromBot].reverse().find((m) => (m.reply_markup?.inline_keyboard.length ?? 0) > 0);
  for (const b of newest?.reply_markup?.inline_keyboard.flat() ?? []) {
    if (!("callback_data" in b)) continue;
    if (typeof press === "string" ? b.callback_data === press : press.test(b.callback_data)) {
      return { data: b.callback_data, messageId: newest!.message_id };
    }
  }
  return undefined;
}

/** The label of the reply-keyboard button matching `key` on the bot's newest message that has a reply keyboard. */
export function keyText(user: SimulatedUser, key: RegExp): string | undefined {
  // The stand-in keeps a reply keyboard beside the message (`keyboard`), as a person's app shows it.
  type WithKeyboard = { keyboard?: { keyboard?: ({ text: string } | string)[][] } };
  const newest = [...user.fromBot].reverse().find((m) => (m as WithKeyboard).keyboard !== undefined) as WithKeyboard | undefined;
  const markup = newest?.keyboard;
  for (const b of markup?.keyboard?.flat() ?? []) {
    const label = typeof b === "string" ? b : b.text;
    if (key.test(label)) return label;
  }
  return undefined;
}

/** The `p`th percentile of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
