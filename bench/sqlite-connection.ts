/**
 * SQLite's one connection under concurrency, through Kysely (not the synchronous path taken when the
 * connection is free): SENDERS workers at once, together QUERIES statements, one in ten a
 * transaction of an update and a read. Prints queries per CPU-second for one sender and for SENDERS,
 * so that what Kysely's connection mutex costs as concurrency rises can be compared across versions.
 *
 *   npx tsx bench/sqlite-connection.ts            SENDERS=200 QUERIES=40000 npx tsx bench/sqlite-connection.ts
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { openDatabase } from "../src/storage/database.js";

const SENDERS = Number(process.env.SENDERS ?? 50);
const QUERIES = Number(process.env.QUERIES ?? 20_000);
const ROWS = 1000;

async function measure(senders: number): Promise<void> {
  const { db } = openDatabase(":memory:");
  await sql`create table t (id integer primary key, v text)`.execute(db);
  for (let i = 0; i < ROWS; i++) await sql`insert into t (id, v) values (${i}, ${`v${i}`})`.execute(db);
  const each = Math.floor(QUERIES / senders);
  async function sender(s: number): Promise<void> {
    for (let i = 0; i < each; i++) {
      if (i % 10 === 0) {
        await db.transaction().execute(async (trx) => {
          await sql`update t set v = ${`w${i}`} where id = ${(s * 7 + i) % ROWS}`.execute(trx);
          await sql`select v from t where id = ${(s + i) % ROWS}`.execute(trx);
        });
      } else {
        await sql`select v from t where id = ${(s * 13 + i) % ROWS}`.execute(db);
      }
    }
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: senders }, (_, s) => sender(s)));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const queries = each * senders;
  console.log(
    `${String(senders).padStart(4)} at once: ${Math.round(queries / cpuSeconds)} queries per CPU-second ` +
      `(${Math.round(queries / (wall / 1000))} /s wall clock), ${queries} queries`,
  );
  await db.destroy();
}

console.log("SQLite (in memory) through Kysely, one connection");
await measure(1);
await measure(SENDERS);
