/**
 * One answer for everyone without a linked key: every command and main-menu button that works on the
 * person's account gets "link your key with /connect" before any feature runs (no feature menu that
 * leads nowhere, no flow that fails at its first service call, nothing logged as an error).
 */
import { Composer } from "grammy";
import type { BotContext, BotDeps } from "../context.js";
import type { Feature } from "../feature.js";
import { userOnArrival } from "./user-on-arrival.js";

/** Features that work without a key (greeting, language, linking, public market data, notification settings and price alerts) and public commands. */
const OPEN_FEATURES = new Set(["start", "keys", "market", "notify", "alerts"]);
const OPEN_COMMANDS = new Set(["rates", "currencies", "cancel"]);
/** Commands a feature answers under a second name not in its command list. */
const ALIASES: Record<string, string> = { balances: "balance" };
/** Main-menu buttons that need no key; every other `menu:<feature>` opens an account feature. */
const OPEN_BUTTONS = new Set(["main", "language", "settings", "rates", "mass"]);

export function keyGate(deps: BotDeps, features: Feature[]): Composer<BotContext> {
  const commands = new Set(
    features
      .filter((f) => !OPEN_FEATURES.has(f.name))
      .flatMap((f) => f.commands ?? [])
      .map((c) => c.command)
      .filter((c) => !OPEN_COMMANDS.has(c)),
  );
  const gate = new Composer<BotContext>();
  const needsKey = (ctx: BotContext): boolean => {
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const button = /^menu:([a-z_]+)$/.exec(data)?.[1];
      return button !== undefined && !OPEN_BUTTONS.has(button);
    }
    const command = /^\/([a-z_]+)(?:@\w+)?(?:\s|$)/.exec(ctx.message?.text ?? "")?.[1];
    return command !== undefined && commands.has(ALIASES[command] ?? command);
  };
  gate.chatType("private").use(async (ctx, next) => {
    if (!needsKey(ctx)) return next();
    const user = await userOnArrival(deps.storage.users, ctx);
    if (user?.hasKey) return next();
    ctx.log.info("no key linked; asked to link one");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("error-no-key"));
  });
  return gate;
}
