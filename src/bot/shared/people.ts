/**
 * People by name, not only by id: the bot keeps the display name of everyone it has seen (who wrote
 * to it, users shared with it, senders of forwarded messages when not hidden) and shows
 * "“Sam” (id 1002)" or "@sam (id 1002)" wherever it names someone (docs/decisions/029).
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Message } from "grammy/types";
import { type KnownPerson, personFrom, personLabel } from "../../domain/people.js";
import type { Translate } from "../../domain/translate.js";
import type { PeopleRepo } from "../../storage/index.js";

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
export function rememberPeople(people: PeopleRepo): MiddlewareFn<Context & { log?: { warn: (o: object, m: string) => void } }> {
  return async (ctx, next) => {
    const seen = peopleIn(ctx);
    if (seen.length > 0) {
      await people.remember(seen).catch((err: unknown) => ctx.log?.warn({ err }, "could not remember a display name"));
    }
    return next();
  };
}

/** Labels for many ids at once (a history page): one read of the stored names. */
export async function personLabels(
  t: Translate,
  people: PeopleRepo,
  ids: readonly (number | string)[],
): Promise<(id: number | string) => string> {
  const numeric = ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const known = await people.namesOf(numeric);
  return (id) => personLabel(t, id, known.get(Number(id)));
}

/** One person's label, with their stored name when the bot has one. */
export async function labelOf(t: Translate, people: PeopleRepo, id: number | string, given?: KnownPerson): Promise<string> {
  if (given?.name || given?.username) return personLabel(t, id, given);
  return (await personLabels(t, people, [id]))(id);
}
