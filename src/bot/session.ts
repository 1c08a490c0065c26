/**
 * The chat's session (`ctx.session`) and, inside it, the state of the chat's flow (the conversations
 * plugin's data): one row read before an update is handled and written back after it, only when it
 * changed. On PostgreSQL the update first takes its chat's turn across instances, and the row is
 * written only while the turn is still the update's (src/storage/chat-sessions.ts).
 *
 * Why not grammY's `session()`: it defines `ctx.session` anew on every context, as an accessor with
 * closures of its own, which gives every context a hidden class of its own; V8 keeps such objects, and
 * the update's objects they reach, past young-generation collections (docs/decisions/013). Here
 * `session` is a plain field of the bot's context class (`createContextClass`). The flow's state rode in a second
 * row, read on every update as well.
 */
import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import type { MiddlewareFn } from "grammy";
import type { ChatSessions } from "../storage/chat-sessions.js";
import type { BotContext, SessionData } from "./context.js";

/**
 * Reads the session of the update's chat into `ctx.session` (`initial()` for a chat without one), runs
 * the rest, then writes it back, or deletes it when set to null. As with grammY's session, nothing is
 * written when a handler throws; an update without a chat has no session.
 */
export function chatSession(sessions: ChatSessions<SessionData>, initial: () => SessionData): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const key = ctx.chatId?.toString();
    if (key === undefined) return next();
    const open = await sessions.open(key, ctx.update.update_id);
    // Telegram numbers updates in order, but a webhook may deliver them out of it; a later one of this
    // chat already had its turn. Handled now all the same: nothing a person sends is silently lost.
    if (open.late) ctx.log.info("update arrived after a later one of its chat was handled");
    let handled = false;
    try {
      ctx.session = open.value ?? initial();
      await next();
      handled = true;
    } finally {
      const session = handled ? ((ctx.session as SessionData | null | undefined) ?? null) : undefined;
      const written = await (handled
        ? open.close(session)
        : open.close().catch((err: unknown) => (ctx.log.warn({ err }, "could not end the chat's turn"), true)));
      if (!written) ctx.log.warn("the chat's turn lapsed while its update was handled; its session was not written");
    }
  };
}

/** The conversations plugin's storage: the flow's state in the chat's session. */
export const flowStateInSession = {
  type: "context" as const,
  adapter: {
    read: (ctx: BotContext) => ctx.session?.flow,
    write: (ctx: BotContext, state: VersionedState<ConversationData>) => {
      // An update without a chat has no session, and then no flow to keep.
      if (ctx.session) ctx.session.flow = state;
    },
    delete: (ctx: BotContext) => {
      if (ctx.session) delete ctx.session.flow;
    },
  },
};
