/**
 * Prometheus metrics (prom-client): updates by type and outcome, handler latency, service calls by
 * operation and status with their latency, and, read from the database at each scrape, journal
 * entries by state, mass-transfer rows by state and the outbox's depth.
 */
import type { Kysely } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../storage/schema.js";

export interface Metrics {
  registry: Registry;
  /** For createBot's onUpdate. */
  update(u: { type: string; outcome: string; seconds: number }): void;
  /** For the service clients' onAttempt. */
  serviceCall(c: { operationId: string; status: number | "network"; ms: number }): void;
}

export function createMetrics(db: Kysely<Database>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const updates = new Counter({
    name: "bot_updates_total",
    help: "Telegram updates by type and outcome (ok, error, duplicate)",
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
  const byState = (name: string, help: string, read: () => Promise<{ state: string; n: number | string }[]>) =>
    new Gauge({
      name,
      help,
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await read()) this.set({ state: r.state }, Number(r.n));
      },
    });
  byState("bot_journal_entries", "Operations journal entries by state", () =>
    db
      .selectFrom("operations")
      .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("state")
      .execute(),
  );
  byState("bot_mass_rows", "Mass-transfer rows by state", () =>
    db
      .selectFrom("mass_rows")
      .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("state")
      .execute(),
  );
  new Gauge({
    name: "bot_outbox_depth",
    help: "Messages waiting in the outbox",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("state", "=", "pending")
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });

  return {
    registry,
    update({ type, outcome, seconds }) {
      updates.inc({ type, outcome });
      if (outcome !== "duplicate") handler.observe({ type }, seconds);
    },
    serviceCall({ operationId, status, ms }) {
      calls.inc({ operation: operationId, status: String(status) });
      callSeconds.observe({ operation: operationId }, ms / 1000);
    },
  };
}
