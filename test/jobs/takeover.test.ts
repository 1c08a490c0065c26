/**
 * PostgreSQL: a job whose instance dies (SIGKILL) or freezes (SIGSTOP) is taken over by another
 * instance within 20 s (pg-boss notices the stopped heartbeat); a frozen instance that wakes is told
 * it lost the job (its signal is aborted), and the run it asks for comes after the other's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createPgBossJobs } from "../../src/jobs/pg-boss.js";
import type { Jobs } from "../../src/jobs/types.js";
import { pgExec } from "../helpers/pg.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const HOLDER = fileURLToPath(new URL("./fixtures/hold-job.ts", import.meta.url));
/** The takeover bound of docs/operations.md (8–15 s), with room for a loaded machine. */
const TAKEOVER_LIMIT_MS = 20_000;

const until = async (check: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!PG_URL)("job takeover (pg-boss)", () => {
  const schema = `takeover_${randomBytes(5).toString("hex")}`;
  let holder: ChildProcess | undefined;
  let other: Jobs | undefined;
  afterEach(async () => {
    holder?.kill("SIGKILL");
    await other?.stop(2000);
    await pgExec(PG_URL!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  /** The holder process, running the job; resolves once it runs it. */
  async function startHolder(): Promise<{ output: () => string }> {
    let output = "";
    holder = spawn(process.execPath, ["--import", "tsx", HOLDER, PG_URL!, schema], { stdio: ["ignore", "pipe", "pipe"] });
    holder.stdout!.on("data", (d) => (output += String(d)));
    holder.stderr!.on("data", (d) => (output += String(d)));
    await until(() => output.includes("running"), 30_000, "the holder to run the job");
    return { output: () => output };
  }

  /** The other instance: counts the runs it gets; each ends at once. */
  async function startOther(): Promise<{ runs: number[] }> {
    const runs: number[] = [];
    other = createPgBossJobs({ connectionString: PG_URL!, schema, logger: pino({ level: "silent" }), pollingIntervalSeconds: 0.5 });
    other.handle("hold", async () => {
      runs.push(Date.now());
    });
    await other.start();
    return { runs };
  }

  it("takes over the job of a killed instance within 20 s", async () => {
    await startHolder();
    const { runs } = await startOther();
    await new Promise((r) => setTimeout(r, 1000));
    expect(runs).toEqual([]);
    holder!.kill("SIGKILL");
    const killedAt = Date.now();
    await until(() => runs.length > 0, 90_000, "the takeover");
    const takeoverMs = runs[0]! - killedAt;
    console.log(`takeover after SIGKILL: ${(takeoverMs / 1000).toFixed(1)} s`);
    expect(takeoverMs).toBeLessThan(TAKEOVER_LIMIT_MS);
  }, 120_000);

  it("takes over the job of a frozen instance within 20 s; woken, it is told it lost the job", async () => {
    const held = await startHolder();
    const { runs } = await startOther();
    holder!.kill("SIGSTOP");
    const frozenAt = Date.now();
    await until(() => runs.length > 0, 90_000, "the takeover");
    const takeoverMs = runs[0]! - frozenAt;
    console.log(`takeover after SIGSTOP: ${(takeoverMs / 1000).toFixed(1)} s`);
    expect(takeoverMs).toBeLessThan(TAKEOVER_LIMIT_MS);

    holder!.kill("SIGCONT");
    await until(() => held.output().includes("aborted"), 15_000, "the woken instance to learn it lost the job");
    // It asked to run again, as at shutdown: the job runs once more, after the other's run.
    const runsHere = () => held.output().split("running").length - 1;
    await until(() => runs.length + runsHere() === 3, 15_000, "the run asked for");
  }, 120_000);
});
