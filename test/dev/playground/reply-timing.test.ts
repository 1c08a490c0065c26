/**
 * Which bot messages are replies (timed from the person's update) and which are notices, on
 * sequences of chat events as the stand-in emits them.
 */
import type { Message, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { ReplyTimings, SAME_REPLY_MS, UNANSWERED_MS } from "../../../src/dev/playground/reply-timing.js";
import type { ChatEvent } from "../../../src/dev/telegram-stand-in/chat-model.js";

const CHAT = 1001;
const message = (id: number) => ({ message_id: id }) as Message;
const update = (at: number, body: object = { message: message(0) }): ChatEvent => ({
  type: "update",
  at,
  chatId: CHAT,
  update: { update_id: at, ...body } as unknown as Update,
});
const botMessage = (at: number, id: number): ChatEvent => ({ type: "message", at, chatId: CHAT, message: message(id), fromBot: true });
const edit = (at: number, id: number): ChatEvent => ({ type: "edit", at, chatId: CHAT, message: message(id) });
const pressAnswer = (at: number): ChatEvent => ({ type: "callback-answer", at, chatId: CHAT, queryId: "cq1", showAlert: false });

function run(events: ChatEvent[]) {
  const timings = new ReplyTimings();
  return { seen: events.map((e) => timings.observe(e)), timings };
}

describe("reply timings", () => {
  it("times the first message after an update; what follows it closely is the same reply", () => {
    const { seen, timings } = run([update(1000), botMessage(1042.4, 2), botMessage(1100, 3)]);
    expect(seen).toEqual([undefined, { replyMs: 42 }, undefined]);
    expect(timings.of(CHAT)).toEqual({ messages: { 2: { replyMs: 42 } }, lastReplyMs: 42 });
  });

  it("marks a message with no update to answer as a notice, however long since the person wrote", () => {
    const { seen, timings } = run([update(0), botMessage(30, 2), botMessage(16_704, 3), botMessage(16_750, 4)]);
    expect(seen.slice(1)).toEqual([{ replyMs: 30 }, { notice: true }, { notice: true }]);
    // The header keeps the last reply's figure, never a notice's.
    expect(timings.of(CHAT).lastReplyMs).toBe(30);
  });

  it("a press: the answer to the button and the edit that follows are both timed from the press", () => {
    const { seen, timings } = run([update(0), botMessage(20, 5), update(5000, { callback_query: {} }), pressAnswer(5008), edit(5040, 5)]);
    expect(seen.slice(3)).toEqual([{ replyMs: 8 }, { replyMs: 40 }]);
    expect(timings.of(CHAT)).toEqual({ messages: { 5: { replyMs: 40 } }, lastReplyMs: 40 });
  });

  it("a press answered with nothing else: a later message is a notice; an inline query awaits no reply in the chat", () => {
    const later = run([update(0, { callback_query: {} }), pressAnswer(5), botMessage(5 + SAME_REPLY_MS + 1, 2)]);
    expect(later.seen.at(-1)).toEqual({ notice: true });
    const inline = run([update(0, { inline_query: {} }), botMessage(50, 2)]);
    expect(inline.seen.at(-1)).toEqual({ notice: true });
  });

  it("an update left unanswered for long does not make a later notice look like a slow reply", () => {
    const { seen } = run([update(0), botMessage(UNANSWERED_MS + 1, 2)]);
    expect(seen.at(-1)).toEqual({ notice: true });
  });

  it("the person's own messages and other chats are not timed", () => {
    const timings = new ReplyTimings();
    timings.observe(update(0));
    expect(timings.observe({ type: "message", at: 1, chatId: CHAT, message: message(9), fromBot: false })).toBeUndefined();
    expect(timings.observe({ ...botMessage(10, 3), chatId: 1002 })).toEqual({ notice: true });
    expect(timings.observe(botMessage(12, 2))).toEqual({ replyMs: 12 });
  });
});
