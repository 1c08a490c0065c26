/**
 * The user's row as an update found it, read once however many steps ask for it on the way in (the
 * language, the key gate, /start). Only for what is decided on arrival: a step that changes the row
 * reads it again from storage.
 */
import type { Context } from "grammy";
import type { UserRecord, UsersRepo } from "../../storage/types.js";

/** Keyed by the update object: gone with it, and never shared between two updates. */
const rowOfUpdate = new WeakMap<object, Promise<UserRecord | undefined>>();

export function userOnArrival(users: UsersRepo, ctx: Context): Promise<UserRecord | undefined> {
  const id = ctx.from?.id;
  if (id === undefined) return Promise.resolve(undefined);
  let row = rowOfUpdate.get(ctx.update);
  if (row === undefined) {
    row = users.get(id);
    rowOfUpdate.set(ctx.update, row);
  }
  return row;
}
