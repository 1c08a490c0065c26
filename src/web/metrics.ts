/**
 * Prometheus metrics (prom-client). Kept by this process as things happen: updates by type and
 * outcome, handler latency, service calls by operation and status with their latency. Read from the
 * shared database: the work not yet finished (journal entries, rows of open mass-transfer jobs, the
 * outbox's depth). A scrape reads no table: those figures come from one snapshot, read at most once
 * per `refreshMs` by three indexed queries whose cost follows the unfinished work, not the history;
 * a stale snapshot is served at once and read again behind it. Every instance reports the same
 * database-wide figures: aggregate them with max(), not sum() (docs/decisions/003-metrics-snapshot.md).
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { DatabaseUnavailableError } from "../storage/availability.js";
import type { Database } from "../storage/schema.js";
import type { OperationState } from "../storage/types.js";

export interface Metrics {
  registry: Registry;
  /** For createBot's onUpdate. */
  update(u: { type: string; outcome: string; seconds: number }): void;
  /** For the service clients' onAttempt. */
  serviceCall(c: { operationId: string; status: number | "network"; ms: number }): void;
}

export interface MetricsOptions {
  /** Least time between two reads of the database figures (METRICS_REFRESH_SECONDS). */
  refreshMs: number;
  now?: () => number;
  /** Where a failed read of the database figures is told (at warn: the last figures stay served). */
  log?: Logger;
}

/** Journal states that are not final (types.ts). */
const UNFINISHED_OPERATIONS: readonly OperationState[] = ["proposed", "pending", "unknown"];
/** Mass-transfer jobs with rows still to send, and the row states not final (src/mass/store.ts). */
const OPEN_JOB_STATUSES = ["running", "paused", "cancelling"] as const;
const UNFINISHED_ROWS = ["queued", "sending", "unknown"] as const;

interface Snapshot {
  at: number;
  journal: Map<string, number>;
  massRows: Map<string, number>;
  outbox: number;
}

export function createMetrics(db: Kysely<Database>, o: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const updates = new Counter({
    name: "bot_updates_total",
    help: "Telegram updates by type and outcome (ok, error, duplicate, dropped)",
    labelNames: ["type", "outcome"],
    registers: [registry],
  });
  const handler = new Histogram({
    name: "bot_update_handler_seconds",
    help: "Time to handle an update",
    labelNames: ["type"],
    buckets: [0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 15],
    registers: [registry],
  });
  const calls = new Counter({
    name: "bot_service_calls_total",
    help: "Service requests by operation and HTTP status (or network)",
    labelNames: ["operation", "status"],
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: "bot_service_call_seconds",
    help: "Service request latency by operation",
    labelNames: ["operation"],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });

  const snapshot = databaseSnapshot(db, o);
  const byState = (name: string, help: string, states: readonly string[], pick: (s: Snapshot) => Map<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        const s = await snapshot();
        if (s) for (const state of states) this.set({ state }, pick(s).get(state) ?? 0);
      },
    });
  byState(
    "bot_journal_unfinished",
    "Operations journal entries not settled yet, by state (database-wide)",
    UNFINISHED_OPERATIONS,
    (s) => s.journal,
  );
  byState(
    "bot_mass_rows_unfinished",
    "Rows of running, paused or cancelling mass-transfer jobs not sent yet, by state (database-wide)",
    UNFINISHED_ROWS,
    (s) => s.massRows,
  );
  new Gauge({
    name: "bot_outbox_depth",
    help: "Messages waiting in the outbox (database-wide)",
    registers: [registry],
    async collect() {
      const s = await snapshot();
      if (s) this.set(s.outbox);
    },
  });
  const now = o.now ?? Date.now;
  new Gauge({
    name: "bot_db_snapshot_age_seconds",
    help: "Age of the database figures above",
    registers: [registry],
    async collect() {
      const s = await snapshot();
      if (s) this.set(Math.round((now() - s.at) / 1000));
    },
  });

  return {
    registry,
    update({ type, outcome, seconds }) {
      updates.inc({ type, outcome });
      if (outcome !== "duplicate" && outcome !== "dropped") handler.observe({ type }, seconds);
    },
    serviceCall({ operationId, status, ms }) {
      calls.inc({ operation: operationId, status: String(status) });
      callSeconds.observe({ operation: operationId }, ms / 1000);
    },
  };
}

/**
 * The database figures of the last read. Only the first call waits (for the first read); later ones
 * get the last snapshot at once and, when it is older than `refreshMs`, start one read behind it.
 */
function databaseSnapshot(db: Kysely<Database>, o: MetricsOptions): () => Promise<Snapshot | undefined> {
  const now = o.now ?? Date.now;
  let last: Snapshot | undefined;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const read = () => {
    lastAttempt = now();
    reading ??= readSnapshot(db, lastAttempt)
      .then((s) => {
        last = s;
      })
      .catch((err: unknown) => {
        // An outage is logged once where the database is watched; the age gauge shows it too.
        if (err instanceof DatabaseUnavailableError) o.log?.debug({ err }, "metrics' database figures wait for the database");
        else o.log?.warn({ err }, "could not read the metrics' database figures");
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  return async () => {
    const due = now() - lastAttempt >= o.refreshMs;
    if (last === undefined) {
      // Nothing read yet: wait for the read under way, or for a new one (unless one just failed).
      if (reading !== undefined) await reading;
      else if (due) await read();
    } else if (due) {
      void read();
    }
    return last;
  };
}

async function readSnapshot(db: Kysely<Database>, at: number): Promise<Snapshot> {
  const [journal, massRows, outbox] = await Promise.all([
    db
      .selectFrom("operations")
      .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("state", "in", UNFINISHED_OPERATIONS)
      .groupBy("state")
      .execute(),
    db
      .selectFrom("mass_jobs as j")
      .innerJoin("mass_rows as r", "r.job_id", "j.id")
      .select(["r.state", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("j.status", "in", OPEN_JOB_STATUSES)
      .where("r.state", "in", UNFINISHED_ROWS)
      .groupBy("r.state")
      .execute(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("state", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  const counts = (rows: { state: string; n: number | string }[]) => new Map(rows.map((r) => [r.state, Number(r.n)]));
  return { at, journal: counts(journal), massRows: counts(massRows), outbox: Number(outbox.n) };
}
