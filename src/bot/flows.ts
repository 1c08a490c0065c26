/**
 * Every feature flow runs inside one registered conversation (decision 012): the conversations plugin
 * runs each registered conversation's middleware on every update, so one registration costs the same
 * whatever the number of flows. A feature starts its flow with `enterFlow(ctx, id, ...args)`.
 */
import { type ConversationBuilder, createConversation } from "@grammyjs/conversations";
import type { Composer } from "grammy";
import type { BotContext, ConvContext } from "./context.js";

/** The one conversation the plugin knows: it runs the feature flow its first argument names. */
const FLOWS = "flows";

export interface Flow {
  id: string;
  builder: ConversationBuilder<BotContext, ConvContext>;
}

/** Enters the flow `id` with its arguments (they must be plain JSON: the plugin stores them). */
export function enterFlow(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  return ctx.conversation.enter(FLOWS, id, ...args);
}

/** The one conversation that runs every flow; two flows with one id are a programming error. */
export function flowsConversation(flowList: Flow[]): Composer<BotContext> {
  const flows = new Map<string, Flow["builder"]>();
  for (const { id, builder } of flowList) {
    if (flows.has(id)) throw new Error(`two flows are named ${id}`);
    flows.set(id, builder);
  }
  const run: ConversationBuilder<BotContext, ConvContext> = async (conversation, ctx, ...args) => {
    const [id, ...rest] = args as [string, ...unknown[]];
    const flow = flows.get(id);
    if (flow === undefined) throw new Error(`no flow is named ${String(id)}`);
    return flow(conversation, ctx, ...rest);
  };
  return createConversation(run, { id: FLOWS }) as unknown as Composer<BotContext>;
}
