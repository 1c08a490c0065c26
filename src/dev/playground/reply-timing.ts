/**
 * Which of the bot's messages answer a person and how fast: the first message or edit after a
 * person's update is the reply and carries the time from that update (⚡ on the page); messages that
 * follow it closely belong to the same reply; a message the bot sends with no update to answer (an
 * invoice paid, a report ready) is a notice, and carries no time, since there is nothing to time it
 * against. The server keeps the figures with the chats, so they survive a reload of the page.
 */
import type { ChatEvent } from "../telegram-stand-in/chat-model.js";

/** What the page shows beside a bot message. */
export interface Timing {
  /** Milliseconds from the person's update to this reply. */
  replyMs?: number;
  /** Sent by the bot on its own, not in reply to the person. */
  notice?: true;
}

export interface ChatTimings {
  /** By message id: messages without a figure or mark are left out. */
  messages: Record<number, Timing>;
  /** The latest reply's figure in this chat (the page's header). */
  lastReplyMs?: number;
}

/** Messages within this long of the bot's previous one still belong to the same reply. */
export const SAME_REPLY_MS = 2000;
/** An update left unanswered this long is no longer waiting: what comes after is a notice. */
export const UNANSWERED_MS = 30_000;

interface ChatState {
  /** When the person's latest update arrived, while the bot has not answered it in the chat. */
  waitingSince?: number;
  /** When the bot answered the pressed button of that update, if it did. */
  pressAnsweredAt?: number;
  /** When the bot last wrote as part of a reply. */
  replyChainAt?: number;
  timings: ChatTimings;
}

export class ReplyTimings {
  readonly #chats = new Map<number, ChatState>();

  /** Takes every chat change in order; returns what to show with it (nothing for most). */
  observe(e: ChatEvent): Timing | undefined {
    const chat = this.#chat(e.chatId);
    switch (e.type) {
      case "update":
        // An inline query is answered outside the chat; it awaits no reply there.
        if (e.update.inline_query) return undefined;
        chat.waitingSince = e.at;
        chat.pressAnsweredAt = undefined;
        chat.replyChainAt = undefined;
        return undefined;
      case "callback-answer": {
        // The press is answered; the chat change that usually follows is timed from the same update.
        if (chat.waitingSince === undefined) return undefined;
        const replyMs = Math.round(e.at - chat.waitingSince);
        chat.timings.lastReplyMs = replyMs;
        chat.pressAnsweredAt = e.at;
        return { replyMs };
      }
      case "message":
      case "edit": {
        if (e.type === "message" && !e.fromBot) return undefined;
        const id = e.message.message_id;
        const waited = chat.waitingSince === undefined ? undefined : e.at - chat.waitingSince;
        const pressAnswered = chat.pressAnsweredAt;
        const chained = chat.replyChainAt !== undefined && e.at - chat.replyChainAt <= SAME_REPLY_MS;
        const isReply =
          waited !== undefined && waited <= UNANSWERED_MS && (pressAnswered === undefined || e.at - pressAnswered <= SAME_REPLY_MS);
        chat.waitingSince = undefined;
        chat.pressAnsweredAt = undefined;
        if (isReply) {
          chat.replyChainAt = e.at;
          const timing = { replyMs: Math.round(waited!) };
          chat.timings.messages[id] = timing;
          chat.timings.lastReplyMs = timing.replyMs;
          return timing;
        }
        if (chained) {
          chat.replyChainAt = e.at;
          return undefined;
        }
        if (e.type === "edit") return undefined;
        chat.timings.messages[id] = { notice: true };
        return { notice: true };
      }
      default:
        return undefined;
    }
  }

  /** What is known of one chat, for a page that (re)loads. */
  of(chatId: number): ChatTimings {
    return this.#chats.get(chatId)?.timings ?? { messages: {} };
  }

  #chat(chatId: number): ChatState {
    let chat = this.#chats.get(chatId);
    if (!chat) {
      chat = { timings: { messages: {} } };
      this.#chats.set(chatId, chat);
    }
    return chat;
  }
}
