/**
 * Service outages while a mass job runs: the send call fails (5xx, dropped connections, 429s) while
 * reads still work. No row fails for it: the job backs off, then pauses and tells the admin why, with
 * Resume; after Resume every row is paid exactly once, under the client ids fixed at planning. Rows
 * the service refused on their own (an unknown recipient) are the only failed ones.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { money } from "../../src/domain/money.js";
import { massTuning } from "../../src/mass/tuning.js";
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
  sentClientIds,
  waitDone,
  waitJob,
} from "../helpers/mass-flow.js";

const FIRST = 830_001;
/** No account on the simulator: refused by the service, on its own. */
const MISSING = 839_999;

describe.each(BACKENDS.map((url) => ({ url, name: backendName(url) })))("mass transfer outages ($name)", ({ url }) => {
  let h: Harness;
  beforeEach(fastTuning);
  afterEach(async () => h?.close());

  /** Paused, or ended (which it must not: a test that expects a pause fails at once, not by timing out). */
  const stopped = (j: { status: string }) => ["paused", "completed", "cancelled"].includes(j.status);

  /** A job of `rows` rows (the last one to a missing recipient), confirmed; returns its id and amounts. */
  async function startJob(rows: number) {
    h = await Harness.create({ adminIds: [ADMIN], databaseUrl: url, massBatchSize: 100, massConfirmTotal: "1000000" });
    const targets = Array.from({ length: rows - 1 }, (_, i) => FIRST + i);
    recipients(h, targets);
    const { user: admin, key } = await h.linkedUser({ pay: { USDT: "100000" } }, { id: ADMIN });
    const amountOf = (i: number) => `${1 + (i % 7)}.${String(i % 100).padStart(2, "0")}`;
    const all = [...targets, MISSING];
    await flowToConfirm(admin, all.map((t, i) => `${t},${amountOf(i)},USDT`).join("\n"));
    const job = (await latestJob(h))!;
    return { admin, key, job, targets, amountOf };
  }

  /** Waits for the job to pause for the outage; no row failed for it. Returns the rows. */
  async function pausedForOutage(jobId: string) {
    const paused = await waitJob(h, jobId, stopped);
    expect(paused.status).toBe("paused");
    expect(paused.error).toBe("service_unavailable");
    const rows = await jobRows(h, jobId);
    expect(rows.filter((r) => r.state === "failed")).toEqual([]);
    return rows;
  }

  /** Everyone paid exactly their amount once; the missing recipient is the only failed row. */
  async function expectPaidOnce(s: Awaited<ReturnType<typeof startJob>>) {
    const rows = await jobRows(h, s.job.id);
    expect(rows.filter((r) => r.state === "failed").map((r) => [Number(r.target), r.error])).toEqual([
      [MISSING, "not_found"],
    ]);
    expect(rows.filter((r) => r.state === "completed")).toHaveLength(s.targets.length);
    for (const [i, t] of s.targets.entries())
      expect((await h.account(t)).pay.USDT?.balance, `recipient ${t}`).toBe(money.normalise(s.amountOf(i)));
    const transfers = await allTransfers(h, s.key);
    expect(transfers).toHaveLength(s.targets.length);
    expect(new Set(transfers.map((t) => t.clientPayoutId)).size).toBe(s.targets.length);
    const texts = s.admin.texts().join("\n");
    expect(texts).toContain(`Paid: ${s.targets.length} (`);
    expect(texts).toContain("the recipient was not found: 1");
    expect(texts).not.toContain("not sent after several attempts");
  }

  it("pauses on 40 failed sends in a row (reads working), fails no row, and pays each row once after Resume", async () => {
    const s = await startJob(600);
    await h.fault({ operationId: "createMassTransfer", mode: "error5xx", count: 40 });
    await s.admin.pressLabel(/Confirm/);

    const rows = await pausedForOutage(s.job.id);
    expect(rows.filter((r) => r.state === "sending" || r.state === "unknown")).toEqual([]);
    // The admin is told why, with Resume at hand.
    const notice = s.admin.messageWithButton(`mass:resume:${s.job.id}`);
    expect(notice?.text).toContain("paused: the service is failing or not answering");
    expect(notice?.text).toContain("Press Resume to try again");
    expect(h.logLines.join("")).toContain('"msg":"mass-transfer job paused"');
    // It stays paused: nothing more is sent until the admin says so.
    const sentAtPause = (await sentClientIds(h)).length;
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentClientIds(h)).length).toBe(sentAtPause);

    // The service is back.
    await h.simFetch("/_sim/faults", { method: "DELETE" });
    await s.admin.press(`mass:resume:${s.job.id}`);
    const done = await waitDone(h, s.job.id);
    expect(done.status).toBe("completed");
    await expectPaidOnce(s);
  }, 60_000);

  it("treats dropped connections, timeouts' unknown outcomes and 429s as an outage too", async () => {
    const s = await startJob(300);
    // Applied then cut off (read back as paid), cut off before, rate limited (the client's own three
    // tries), server errors: eight failed calls in a row.
    const faults: { mode: string; count?: number; ms?: number }[] = [
      { mode: "dropAfter" },
      { mode: "dropBefore" },
      { mode: "rateLimit", count: 3, ms: 0 },
      { mode: "error5xx" },
      { mode: "dropAfter" },
      { mode: "rateLimit", count: 3, ms: 0 },
      { mode: "dropBefore" },
      { mode: "error5xx" },
    ];
    for (const f of faults) await h.fault({ operationId: "createMassTransfer", ...f });
    await s.admin.pressLabel(/Confirm/);

    const rows = await pausedForOutage(s.job.id);
    // The two batches applied before their connection dropped were read back as paid.
    expect(rows.filter((r) => r.state === "completed")).toHaveLength(200);

    await s.admin.press(`mass:resume:${s.job.id}`);
    await waitDone(h, s.job.id);
    await expectPaidOnce(s);
  }, 60_000);

  it("keeps going through short outages without pausing", async () => {
    const s = await startJob(400);
    // Fewer failures in a row than it takes to pause, several times over.
    for (let i = 0; i < 4; i++) {
      await h.fault({ operationId: "createMassTransfer", mode: "error5xx", count: massTuning.maxConsecutiveFailures - 1 });
      await h.fault({ operationId: "createMassTransfer", mode: "latency", ms: 0 });
    }
    await s.admin.pressLabel(/Confirm/);
    const done = await waitDone(h, s.job.id);
    expect(done.status).toBe("completed");
    expect(s.admin.texts().join("\n")).not.toContain("paused");
    await expectPaidOnce(s);
  }, 60_000);
});
