/**
 * A persistent key-value store in the shape of grammY's StorageAdapter (sessions, conversation state).
 * Values are JSON text, so only plain JSON survives a round trip.
 */
import type { Kysely } from "kysely";
import { precompile } from "./compiled.js";
import type { Database } from "./schema.js";
import type { KeyValueStore } from "./types.js";

/** The store of one namespace; `write` overwrites (upsert), `delete` of a missing key does nothing. */
export function createKeyValueStore<T>(
  db: Kysely<Database>,
  namespace: string,
): KeyValueStore<T> & Required<Pick<KeyValueStore<T>, "readWithText">> {
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
