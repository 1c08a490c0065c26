/**
 * The recipient of a transfer or a cheque: read from a typed id, a user shared through the request-users button
 * or a forwarded message. Pure functions over the message, so the conversation only waits and asks.
 */
import type { Message } from "grammy/types";
import { type KnownPerson, personFrom } from "../../domain/people.js";

/** `request_id` of our request-users keyboard button; a shared user with another id is not ours. */
export const RECIPIENT_REQUEST_ID = 7301;

/** A display name and username when Telegram told us or the bot remembered them; never sent to the service. */
export type Recipient = KnownPerson;

export type RecipientProblem =
  | "not_an_id"
  | "username"
  | "hidden"
  | "not_a_user"
  | "bot"
  | "self"
  | "not_understood";

export type RecipientAnswer = { ok: true; recipient: Recipient } | { ok: false; problem: RecipientProblem };

// Telegram user ids are positive and fit in 52 bits; 16 digits bound them with room to spare.
const USER_ID = /^[1-9][0-9]{0,15}$/;
const DEEP_LINK = /^tg:\/\/user\?id=([1-9][0-9]{0,15})$/i;
/** A @username, or a t.me link to one: a bare word ("hello") is no username, only not an id. */
const USERNAME = /^(?:@|(?:https?:\/\/)?(?:t\.me|telegram\.me)\/)[A-Za-z][A-Za-z0-9_]{3,31}$/i;

/** A Telegram user id typed by a person ("123456789", "tg://user?id=123"), or why it is not one. */
export function parseTypedRecipient(text: string): RecipientAnswer {
  // Ids copied from elsewhere often come grouped ("123 456 789").
  const compact = text.trim().replace(/\s+/g, "");
  const digits = DEEP_LINK.exec(compact)?.[1] ?? compact;
  if (USER_ID.test(digits)) {
    const id = Number(digits);
    if (Number.isSafeInteger(id)) return { ok: true, recipient: { id } };
  }
  if (USERNAME.test(text.trim())) return { ok: false, problem: "username" };
  return { ok: false, problem: "not_an_id" };
}

/**
 * The recipient carried by a message that is not a typed id: a shared user (our request id only) or a
 * forwarded message. Undefined when the message is neither.
 */
export function recipientFromMessage(message: Message): RecipientAnswer | undefined {
  const shared = message.users_shared;
  if (shared !== undefined) {
    const user = shared.users[0];
    if (shared.request_id !== RECIPIENT_REQUEST_ID || user === undefined) return undefined;
    return { ok: true, recipient: personFrom(user) ?? { id: user.user_id } };
  }
  const origin = message.forward_origin;
  if (origin === undefined) return undefined;
  switch (origin.type) {
    case "user": {
      const sender = origin.sender_user;
      if (sender.is_bot) return { ok: false, problem: "bot" };
      return { ok: true, recipient: personFrom(sender) ?? { id: sender.id } };
    }
    case "hidden_user":
      return { ok: false, problem: "hidden" };
    default:
      return { ok: false, problem: "not_a_user" };
  }
}

/** Refuses the sender as their own recipient. */
export function refuseSelf(answer: RecipientAnswer, senderId: number): RecipientAnswer {
  return answer.ok && answer.recipient.id === senderId ? { ok: false, problem: "self" } : answer;
}
