/**
 * The state of a chat's flow moves into its session row (src/bot/session.ts): it was a row of its own
 * (namespace "conversation"), read on every update beside the session. A flow in progress at the
 * upgrade goes on where it was. Rows are few (one per chat in the middle of a flow), so they are
 * merged here rather than with each database's JSON functions.
 */
import type { Kysely } from "kysely";

type Kv = { kv: { namespace: string; key: string; value: string; updated_at: number } };

export async function up(db: Kysely<unknown>): Promise<void> {
  const kv = db as unknown as Kysely<Kv>;
  const flows = await kv.selectFrom("kv").selectAll().where("namespace", "=", "conversation").execute();
  for (const flow of flows) {
    const row = await kv
      .selectFrom("kv")
      .select("value")
      .where("namespace", "=", "session")
      .where("key", "=", flow.key)
      .executeTakeFirst();
    const session = { ...(row ? (JSON.parse(row.value) as object) : {}), flow: JSON.parse(flow.value) as unknown };
    const value = JSON.stringify(session);
    await kv
      .insertInto("kv")
      .values({ namespace: "session", key: flow.key, value, updated_at: flow.updated_at })
      .onConflict((oc) => oc.columns(["namespace", "key"]).doUpdateSet({ value }))
      .execute();
  }
  await kv.deleteFrom("kv").where("namespace", "=", "conversation").execute();
}

/** Back to a row of its own. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const kv = db as unknown as Kysely<Kv>;
  const sessions = await kv.selectFrom("kv").selectAll().where("namespace", "=", "session").execute();
  for (const row of sessions) {
    const { flow, ...session } = JSON.parse(row.value) as { flow?: unknown };
    if (flow === undefined) continue;
    await kv
      .insertInto("kv")
      .values({ namespace: "conversation", key: row.key, value: JSON.stringify(flow), updated_at: row.updated_at })
      .execute();
    await kv
      .updateTable("kv")
      .set({ value: JSON.stringify(session) })
      .where("namespace", "=", "session")
      .where("key", "=", row.key)
      .execute();
  }
}
