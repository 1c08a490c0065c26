/**
 * Mass transfers as jobs of the job engine: a job whose Confirm was recorded when the process died,
 * before the job started, is carried out at the restart (not reported as "not carried out"); a
 * shutdown stops a running job between batches and hands it back, and the next start finishes it with
 * every row paid once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { massTuning } from "../../../../src/mass/tuning.js";
import { Harness } from "../../../helpers/bot-harness.js";
import {
  ADMIN,
  BACKENDS,
  backendName,
  fastTuning,
  flowToConfirm,
  jobRows,
  latestJob,
  linkedAdmin,
  recipients,
  restartedBot,
  sentClientIds,
  waitDone,
} from "../../../helpers/mass-flow.js";

const TARGETS = [830_001, 830_002, 830_003, 830_004, 830_005, 830_006];

describe.each(BACKENDS.map((url) => ({ url, name: backendName(url) })))("mass-transfer jobs ($name)", ({ url }) => {
  let h: Harness;
  beforeEach(fastTuning);
  afterEach(async () => h?.close());

  it("carries out a job confirmed just before a crash, at the restart", async () => {
    h = await Harness.create({ adminIds: [ADMIN], databaseUrl: url });
    recipients(h, TARGETS);
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, TARGETS.map((t) => `${t},2,USDT`).join("\n"), { notify: false });
    const job = (await latestJob(h))!;
    // The press was recorded (the journal's claim) and the process died before the job started.
    const claim = await h.storage.operations.claim(job.operation_id!, ADMIN, new Date());
    expect(claim.claimed).toBe(true);
    expect((await latestJob(h))!.status).toBe("draft");

    // The restart: startup reconciliation (SQLite: at once), then resume.
    const next = restartedBot(h);
    expect(await next.reconcileUnfinished(0)).toBe(1);
    await next.resume();
    const done = await waitDone(h, job.id);
    expect(done.status).toBe("completed");
    for (const t of TARGETS) expect((await h.account(t)).pay.USDT?.balance).toBe("2");
    expect((await h.storage.operations.get(job.operation_id!))?.state).toBe("done");
    const texts = admin.texts();
    expect(texts.some((t) => t.includes("🚀 Started: 6 transfers"))).toBe(true);
    expect(texts.some((t) => t.includes("was not carried out"))).toBe(false);
    expect(texts.filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(1);
  });

  it("hands a running job back at shutdown; the next start finishes it, each row paid once", async () => {
    h = await Harness.create({ adminIds: [ADMIN], databaseUrl: url, massBatchSize: 2 });
    recipients(h, TARGETS);
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, TARGETS.map((t) => `${t},1,USDT`).join("\n"), { notify: false });
    const job = (await latestJob(h))!;
    // Shut down while the first batch is being sent.
    let stopped!: Promise<void>;
    massTuning.hooks.checkpoint = (point, info) => {
      if (point === "before_send" && info.batch === 1) {
        massTuning.hooks.checkpoint = undefined;
        stopped = h.app.jobs.stop(5000);
      }
    };
    await admin.pressLabel(/Confirm/);
    await new Promise((r) => setTimeout(r, 50));
    await stopped;
    // The batch in hand went out and was recorded; nothing is left in flight; the job waits.
    const rows = await jobRows(h, job.id);
    expect(rows.filter((r) => r.state === "completed")).toHaveLength(2);
    expect(rows.filter((r) => r.state === "sending")).toHaveLength(0);
    expect((await latestJob(h))!.status).toBe("running");

    await restartedBot(h).resume();
    expect((await waitDone(h, job.id)).status).toBe("completed");
    for (const t of TARGETS) expect((await h.account(t)).pay.USDT?.balance).toBe("1");
    expect(await sentClientIds(h)).toHaveLength(TARGETS.length);
  });
});
