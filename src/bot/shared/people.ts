/**
 * People by name, not only by id: the bot keeps the display name of everyone it has seen (who wrote
 * to it, users shared with it, senders of forwarded messages when not hidden) and shows
 * "“Sam” (id 1002)" or "@sam (id 1002)" wherever it names someone (docs/decisions/029).
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Message } from "grammy/types";
import { type KnownPerson, personFrom, personLabel } from "../../domain/people.js";
import type { PeopleRepo } from "../../storage/index.js";
import type { BotContext } from "../context.js";

export { personLabel };

/** The people an update names: its sender (not a bot), users shared, a forwarded message's sender. */
export function peopleIn(ctx: Context): KnownPerson[] {
  const seen: KnownPerson[] = [];
  const add = (user: Parameters<typeof personFrom>[0] & { is_bot?: boolean }) => {
    if (user.is_bot) return;
    const person = personFrom(user);
    if (person) seen.push(person);
  };
  if (ctx.from) add(ctx.from);
  const message: Message | undefined = ctx.message;
  for (const shared of message?.users_shared?.users ?? []) add(shared);
  const origin = message?.forward_origin;
  if (origin?.type === "user") add(origin.sender_user);
  return seen;
}

/**
 * Remembers the names an update carries. A failure to store one costs only a name later: it is
 * logged and the update goes on.
 */
export function rememberPeople(people: PeopleRepo): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const seen = peopleIn(ctx);
    if (seen.length > 0) {
      await people.remember(seen).catch((err: unknown) => ctx.log.warn({ err }, "could not remember a display name"));
    }
    return next();
  };
}
