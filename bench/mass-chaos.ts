/**
 * Mass transfers through kills and freezes: two bot processes (src/main.ts) on one PostgreSQL and the
 * in-process simulator; each round pays a fresh list, and the process whose run holds the job is, at
 * random moments, killed (SIGKILL, then replaced), frozen (SIGSTOP) or frozen while one of its
 * sessions is inside a transaction, and woken after the other took the job over. Prints each
 * disruption (takeover time, batches a woken process still sent) and each round's outcome against the
 * simulator's ledger: rows paid twice, rows missing, the report's and the audit's "paid" and the
 * ledger's. Exits 1 if any round is off.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:chaos
 *   ROUNDS=6 ROWS=3000 BATCH=100 LATENCY_MS=500 DISRUPTIONS=3 npm run bench:chaos
 */
import { type Instance, MassCluster } from "../test/helpers/mass-cluster.js";
import { until } from "../test/helpers/live-bot.js";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const ROWS = Number(process.env.ROWS ?? 3000);
const BATCH = Number(process.env.BATCH ?? 100);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 500);
const DISRUPTIONS = Number(process.env.DISRUPTIONS ?? 3);
const KINDS = ["kill", "freeze", "freeze in transaction"] as const;
type Kind = (typeof KINDS)[number];

interface Disruption {
  round: number;
  kind: Kind;
  /** For a freeze in a transaction: whether the process was caught inside one. */
  inTransaction?: boolean;
  takeoverMs?: number;
  /** createMassTransfer calls a woken process started before it took the job again (0 expected). */
  staleSends?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  console.log(
    `mass-transfer chaos: ${ROUNDS} rounds of ${ROWS} rows, batches of ${BATCH}, ${LATENCY_MS} ms per send, ` +
      `${DISRUPTIONS} disruptions per round, two instances on PostgreSQL`,
  );
  const c = await MassCluster.start({ pgUrl: PG_URL, batchSize: BATCH, sendLatencyMs: LATENCY_MS });
  const disruptions: Disruption[] = [];
  let bad = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const { jobId, amounts } = await c.startJob(ROWS);
      const woken: { instance: Instance; from: number; at: number; d: Disruption }[] = [];
      for (let n = 0; n < DISRUPTIONS; n++) {
        const kind = KINDS[(round - 1 + n) % KINDS.length]!;
        await until(() => c.holder(jobId) !== undefined, 60_000, "a run to take the job");
        await sleep(500 + Math.random() * 2500);
        if ((await c.rowsIn(jobId, "queued")) === 0) break;
        const { instance, lease } = c.holder(jobId)!;
        const d: Disruption = { round, kind };
        disruptions.push(d);
        if (kind === "kill") instance.bot.child.kill("SIGKILL");
        else if (kind === "freeze") instance.bot.child.kill("SIGSTOP");
        else d.inTransaction = await c.freezeInTransaction(instance);
        const at = Date.now();
        await c.takenOver(jobId, instance, lease, 120_000);
        d.takeoverMs = Date.now() - at;
        if (kind === "kill") {
          await c.replace(instance);
        } else {
          await sleep(Math.random() * 2000);
          woken.push({ instance, from: instance.bot.output.length, at: Date.now(), d });
          instance.bot.child.kill("SIGCONT");
        }
        console.log(
          `  round ${round}: ${kind}${d.inTransaction === false ? " (not caught in one)" : ""}: taken over in ` +
            `${(d.takeoverMs / 1000).toFixed(1)} s`,
        );
      }
      await c.done(jobId, 300_000);
      await sleep(2000);
      for (const w of woken) {
        const sent = c.sendsStartedSince(w.instance, w.at, w.from);
        w.d.staleSends = sent.length;
        for (const line of sent) console.log(`  round ${round}: sent by a woken process: ${line}`);
      }
      const check = await c.check(jobId, amounts);
      const ok =
        check.paidTwice === 0 &&
        check.missing === 0 &&
        check.ledgerPaid === ROWS &&
        check.reportPaid === ROWS &&
        check.auditPaid === ROWS &&
        check.rowsCompleted === ROWS &&
        woken.every((w) => w.d.staleSends === 0);
      if (!ok) bad++;
      console.log(
        `round ${round}: ${ok ? "ok" : "OFF"}: paid twice ${check.paidTwice}, missing ${check.missing}, ledger ` +
          `${check.ledgerPaid}, report ${check.reportPaid}, audit ${check.auditPaid}, rows completed ` +
          `${check.rowsCompleted}; sends by woken processes ${woken.map((w) => w.d.staleSends).join(", ") || "-"}`,
      );
    }
  } finally {
    await c.close();
  }
  for (const kind of KINDS) {
    const times = disruptions
      .filter((d) => d.kind === kind && d.takeoverMs !== undefined)
      .map((d) => d.takeoverMs! / 1000)
      .sort((a, b) => a - b);
    if (times.length === 0) continue;
    const caught = disruptions.filter((d) => d.kind === kind && d.inTransaction).length;
    console.log(
      `takeover after ${kind}: ${times.length} times, ${times[0]!.toFixed(1)}–${times.at(-1)!.toFixed(1)} s, ` +
        `median ${times[Math.floor(times.length / 2)]!.toFixed(1)} s` +
        (kind === "freeze in transaction" ? ` (${caught} caught inside a transaction)` : ""),
    );
  }
  console.log(`${ROUNDS - bad} of ${ROUNDS} rounds: every row paid once, none missing, report = audit = ledger`);
  if (bad > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
