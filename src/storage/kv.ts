/**
 * A persistent key-value store in the shape of grammY's StorageAdapter (sessions, conversation state).
 * Values are JSON text, so only plain JSON survives a round trip.
 */
import type { Kysely } from "kysely";
import { precompile } from "./compiled.js";
import type { Database } from "./schema.js";
import type { KeyValueStore } from "./types.js";

/** The store of one namespace; `write` overwrites (upsert), `delete` of a missing key does nothing. */
export function createKeyValueStore<T>(db: Kysely<Database>, namespace: string): KeyValueStore<T> {
  // Read on every update (sessions, conversations): compiled once.
  const select = precompile<Database, { value: string }, [string]>(db, (db, arg) =>
    db.selectFrom("kv").select("value").where("namespace", "=", namespace).where("key", "=", arg(0)),
  );
  const readWithText = async (key: string) => {
    const [row] = await select(key);
    return row === undefined ? undefined : { value: JSON.parse(row.value) as T, text: row.value };
  };
  return {
    async read(key) {
      return (await readWithText(key))?.value;
    },
    readWithText,

    async write(key, value) {
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError("kv: the value is not representable as JSON");
      const updatedAt = Date.now();
      await db
        .insertInto("kv")
        .values({ namespace, key, value: json, updated_at: updatedAt })
        .onConflict((oc) =>
          oc.columns(["namespace", "key"]).doUpdateSet({ value: json, updated_at: updatedAt }),
        )
        .execute();
    },

    async delete(key) {
      await db.deleteFrom("kv").where("namespace", "=", namespace).where("key", "=", key).execute();
    },
  };
}

/**
 * The same store, but a write of the value just read (or just written) under that key is skipped:
 * grammY writes a session back after every update that touched it, changed or not. Only the keys of
 * updates in flight are remembered (an entry is dropped at its write or delete), and a read always
 * goes to the database, so another instance's writes are never hidden.
 */
export function skipUnchangedWrites<T>(store: KeyValueStore<T>): KeyValueStore<T> {
  const known = new Map<string, string>();
  // The text as stored when the store gives it (it was written by JSON.stringify, so an unchanged
  // value gives the same text): one serialisation per update fewer.
  const readWithText =
    store.readWithText?.bind(store) ??
    (async (key: string) => {
      const value = await store.read(key);
      return value === undefined ? undefined : { value, text: JSON.stringify(value) };
    });
  return {
    async read(key) {
      const row = await readWithText(key);
      if (row === undefined) known.delete(key);
      else known.set(key, row.text);
      return row?.value;
    },
    async write(key, value) {
      const json = JSON.stringify(value);
      const before = known.get(key);
      known.delete(key);
      if (json === before) return;
      await store.write(key, value);
    },
    async delete(key) {
      known.delete(key);
      await store.delete(key);
    },
  };
}
