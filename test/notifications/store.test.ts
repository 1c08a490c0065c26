import { expect, it } from "vitest";
import { createWatchStore } from "../../src/notifications/store.js";
import { describeBackends } from "../storage/backends.js";

const USERS = Array.from({ length: 1203 }, (_, i) => 7_000_000_000 + i);

describeBackends("watch store, a round's reads and writes together", (backend) => {
  const store = () => createWatchStore(backend.storage().db);
  const slotRows = () =>
    backend.storage().db.selectFrom("watch_slots").selectAll().orderBy("telegram_id").orderBy("kind").execute();

  async function seedSlots(): Promise<void> {
    const db = backend.storage().db;
    for (let at = 0; at < USERS.length; at += 200) {
      await db
        .insertInto("watch_slots")
        .values(
          USERS.slice(at, at + 200).flatMap((telegram_id) => [
            { telegram_id, kind: "invoice", next_poll_at: 1000, active_at: 10, baseline: 0 },
            { telegram_id, kind: "cheque", next_poll_at: 1000, active_at: 10, baseline: 0 },
          ]),
        )
        .execute();
    }
  }

  it("reschedules more slots than one statement takes; a slot moved since it was read keeps its earlier time", async () => {
    await seedSlots();
    // A hint arrived for the first user's invoice while its poll ran: due at 500 now.
    await store().pollSoon(USERS[0]!, "invoice", 500);
    await store().rescheduleMany(
      USERS.flatMap((telegramId, i) => [
        { telegramId, kind: "invoice" as const, dueAt: 1000, nextPollAt: 5000 + i, activeAt: 900 },
        { telegramId, kind: "cheque" as const, dueAt: 1000, nextPollAt: 9000 + i },
      ]),
    );
    const rows = await slotRows();
    expect(rows).toHaveLength(USERS.length * 2);
    const of = (id: number, kind: string) => rows.find((r) => r.telegram_id === id && r.kind === kind)!;
    // The hinted slot kept the hint's time and activity.
    expect(of(USERS[0]!, "invoice")).toMatchObject({ next_poll_at: 500, active_at: 500, baseline: 0 });
    // Every other slot took its own next poll; activity only where the poll gave one.
    for (const [i, id] of USERS.entries()) {
      if (i > 0) expect(of(id, "invoice")).toMatchObject({ next_poll_at: 5000 + i, active_at: 900, baseline: 1 });
      expect(of(id, "cheque")).toMatchObject({ next_poll_at: 9000 + i, active_at: 10, baseline: 1 });
    }
  });

  it("reads the open objects of a round's slots at once: each slot its own, closed ones and other kinds left out", async () => {
    const db = backend.storage().db;
    const object = (telegram_id: number, kind: string, object_id: string, open: number) => ({
      telegram_id,
      kind,
      object_id,
      state: JSON.stringify({ status: open ? "active" : "paid" }),
      open,
      updated_at: 1,
    });
    await db
      .insertInto("watch_objects")
      .values([
        object(USERS[0]!, "invoice", "i-1", 1),
        object(USERS[0]!, "invoice", "i-2", 0),
        object(USERS[0]!, "cheque", "c-1", 1),
        object(USERS[1]!, "order", "o-1", 1),
        object(USERS[1_202]!, "invoice", "i-9", 1),
      ])
      .execute();
    const slots = [
      ...USERS.map((telegramId) => ({ telegramId, kind: "invoice" as const })),
      { telegramId: USERS[1]!, kind: "cheque" as const },
    ];
    const known = await store().openObjectsOf(slots);
    expect(known.size).toBe(USERS.length + 1);
    expect([...known.get(`${USERS[0]}:invoice`)!]).toEqual([["i-1", { status: "active" }]]);
    // Not one of the round's slots: not read into it.
    expect(known.has(`${USERS[0]}:cheque`)).toBe(false);
    expect(known.get(`${USERS[1]}:cheque`)!.size).toBe(0);
    expect(known.has(`${USERS[1]}:order`)).toBe(false);
    expect([...known.get(`${USERS[1_202]}:invoice`)!]).toEqual([["i-9", { status: "active" }]]);
  });
});

