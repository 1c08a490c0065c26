/** The job engine for a database: pg-boss on PostgreSQL, in process on SQLite. */
import type { Logger } from "pino";
import { createInProcessJobs } from "./in-process.js";
import { createPgBossJobs } from "./pg-boss.js";
import type { Jobs } from "./types.js";

export type { Jobs } from "./types.js";

/**
 * The adapter for DATABASE_URL: several instances share a PostgreSQL one (pg-boss in `schema`, its
 * sessions ended when idle in a transaction for `idleInTransactionMs`); SQLite's runs in process.
 */
export function createJobs(
  databaseUrl: string | undefined,
  logger: Logger,
  options: { schema?: string; idleInTransactionMs?: number } = {},
): Jobs {
  return databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl)
    ? createPgBossJobs({ connectionString: databaseUrl, logger, ...options })
    : createInProcessJobs({ logger });
}
