/**
 * A run that lost its job to another (its instance was frozen and the job taken over) stops at its
 * next step: it sends nothing more, and its late writes never change what the run holding the job
 * sees. The job is finished only when no row is in flight, and the report equals the ledger.
 *
 * Two bots over one storage and one simulator stand for two instances; a checkpoint hook freezes a
 * run where a paused VM or a long stop-the-world pause would. The frozen instance's job engine is
 * stopped once the other took over: its in-process engine cannot know another process runs the job
 * (on PostgreSQL, pg-boss starts no run of a job while another one's is active).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { money } from "../../src/domain/money.js";
import { createMassStore, LeaseLostError } from "../../src/mass/store.js";
import { type Checkpoint, massTuning } from "../../src/mass/tuning.js";
import { Harness } from "../helpers/bot-harness.js";
import {
  ADMIN,
  allTransfers,
  BACKENDS,
  backendName,
  fastTuning,
  flowToConfirm,
  jobRows,
  latestJob,
  recipients,
  restartedBot,
  sentClientIds,
  waitDone,
} from "../helpers/mass-flow.js";

const TARGETS = Array.from({ length: 12 }, (_, i) => 850_001 + i);
const amountOf = (i: number) => `${1 + i}.5`;

/** Freezes runs at chosen checkpoints, in order; each stop is released by the test. */
class Freezer {
  readonly #stops: { point: Checkpoint; batch: number; reached: () => void; hold: Promise<void>; release: () => void }[] = [];
  #next = 0;

  constructor() {
    massTuning.hooks.checkpoint = (point, info) => {
      const stop = this.#stops[this.#next];
      if (!stop || stop.point !== point || stop.batch !== info.batch) return;
      this.#next++;
      stop.reached();
      return stop.hold;
    };
  }

  /** The next stop: a run reaching `point` at its batch `batch` is held there. */
  at(point: Checkpoint, batch: number): { reached: Promise<void>; release: () => void; cancel: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((r) => (reached = r));
    const hold = new Promise<void>((r) => (release = r));
    const stop = { point, batch, reached, hold, release };
    this.#stops.push(stop);
    const cancel = () => {
      const i = this.#stops.indexOf(stop);
      if (i >= this.#next) this.#stops.splice(i, 1);
    };
    return { reached: reachedP, release, cancel };
  }
}

describe.each(BACKENDS.map((url) => ({ url, name: backendName(url) })))("mass-transfer lease ($name)", ({ url }) => {
  let h: Harness;
  beforeEach(fastTuning);
  afterEach(async () => {
    massTuning.hooks = {};
    await h?.close();
  });

  async function confirmedJob() {
    h = await Harness.create({ adminIds: [ADMIN], databaseUrl: url, massBatchSize: 2 });
    recipients(h, TARGETS);
    const { user: admin, key } = await h.linkedUser({ pay: { USDT: "1000" } }, { id: ADMIN });
    await flowToConfirm(admin, TARGETS.map((t, i) => `${t},${amountOf(i)},USDT`).join("\n"));
    return { admin, key, job: (await latestJob(h))! };
  }

  /** Every row paid once, the job finished with nothing in flight, and the report says what the ledger holds. */
  async function expectLedgerMatches(s: Awaited<ReturnType<typeof confirmedJob>>) {
    const done = await waitDone(h, s.job.id);
    expect(done.status).toBe("completed");
    const rows = await jobRows(h, s.job.id);
    expect(rows.map((r) => r.state)).toEqual(TARGETS.map(() => "completed"));
    for (const [i, t] of TARGETS.entries())
      expect((await h.account(t)).pay.USDT?.balance, `recipient ${t}`).toBe(money.normalise(amountOf(i)));
    const transfers = await allTransfers(h, s.key);
    expect(transfers).toHaveLength(TARGETS.length);
    const transferOf = new Map(transfers.map((t) => [t.clientPayoutId, t.payoutId]));
    for (const r of rows) expect(r.transfer_id).toBe(transferOf.get(r.client_id));
    const reports = s.admin.texts().filter((t) => t.startsWith("✅ Mass transfer"));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain(`Paid: ${TARGETS.length} (`);
    const audit = await h.storage.db.selectFrom("mass_audit").selectAll().executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ outcome: "completed", paid_rows: TARGETS.length, failed_rows: 0 });
  }

