/**
 * Both job adapters behave alike: a job runs with its data; jobs with one key run one at a time with
 * at most one waiting; a failing job is retried; "again" runs it once more; stop() aborts the running
 * job's signal and waits for it. The pg-boss adapter runs when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createInProcessJobs } from "../../src/jobs/in-process.js";
import { createPgBossJobs } from "../../src/jobs/pg-boss.js";
import type { Jobs } from "../../src/jobs/types.js";
import { pgExec } from "../helpers/pg.js";

const PG_URL = process.env.TEST_DATABASE_URL;
const logger = pino({ level: "silent" });

const adapters: { name: string; make: () => { jobs: Jobs; cleanUp: () => Promise<void> } }[] = [
  { name: "in process", make: () => ({ jobs: createInProcessJobs({ logger, retryFirstMs: 20 }), cleanUp: async () => {} }) },
];
if (PG_URL) {
  adapters.push({
    name: "pg-boss",
    make: () => {
      const schema = `jobs_${randomBytes(5).toString("hex")}`;
      return {
        jobs: createPgBossJobs({ connectionString: PG_URL, schema, logger, pollingIntervalSeconds: 0.5 }),
        cleanUp: () => pgExec(PG_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
      };
    },
  });
}

const until = async (check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(adapters)("jobs ($name)", ({ make }) => {
  let made: ReturnType<typeof make> | undefined;
  afterEach(async () => {
    await made?.jobs.stop(2000);
    await made?.cleanUp();
    made = undefined;
  });

  it("runs jobs of one key one at a time, retries failures and runs again on request", async () => {
    made = make();
    const { jobs } = made;
    const runs: string[] = [];
    let active = 0;
    let most = 0;
    let failOnce = true;
    let againOnce = true;
    const started: number[] = [];
    jobs.handle<{ n: number }>("work", async ({ n }) => {
      started.push(n);
      active++;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 100));
      active--;
      runs.push(`work${n}`);
      if (n === 1 && failOnce) {
        failOnce = false;
        throw new Error("first try fails");
      }
      if (n === 2 && againOnce) {
        againOnce = false;
        return "again";
      }
    });
    await jobs.start();
    await jobs.enqueue("work", { n: 1 }, { key: "k" });
    // A second job of the key waits behind the running one (one waiting per key: data of a key is alike).
    await until(() => started.length > 0);
    await jobs.enqueue("work", { n: 2 }, { key: "k" });
    await until(() => runs.filter((r) => r === "work2").length === 2 && runs.filter((r) => r === "work1").length === 2);
    expect(most).toBe(1);
  }, 60_000);

  it("aborts the running job's signal at stop and waits for it", async () => {
    made = make();
    const { jobs } = made;
    let sawAbort = false;
    let started = false;
    jobs.handle("long", async (_data, { signal }) => {
      started = true;
      while (!signal.aborted) await new Promise((r) => setTimeout(r, 20));
      sawAbort = true;
    });
    await jobs.start();
    await jobs.enqueue("long", {});
    await until(() => started);
    await jobs.stop(5000);
    expect(sawAbort).toBe(true);
  }, 60_000);
});

describe.skipIf(!PG_URL)("pg-boss schedules across versions", () => {
  it("removes a schedule an earlier version made and this one no longer declares", async () => {
    const schema = `jobs_${randomBytes(5).toString("hex")}`;
    const make = () => createPgBossJobs({ connectionString: PG_URL!, schema, logger, pollingIntervalSeconds: 0.5 });
    try {
      const before = make();
      before.handle("watch-round", async () => {});
      before.handle("kept", async () => {});
      before.every("watch-round", 1);
      before.every("kept", 5);
      await before.start();
      await before.stop(1_000);

      const after = make();
      after.handle("kept", async () => {});
      after.every("kept", 5);
      await after.start();
      await after.stop(1_000);

      const { Client } = (await import("pg")).default;
      const client = new Client({ connectionString: PG_URL });
      await client.connect();
      const { rows } = await client.query(`SELECT name FROM ${schema}.schedule ORDER BY name`);
      await client.end();
      expect(rows.map((r: { name: string }) => r.name)).toEqual(["kept"]);
    } finally {
      await pgExec(PG_URL!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });
});
