/**
 * /healthz: the process answers, the database answers a query, and the service answers HTTP at all
 * on its health path (any status: reachability, not a key's validity). 503 when either check fails.
 * The checks run at most once per interval, whatever the request rate: requests in between get the
 * last result, and requests during a check wait for that same check.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../storage/schema.js";

export interface HealthReport {
  ok: boolean;
  checks: { database: "ok" | "failing"; service: "ok" | "failing" };
}

export interface HealthDeps {
  db: Kysely<Database>;
  /** A base URL of the service (e.g. PAY_BASE_URL); its `/health` is probed. */
  serviceUrl: string;
  /** Least time between two checks (HEALTH_CHECK_SECONDS). */
  intervalMs: number;
  timeoutMs?: number;
  now?: () => number;
}

/** The /healthz check: at most one run per `intervalMs`, shared by every request meanwhile. */
export function createHealthCheck(d: HealthDeps): () => Promise<HealthReport> {
  const now = d.now ?? Date.now;
  let last: { at: number; report: HealthReport } | undefined;
  let running: Promise<HealthReport> | undefined;
  return () => {
    const at = now();
    if (last && at - last.at < d.intervalMs) return Promise.resolve(last.report);
    running ??= check(d)
      .then((report) => {
        last = { at, report };
        return report;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

async function check(d: HealthDeps): Promise<HealthReport> {
  const timeoutMs = d.timeoutMs ?? 2000;
  const [database, service] = await Promise.all([
    sql`select 1`
      .execute(d.db)
      .then(() => "ok" as const)
      .catch(() => "failing" as const),
    fetch(`${d.serviceUrl.replace(/\/+$/, "")}/health`, {
      method: "GET",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (res) => {
        await res.body?.cancel();
        return "ok" as const;
      })
      .catch(() => "failing" as const),
  ]);
  return { ok: database === "ok" && service === "ok", checks: { database, service } };
}