  it("a run frozen before a batch sends nothing after another run took the job; the job ends with nothing in flight", async () => {
    const s = await confirmedJob();
    const freeze = new Freezer();
    // The first run is frozen with its third batch in hand (rows chosen, not yet marked sending).
    const first = freeze.at("before_send", 3);
    // The run that takes the job over is held before its first send, until the frozen one woke.
    const second = freeze.at("before_send", 1);
    // Were the frozen run to send its batch after waking, it is held there with its rows in flight.
    const staleSent = freeze.at("after_send", 3);
    await s.admin.pressLabel(/Confirm/);
    await first.reached;

    const other = restartedBot(h);
    await other.resume();
    await second.reached;
    await h.app.jobs.stop(0);
    const sentAtTakeover = (await sentClientIds(h)).length;
    expect(sentAtTakeover).toBe(4);

    // The frozen run wakes: it must stop at its next step and send nothing.
    first.release();
    await Promise.race([staleSent.reached, new Promise((r) => setTimeout(r, 500))]);
    staleSent.cancel();
    expect((await sentClientIds(h)).length).toBe(sentAtTakeover);
    expect(h.logLines.join("")).toContain("another run holds the mass-transfer job now; this one stops");

    second.release();
    await expectLedgerMatches(s);
    // Whatever the stale run still does afterwards changes nothing.
    staleSent.release();
    await new Promise((r) => setTimeout(r, 200));
    await expectLedgerMatches(s);
    expect(new Set(await sentClientIds(h)).size).toBe(TARGETS.length);
  });

  it("a run frozen with a batch in flight: the new holder reads it back, the stale run's late outcome is not written", async () => {
    const s = await confirmedJob();
    const freeze = new Freezer();
    // The first run is frozen after the service applied its second batch, before recording it.
    const first = freeze.at("after_send", 2);
    await s.admin.pressLabel(/Confirm/);
    await first.reached;
    expect((await jobRows(h, s.job.id)).filter((r) => r.state === "sending")).toHaveLength(2);

    // The other instance takes over: the rows left sending are read back by client id, found paid.
    await restartedBot(h).resume();
    await h.app.jobs.stop(0);
    await expectLedgerMatches(s);
    const updatedAt = (await jobRows(h, s.job.id)).map((r) => r.updated_at);

    // The frozen run wakes with its batch's reply in hand: its write is refused, and said so.
    first.release();
    await new Promise((r) => setTimeout(r, 300));
    expect((await jobRows(h, s.job.id)).map((r) => r.updated_at)).toEqual(updatedAt);
    const log = h.logLines.join("");
    expect(log).toContain("another run holds the mass-transfer job now; this one stops");
    expect(log).toContain('"unrecorded":{"completed":2}');
    expect(new Set(await sentClientIds(h)).size).toBe(TARGETS.length);
    expect(await sentClientIds(h)).toHaveLength(TARGETS.length);
  });

  it("refuses every step of a run whose lease was taken, and never ends a job with a row open", async () => {
    const s = await confirmedJob();
    const freeze = new Freezer();
    const first = freeze.at("before_send", 1);
    await s.admin.pressLabel(/Confirm/);
    await first.reached;
    const store = createMassStore(h.storage.db, () => new Date());
    const stale = (await store.get(s.job.id))!;
    const taken = (await store.takeLease(s.job.id))!;
    const before = await jobRows(h, s.job.id);

    const lease = taken.lease - 1;
    const refused = [
      () => store.markSending(s.job.id, lease, [1, 2]),
      () => store.record(s.job.id, lease, [{ rowNo: 1, state: "failed", error: "x" }], ["queued"]),
      () => store.skipQueued(s.job.id, lease),
      () => store.finish(s.job.id, lease),
      () => store.pause(s.job.id, lease, "service_unavailable", [{ chatId: ADMIN, text: "paused" }]),
      () => store.queueReport(s.job.id, lease, [{ chatId: ADMIN, text: "report" }]),
    ];
    for (const step of refused) await expect(step()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await jobRows(h, s.job.id)).toEqual(before);
    expect(await store.get(s.job.id)).toMatchObject({ status: stale.status, reportSent: false, error: null });
    const outbox = await h.storage.db.selectFrom("outbox").select("payload").execute();
    expect(outbox.filter((m) => /"text":"(paused|report)"/.test(m.payload))).toEqual([]);

    // The holder cannot end the job while rows are queued or in flight.
    expect(await store.finish(s.job.id, taken.lease)).toBe("open");
    expect(await store.markSending(s.job.id, taken.lease, [1, 2])).toEqual(new Set([1, 2]));
    await store.record(
      s.job.id,
      taken.lease,
      TARGETS.slice(2).map((_, i) => ({ rowNo: i + 3, state: "failed" as const, error: "x" })),
      ["queued"],
    );
    expect(await store.finish(s.job.id, taken.lease)).toBe("open");
    await store.record(s.job.id, taken.lease, [{ rowNo: 1, state: "unknown" }, { rowNo: 2, state: "failed" }], ["sending"]);
    expect(await store.finish(s.job.id, taken.lease)).toBe("open");
    await store.record(s.job.id, taken.lease, [{ rowNo: 1, state: "failed" }], ["unknown"]);
    expect(await store.finish(s.job.id, taken.lease)).toMatchObject({ status: "completed", counts: { failed: 12 } });
    first.release();
  });
});
