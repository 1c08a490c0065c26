/**
 * The chat's session (`ctx.session`) and, inside it, the state of the chat's flow (the conversations
 * plugin's data): one row read before an update is handled and written back after it, and only when
 * it changed (`skipUnchangedWrites`).
 *
 * Why not grammY's `session()`: it defines `ctx.session` anew on every context, as an accessor with
 * closures of its own, which gives every context a hidden class of its own; V8 keeps such objects, and
 * the update's objects they reach, past young-generation collections (README, Latency). Here `session`
 * is a plain field of the bot's context class (`createContextClass`). The flow's state rode in a second
 * row, read on every update as well.
 */
import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import type { MiddlewareFn } from "grammy";
import type { KeyValueStore } from "../storage/types.js";
import type { BotContext, SessionData } from "./context.js";

/**
 * Reads the session of the update's chat into `ctx.session` (`initial()` for a chat without one), runs
 * the rest, then writes it back, or deletes it when set to null. As with grammY's session, nothing is
 * written when a handler throws; an update without a chat has no session.
 */
export function chatSession(store: KeyValueStore<SessionData>, initial: () => SessionData): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const key = ctx.chatId?.toString();
    if (key === undefined) return next();
    ctx.session = (await store.read(key)) ?? initial();
    await next();
    const value = ctx.session as SessionData | null | undefined;
    if (value == null) await store.delete(key);
    else await store.write(key, value);
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
