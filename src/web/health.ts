/**
 * /healthz: the process answers, the database answers a query, and the service answers HTTP at all
 * (any status: reachability, not a key's validity). 503 when either check fails.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../storage/schema.js";

export interface HealthReport {
  ok: boolean;
  checks: { database: "ok" | "failing"; service: "ok" | "failing" };
}

export interface HealthDeps {
  db: Kysely<Database>;
  /** A base URL of the service (e.g. PAY_BASE_URL). */
  serviceUrl: string;
  timeoutMs?: number;
}

export async function checkHealth(d: HealthDeps): Promise<HealthReport> {
  const timeoutMs = d.timeoutMs ?? 2000;
  const [database, service] = await Promise.all([
    sql`select 1`
      .execute(d.db)
      .then(() => "ok" as const)
      .catch(() => "failing" as const),
    fetch(d.serviceUrl, { method: "GET", redirect: "manual", signal: AbortSignal.timeout(timeoutMs) })
      .then(async (res) => {
        await res.body?.cancel();
        return "ok" as const;
      })
      .catch(() => "failing" as const),
  ]);
  return { ok: database === "ok" && service === "ok", checks: { database, service } };
}
