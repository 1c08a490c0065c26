/**
 * Mass-transfer benchmark: a 10,000-row list (ROWS to change it) paid through the real bot — the
 * /mass flow, the confirmation and the runner — in batches of BATCH payouts (default 500, the
 * default MASS_BATCH_SIZE) against the in-process simulator (port 0) with SQLite storage in a
 * temporary file, Telegram faked. Prints rows per second (of wall time and of the process's CPU
 * time), wall time and peak memory (RSS sampled every 20 ms), with the RSS before the list (code,
 * harness and the simulator's accounts). `npm run bench:mass` runs it as production runs: compiled,
 * with the production flags of `npm start`.
 *
 *   npm run bench:mass            ROWS=2000 BATCH=100 npm run bench:mass
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { massTuning } from "../src/mass/tuning.js";
import { Harness } from "../test/helpers/bot-harness.js";

const ROWS = Number(process.env.ROWS ?? 10_000);
const BATCH = Number(process.env.BATCH ?? 500);
const ADMIN = 700_001;
const FIRST_TARGET = 2_000_001;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "mass-bench-"));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  // Real progress pacing (one edit per 2 s, in the background); notifications are not part of this measure.
  massTuning.progressIntervalMs = 2000;

  const h = await Harness.create({
    adminIds: [ADMIN],
    databaseUrl: `sqlite:${join(dir, "bench.sqlite")}`,
    massBatchSize: BATCH,
    massMaxRows: Math.max(ROWS, 10_000),
    massConfirmTotal: "1000000000",
  });
  try {
    const setupStart = performance.now();
    for (let i = 0; i < ROWS; i++) h.sim.createAccount({ userId: FIRST_TARGET + i });
    const { user: admin } = await h.linkedUser({ pay: { USDT: "100000000" } }, { id: ADMIN });
    const csv = ["target,amount,asset,description"];
    for (let i = 0; i < ROWS; i++)
      csv.push(`${FIRST_TARGET + i},${1 + (i % 50)}.${i % 100},USDT,"payout ${i + 1}, bench"`);
    const setupMs = performance.now() - setupStart;
    const setupRss = process.memoryUsage().rss;

    const flowStart = performance.now();
    await admin.send("/mass");
    await admin.sendDocument("bench.csv", csv.join("\n"));
    await admin.pressLabel(/Don't notify/);
    const flowMs = performance.now() - flowStart;
    const job = await h.storage.db
      .selectFrom("mass_jobs")
      .select("id")
      .where("status", "=", "draft")
      .where("admin_id", "=", ADMIN)
      .executeTakeFirstOrThrow();

    const runStart = performance.now();
    const cpuStart = process.cpuUsage();
    let paidMs = 0;
    let paidCpuMs = 0;
    await admin.pressLabel(/Confirm/);
    for (;;) {
      const row = await h.storage.db
        .selectFrom("mass_jobs")
        .select(["status", "report_sent"])
        .where("id", "=", job.id)
        .executeTakeFirstOrThrow();
      if (row.status === "completed" && paidMs === 0) {
        paidMs = performance.now() - runStart;
        const cpu = process.cpuUsage(cpuStart);
        paidCpuMs = (cpu.user + cpu.system) / 1000;
      }
      if (row.status === "completed" && row.report_sent === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const runMs = performance.now() - runStart;
    clearInterval(sampler);

    const paid = await h.storage.db
      .selectFrom("mass_rows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("job_id", "=", job.id)
      .where("state", "=", "completed")
      .executeTakeFirstOrThrow();
    const calls = (await h.simRequests("createMassTransfer")).length;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(`mass-transfer benchmark: ${ROWS} rows, batches of ${BATCH}, SQLite file, in-process simulator`);
    console.log(`  setup (accounts, key):          ${(setupMs / 1000).toFixed(2)} s`);
    console.log(`  upload, validate, plan, summary: ${(flowMs / 1000).toFixed(2)} s`);
    console.log(`  confirm → every row settled:     ${(paidMs / 1000).toFixed(2)} s`);
    console.log(
      `  confirm → report sent:           ${(runMs / 1000).toFixed(2)} s (progress edits go out in the background)`,
    );
    console.log(`  throughput:                      ${(ROWS / (paidMs / 1000)).toFixed(0)} rows/s`);
    // The CPU time of the process (bot and simulator): steadier than wall time on a shared machine.
    console.log(`  rows per CPU-second:             ${(ROWS / (paidCpuMs / 1000)).toFixed(0)}`);
    console.log(`  paid rows: ${Number(paid.n)}, createMassTransfer calls: ${calls}`);
    console.log(`  peak RSS:                        ${mb(peakRss)} MB (before the list ${mb(setupRss)} MB)`);
    if (Number(paid.n) !== ROWS) throw new Error(`expected ${ROWS} paid rows, got ${paid.n}`);
  } finally {
    clearInterval(sampler);
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
