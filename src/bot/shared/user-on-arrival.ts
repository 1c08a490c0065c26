/**
 * The user's row as an update found it, read once however many steps ask for it on the way in (the
 * language, the key gate, /start). Only for what is decided on arrival: a step that changes the row
 * reads it again from storage.
 */
import type { Context } from "grammy";
import type { UserRecord, UsersRepo } from "../../storage/types.js";

/**
 * Kept on the update object itself (a contexts made for a conversation share it), so it is gone with
 * the update and never shared between two. Not a WeakMap: V8 keeps every entry of a WeakMap whose key
 * is young until a full collection, and with it each update's objects outlived young collections.
 * A symbol key: JSON (the conversation's log of updates) does not see it.
 */
const ROW = Symbol("user row on arrival");
type WithRow = { [ROW]?: Promise<UserRecord | undefined> };

export function userOnArrival(users: UsersRepo, ctx: Context): Promise<UserRecord | undefined> {
  const id = ctx.from?.id;
  if (id === undefined) return Promise.resolve(undefined);
  const update = ctx.update as WithRow;
  return (update[ROW] ??= users.get(id));
}

/** The person's time zone (times are shown in it), as their row was on arrival. */
export async function zoneOf(users: UsersRepo, ctx: Context): Promise<string | undefined> {
  return (await userOnArrival(users, ctx))?.timeZone;
}
