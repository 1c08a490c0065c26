/**
 * /metrics with a large database: 500,000 mass-transfer rows of a finished job, a running job with a
 * few rows left, journal entries and outbox messages. A scrape reads no table: the database figures
 * come from one snapshot read at most once per interval (three indexed queries over unfinished work
 * only), shared by concurrent scrapes; a stale snapshot is served at once and read again behind it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type KyselyPlugin, sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createStorage, type SqlStorage } from "../../src/storage/index.js";
import { createMetrics } from "../../src/web/metrics.js";

const ROWS = 500_000;
let dir: string;
let storage: SqlStorage;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "metrics-"));
  storage = await createStorage({
    databaseUrl: `sqlite:${join(dir, "bot.sqlite")}`,
    keyEncryptionKey: Buffer.alloc(32, 1),
    keyVersion: 1,
  });
  const job = (id: string, status: string) => ({
    id,
    admin_id: 1,
    chat_id: 1,
    network: "production",
    status,
    rows_total: 0,
    notify: 0,
    report_sent: 0,
    notify_done: 0,
    created_at: 0,
    updated_at: 0,
  });
  await storage.db.insertInto("mass_jobs").values([job("done", "completed"), job("run", "running")]).execute();
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
    insert into mass_rows (job_id, row_no, lines, target, asset, amount, client_id, state, updated_at)
    select 'done', i, i, '1000', 'USDT', '1', 'c' || i, 'completed', 0 from n`.execute(storage.db);
  const row = (no: number, state: string) => ({
    job_id: "run",
    row_no: no,
    lines: String(no),
    target: "1000",
    asset: "USDT",
    amount: "1",
    client_id: `r${no}`,
    state,
    attempts: 0,
    notified: 0,
    updated_at: 0,
  });
  await storage.db
    .insertInto("mass_rows")
    .values([row(1, "completed"), row(2, "sending"), row(3, "queued"), row(4, "queued"), row(5, "queued")])
    .execute();
  const op = (id: string, state: string) => ({
    id,
    telegram_id: 1,
    chat_id: 1,
    kind: "transfer",
    network: "production",
    payload: "{}",
    state,
    expires_at: 0,
    created_at: 0,
    updated_at: 0,
  });
  await storage.db.insertInto("operations").values([op("a", "done"), op("b", "done"), op("c", "pending"), op("d", "unknown")]).execute();
  const message = (state: string) => ({ chat_id: 1, payload: "{}", state, attempts: 0, not_before: 0, created_at: 0 });
  await storage.db.insertInto("outbox").values([message("pending"), message("sent"), message("sent")]).execute();
}, 60_000);

afterEach(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The database as the metrics see it, counting the queries they run. */
function countingDb() {
  const queries: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: storage.db.withPlugin(counter), queries };
}

const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

it("serves 50 concurrent scrapes from one snapshot of the unfinished work", async () => {
  const { db, queries } = countingDb();
  let now = 1_000_000;
  const metrics = createMetrics(db, { refreshMs: 15_000, now: () => now });

  const scrapes = await Promise.all(Array.from({ length: 50 }, () => metrics.registry.metrics()));
  expect(queries.length).toBeLessThanOrEqual(3);
  const text = scrapes[49]!;
  expect(value(text, 'bot_mass_rows_unfinished{state="queued"}')).toBe(3);
  expect(value(text, 'bot_mass_rows_unfinished{state="sending"}')).toBe(1);
  expect(value(text, 'bot_mass_rows_unfinished{state="unknown"}')).toBe(0);
  expect(value(text, 'bot_journal_unfinished{state="pending"}')).toBe(1);
  expect(value(text, 'bot_journal_unfinished{state="unknown"}')).toBe(1);
  expect(value(text, 'bot_journal_unfinished{state="proposed"}')).toBe(0);
  expect(value(text, "bot_outbox_depth")).toBe(1);
  expect(value(text, "bot_db_snapshot_age_seconds")).toBe(0);
  expect(scrapes.every((s) => s === scrapes[0] || s.includes('bot_mass_rows_unfinished{state="queued"} 3'))).toBe(true);

  // Within the interval: no query at all.
  const before = queries.length;
  await Promise.all(Array.from({ length: 50 }, () => metrics.registry.metrics()));
  expect(queries.length).toBe(before);

  // After it: the stale figures at once, one new read behind them.
  await storage.db.updateTable("mass_rows").set({ state: "completed" }).where("job_id", "=", "run").execute();
  now += 15_000;
  const stale = await metrics.registry.metrics();
  expect(value(stale, 'bot_mass_rows_unfinished{state="queued"}')).toBe(3);
  expect(value(stale, "bot_db_snapshot_age_seconds")).toBe(15);
  await Promise.all(Array.from({ length: 50 }, () => metrics.registry.metrics()));
  await new Promise((r) => setTimeout(r, 50));
  expect(queries.length).toBe(before + 3);
  const fresh = await metrics.registry.metrics();
  expect(value(fresh, 'bot_mass_rows_unfinished{state="queued"}')).toBe(0);
  expect(value(fresh, 'bot_mass_rows_unfinished{state="sending"}')).toBe(0);
}, 60_000);

it("keeps serving the last figures while the database fails, and says how old they are", async () => {
  let now = 1_000_000;
  const metrics = createMetrics(storage.db, { refreshMs: 1000, now: () => now });
  expect(value(await metrics.registry.metrics(), "bot_outbox_depth")).toBe(1);
  await storage.close();
  now += 5000;
  await metrics.registry.metrics();
  await new Promise((r) => setTimeout(r, 50));
  const text = await metrics.registry.metrics();
  expect(value(text, "bot_outbox_depth")).toBe(1);
  expect(value(text, "bot_db_snapshot_age_seconds")).toBe(5);
  storage = await createStorage({
    databaseUrl: `sqlite:${join(dir, "bot.sqlite")}`,
    keyEncryptionKey: Buffer.alloc(32, 1),
    keyVersion: 1,
  });
});
