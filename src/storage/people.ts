/**
 * The display names of people the bot has seen (table known_people). Written on nearly every
 * update, so a name already stored unchanged is not written again (a per-process memory of what was
 * written; another instance writing the same is harmless). A field a source does not carry (a
 * username not requested) keeps its stored value.
 */
import { type Kysely, sql } from "kysely";
import type { KnownPerson } from "../domain/people.js";
import type { Database } from "./schema.js";

export interface PeopleRepo {
  /** Stores the names given; people without any name are skipped. */
  remember(people: readonly KnownPerson[]): Promise<void>;
  /** The stored names of these ids (ids never seen are absent from the map). */
  namesOf(ids: readonly number[]): Promise<Map<number, KnownPerson>>;
  /** The language the person's Telegram app last said it uses, if they ever wrote to the bot. */
  languageOf(id: number): Promise<string | undefined>;
}

/** Bounds the memory of written names; past it the memory starts again (only a few extra writes). */
const MEMORY_LIMIT = 50_000;

export function createPeopleRepo(db: Kysely<Database>): PeopleRepo {
  const written = new Map<number, string>();
  return {
    async remember(people) {
      for (const person of people) {
        if (!person.name && !person.username && !person.language) continue;
        const signature = `${person.name ?? ""}\u0000${person.username ?? ""}\u0000${person.language ?? ""}`;
        if (written.get(person.id) === signature) continue;
        await db
          .insertInto("known_people")
          .values({
            telegram_id: person.id,
            name: person.name ?? null,
            username: person.username ?? null,
            language: person.language ?? null,
            updated_at: Date.now(),
          })
          .onConflict((oc) =>
            oc.column("telegram_id").doUpdateSet({
              name: sql`coalesce(excluded.name, known_people.name)`,
              username: sql`coalesce(excluded.username, known_people.username)`,
              language: sql`coalesce(excluded.language, known_people.language)`,
              updated_at: (eb) => eb.ref("excluded.updated_at"),
            }),
          )
          .execute();
        if (written.size >= MEMORY_LIMIT) written.clear();
        written.set(person.id, signature);
      }
    },

    async namesOf(ids) {
      const found = new Map<number, KnownPerson>();
      const unique = [...new Set(ids)];
      if (unique.length === 0) return found;
      const rows = await db
        .selectFrom("known_people")
        .select(["telegram_id", "name", "username"])
        .where("telegram_id", "in", unique)
        .execute();
      for (const row of rows) {
        const id = Number(row.telegram_id);
        found.set(id, {
          id,
          ...(row.name ? { name: row.name } : {}),
          ...(row.username ? { username: row.username } : {}),
        });
      }
      return found;
    },

    async languageOf(id) {
      const row = await db.selectFrom("known_people").select("language").where("telegram_id", "=", id).executeTakeFirst();
      return row?.language ?? undefined;
    },
  };
}
