/**
 * The bot's context class. Its fields live on the class, not defined on each context, so that every
 * context shares one hidden class (see session.ts).
 */
import { Context } from "grammy";
import type { Logger } from "pino";
import type { BotContext, SessionData } from "./context.js";

/**
 * The bot's context class: `ctx.session` a plain field, and `ctx.log` a logger carrying the update's id
 * and its user's, made when first used (most updates log nothing). Both live on the class, not defined
 * on each context (see above).
 */
export function createContextClass(logger: Logger): new (...args: ConstructorParameters<typeof Context>) => BotContext {
  class BotContextClass extends Context {
    session: SessionData | undefined = undefined;
    #log: Logger | undefined;
    get log(): Logger {
      return (this.#log ??= logger.child({
        update_id: this.update.update_id,
        ...(this.from ? { user_id: this.from.id } : {}),
      }));
    }
    set log(value: Logger) {
      this.#log = value;
    }
  }
  return BotContextClass as never;
}
