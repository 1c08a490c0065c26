/**
 * Helpers shared by the mass-transfer tests: an admin with a linked key, recipients on the
 * simulator, driving /mass to the confirmation, waiting for the background job, and reading what
 * the job, its rows and the simulator hold.
 */

import { massTuning } from "../../src/mass/tuning.js";
import { outboxTuning } from "../../src/outbox/worker.js";
import type { Harness, TestUser } from "./bot-harness.js";

export const ADMIN = 700_001;
export const OTHER_ADMIN = 700_002;

/** The backends every mass test runs on: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS = [undefined, process.env.TEST_DATABASE_URL].filter(
  (url, i) => i === 0 || url !== undefined,
) as (string | undefined)[];
export const backendName = (url: string | undefined) => (url ? "postgres" : "sqlite");

/** Short waits for tests; the defaults are for production. */
export function fastTuning(): void {
  massTuning.backoffMs = 10;
  massTuning.maxBackoffMs = 200;
  outboxTuning.backoffMs = 10;
  outboxTuning.hooks = {};
  massTuning.progressIntervalMs = 100;
  massTuning.hooks = {};
}

/** The admin, linked to a simulator account with these Pay balances. */
export async function linkedAdmin(h: Harness, pay: Record<string, string>, id = ADMIN): Promise<TestUser> {
  const { user } = await h.linkedUser({ pay }, { id });
  return user;
}

/**
 * Accounts on the simulator for these user ids (a transfer to an unknown user is refused), of people
 * who have started the bot (so it may tell them what they received).
 */
export function recipients(h: Harness, ids: number[]): void {
  for (const userId of ids) h.sim.createAccount({ userId });
  h.tg.started(...ids);
}

export interface FlowOptions {
  /** Default asset button to press (when some rows have none). */
  asset?: string;
  /** Duplicate policy button. */
  dup?: RegExp;
  notify?: boolean;
  /** When notifying: the sender name to type (default "Acme Payroll"), or a button to press (the last name). */
  sender?: string | RegExp;
  /** Totals to type back (above MASS_CONFIRM_TOTAL). */
  typed?: string[];
}

/** /mass → the list → the choices, up to the Confirm button. */
export async function flowToConfirm(
  user: TestUser,
  list: string | { fileName: string; content: string },
  o: FlowOptions = {},
) {
  await user.send("/mass");
  if (typeof list === "string") await user.send(list);
  else await user.sendDocument(list.fileName, list.content);
  if (o.asset) await user.pressLabel(new RegExp(`^${o.asset}$`));
  if (o.dup) await user.pressLabel(o.dup);
  await user.pressLabel(o.notify ? /Notify recipients/ : /Don't notify/);
  if (o.notify) {
    const sender = o.sender ?? "Acme Payroll";
    if (typeof sender === "string") await user.send(sender);
    else await user.pressLabel(sender);
  }
  for (const typed of o.typed ?? []) await user.send(typed);
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof latestJob>>>;

/** The admin's newest job that is not a discarded draft. */
export async function latestJob(h: Harness, adminId = ADMIN) {
  return h.storage.db
    .selectFrom("mass_jobs")
    .selectAll()
    .where("admin_id", "=", adminId)
    .where("status", "!=", "discarded")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function jobRows(h: Harness, jobId: string) {
  return h.storage.db
    .selectFrom("mass_rows")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("row_no")
    .execute();
}

/** Waits until the job has finished everything: sending, report, notifications. */
export async function waitDone(h: Harness, jobId: string, timeoutMs = 30_000): Promise<JobRow> {
  return waitJob(
    h,
    jobId,
    (j) =>
      ["completed", "cancelled"].includes(j.status) &&
      j.report_sent === 1 &&
      (j.notify === 0 || j.notify_done === 1),
    timeoutMs,
  );
}

export async function waitJob(
  h: Harness,
  jobId: string,
  done: (j: JobRow) => boolean,
  timeoutMs = 30_000,
): Promise<JobRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await h.storage.db
      .selectFrom("mass_jobs")
      .selectAll()
      .where("id", "=", jobId)
      .executeTakeFirst();
    if (job && done(job) && (await outboxDrained(h))) {
      // Let the run leave before the test goes on.
      await new Promise((r) => setTimeout(r, 50));
      return job;
    }
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whether the outbox has sent everything it owes (reports and notifications are sent through it). */
export async function outboxDrained(h: Harness): Promise<boolean> {
  const pending = await h.storage.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("state", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(pending.n) === 0;
}

/** Every clientPayoutId sent in createMassTransfer calls, in order (repeats included). */
export async function sentClientIds(h: Harness): Promise<string[]> {
  const requests = await h.simRequests("createMassTransfer");
  return requests.flatMap((r) =>
    (r.body as { payouts: { clientPayoutId: string }[] }).payouts.map((t) => t.clientPayoutId),
  );
}

/** Every transfer the admin's account made, read through the service (all pages). */
export async function allTransfers(h: Harness, key: string) {
  const { pay } = h.deps.services.forKey("production", key);
  const out: {
    clientPayoutId: string | null;
    target: string | null;
    amount: string | null;
    asset: string | null;
    payoutId: string;
  }[] = [];
  let cursor: string | undefined;
  do {
    const page = await pay.getTransfers({ limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.pagination.next ?? undefined;
  } while (cursor);
  return out;
}

/** A second bot over the same storage, simulator and fake Telegram: the process after a restart. */
export function restartedBot(h: Harness) {
  return h.newApp();
}

/** A hook that stops the runner dead at a checkpoint (never returns), as a crash would. */
export function crashAt(point: string, when: (batch: number) => boolean): Promise<void> {
  return new Promise((crashed) => {
    massTuning.hooks.checkpoint = (p, info) => {
      if (p !== point || !when(info.batch)) return;
      massTuning.hooks.checkpoint = undefined;
      crashed();
      return new Promise<void>(() => {});
    };
  });
}

/**
 * Holds the runner before it sends batch `batch`: `reached` resolves when it gets there, `release()`
 * lets it go on (the batch's rows were already taken from the queue, so that batch still goes).
 */
export function holdBeforeBatch(batch: number): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let arrive!: () => void;
  const reached = new Promise<void>((r) => {
    arrive = r;
  });
  massTuning.hooks.checkpoint = (point, info) => {
    if (point !== "before_send" || info.batch !== batch) return;
    arrive();
    return held;
  };
  return { reached, release };
}

/** The newest document shown in a chat. */
export function lastDocument(h: Harness, chatId: number) {
  return [...h.tg.sent].reverse().find((m) => m.chatId === chatId && m.document)?.document;
}
