/**
 * A 1,000-row job against the simulator with injected faults (5xx, 429s, a connection dropped after
 * the service applied a batch) and a crash in the middle: the first bot dies right after the service
 * applied a batch and before the results were stored; a second bot over the same storage resumes it.
 * Afterwards every recipient got exactly their amount, each client id made exactly one transfer,
 * and the report matches. Also: a crash while the outbox sends notifications loses none (only the
 * one in flight at the crash is sent twice).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatAmount, formatFiat, money } from "../../src/domain/money.js";
import { massTuning } from "../../src/mass/tuning.js";
import { outboxTuning } from "../../src/outbox/worker.js";
import { Harness } from "../helpers/bot-harness.js";
import {
  ADMIN,
  allTransfers,
  BACKENDS,
  backendName,
  crashAt,
  fastTuning,
  flowToConfirm,
  jobRows,
  lastDocument,
  latestJob,
  recipients,
  restartedBot,
  sentClientIds,
  waitDone,
} from "../helpers/mass-flow.js";

const ROWS = 1000;
const FIRST = 800_001;
/** Targets with no account on the simulator: the service refuses them, each on its own. */
const MISSING = [FIRST + ROWS + 1, FIRST + ROWS + 2, FIRST + ROWS + 3];

describe.each(BACKENDS.map((url) => ({ url, name: backendName(url) })))(
  "mass transfer crash safety ($name)",
  ({ url }) => {
    let h: Harness;
    beforeEach(fastTuning);
    afterEach(async () => h?.close());

    it("pays 1,000 rows exactly once through faults and a crash after an applied batch", async () => {
      h = await Harness.create({
        adminIds: [ADMIN],
        databaseUrl: url,
        massBatchSize: 100,
        massMaxRows: 10_000,
      });
      const targets = Array.from({ length: ROWS - MISSING.length }, (_, i) => FIRST + i);
      recipients(h, targets);
      const { user: admin, key } = await h.linkedUser({ pay: { USDT: "100000" } }, { id: ADMIN });
      // Amounts differ per row so a row paid to the wrong person, or twice, shows.
      const amountOf = (i: number) => `${1 + (i % 9)}.${String(i % 100).padStart(2, "0")}`;
      const all = [...targets, ...MISSING];
      const lines = [
        "target,amount,asset,description",
        ...all.map((t, i) => `${t},${amountOf(i)},USDT,row ${i + 1}`),
      ];
      await flowToConfirm(
        admin,
        { fileName: "payroll.csv", content: lines.join("\n") },
        { typed: [], notify: false },
      );
      // The total is above MASS_CONFIRM_TOTAL (1000): it must be typed back.
      const prompt = admin.last()!.text;
      const total = /exactly: ([\d,.]+) USDT/.exec(prompt)?.[1];
      expect(total).toBeDefined();
      await admin.send(total!);
      const job = (await latestJob(h))!;
      expect(job.rows_total).toBe(ROWS);

      // Faults, used in this order by the createMassTransfer calls: a 5xx (not applied), three 429s
      // (the client's own retries give up: waited out by the runner), a connection dropped after the
      // batch was applied; and a 5xx on a read back.
      await h.fault({ operationId: "createMassTransfer", mode: "error5xx" });
      await h.fault({ operationId: "createMassTransfer", mode: "rateLimit", ms: 0, count: 3 });
      await h.fault({ operationId: "createMassTransfer", mode: "dropAfter" });
      await h.fault({ operationId: "getTransfer", mode: "error5xx" });
      // The crash: the sixth call has been applied by the service, its results are not stored yet.
      const crashed = crashAt("after_send", (batch) => batch === 6);
      await admin.pressLabel(/Confirm/);
      await crashed;
      const atCrash = await jobRows(h, job.id);
      expect(atCrash.filter((r) => r.state === "sending").length).toBe(100);

      // The process "restarts": a new bot over the same storage and simulator resumes the job.
      const app = restartedBot(h);
      await app.resume();
      const done = await waitDone(h, job.id, 60_000);
      expect(done.status).toBe("completed");

      // Every recipient got exactly their amount; the missing users got nothing and are reported.
      const rows = await jobRows(h, job.id);
      const expected = new Map(all.map((t, i) => [String(t), amountOf(i)]));
      for (const t of targets) {
        expect((await h.account(t)).pay.USDT?.balance, `target ${t}`).toBe(
          money.normalise(expected.get(String(t))!),
        );
      }
      const paidTotal = money.sum(targets.map((_, i) => amountOf(i)));
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe(money.sub("100000", paidTotal));
      expect(rows.filter((r) => r.state === "completed")).toHaveLength(targets.length);
      expect(rows.filter((r) => r.state === "failed").map((r) => [Number(r.target), r.error])).toEqual(
        MISSING.map((t) => [t, "not_found"]),
      );

      // Each client id made exactly one transfer on the simulator, with the row's transfer id.
      const transfers = await allTransfers(h, key);
      expect(transfers).toHaveLength(targets.length);
      const byClientId = new Map<string, number>();
      for (const t of transfers)
        byClientId.set(String(t.clientPayoutId), (byClientId.get(String(t.clientPayoutId)) ?? 0) + 1);
      expect([...byClientId.values()].every((n) => n === 1)).toBe(true);
      const transferIdOf = new Map(transfers.map((t) => [t.clientPayoutId, t.payoutId]));
      for (const r of rows.filter((x) => x.state === "completed"))
        expect(r.transfer_id).toBe(transferIdOf.get(r.client_id));
      // Resent ids are only those proven unsent (the 5xx batch and the 429s): never the applied batches.
      const sent = await sentClientIds(h);
      const sends = new Map<string, number>();
      for (const id of sent) sends.set(id, (sends.get(id) ?? 0) + 1);
      expect(sends.size).toBe(ROWS);
      expect(sent.length).toBe(ROWS + 100 * 4);
      expect((await h.simRequests("getTransfer")).length).toBeGreaterThanOrEqual(300);

      // The report matches: message, CSV (every row, its outcome and transfer id), audit, journal.
      const texts = admin.texts().join("\n");
      expect(texts).toContain(`Paid: ${targets.length} (${formatAmount(paidTotal, "USDT")} (≈ ${formatFiat(paidTotal, "USD")}))`);
      expect(texts).toContain("the recipient was not found: 3");
      const csv = lastDocument(h, ADMIN)!.content.trim().split("\n");
      expect(csv).toHaveLength(ROWS + 1);
      expect(csv.filter((l) => l.includes(",paid,"))).toHaveLength(targets.length);
      const audit = await h.storage.db.selectFrom("mass_audit").selectAll().executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        outcome: "completed",
        paid_rows: targets.length,
        failed_rows: 3,
        rows_total: ROWS,
      });
      expect(JSON.parse(audit.paid_totals!)).toEqual({ USDT: paidTotal });
      expect((await h.storage.operations.get(`mj-${job.id}`))?.state).toBe("done");
      expect(h.logLines.join("")).toContain("rows left in flight are now unknown");
    }, 60_000);

    it("crashes while sending in flight, and while notifying: resumes without paying or messaging twice", async () => {
      h = await Harness.create({ adminIds: [ADMIN], databaseUrl: url, massBatchSize: 2 });
      const targets = [810_001, 810_002, 810_003, 810_004, 810_005];
      recipients(h, targets);
      const { user: admin } = await h.linkedUser({ pay: { USDT: "100" } }, { id: ADMIN });
      await flowToConfirm(admin, targets.map((t) => `${t},1,USDT`).join("\n"), { notify: true });
      const job = (await latestJob(h))!;

      // First crash: rows marked 'sending', the request never made.
      let crashed = crashAt("before_send", (batch) => batch === 2);
      await admin.pressLabel(/Confirm/);
      await crashed;
      const second = restartedBot(h);
      // Second crash: the outbox worker dies after Telegram took the third notification and before
      // it was recorded as sent.
      let notified = 0;
      crashed = new Promise<void>((dead) => {
        outboxTuning.hooks.afterSend = (record) => {
          if (record.message.group === undefined || ++notified !== 3) return;
          outboxTuning.hooks.afterSend = undefined;
          dead();
          return new Promise<void>(() => {});
        };
      });
      await second.resume();
      await crashed;
      // The dead process's job engine does nothing more.
      await second.jobs.stop(0);
      const third = restartedBot(h);
      await third.resume();
      await waitDone(h, job.id);

      for (const t of targets) expect((await h.account(t)).pay.USDT?.balance).toBe("1");
      expect(new Set(await sentClientIds(h)).size).toBe(5);
      // Nothing owed is lost: everyone was notified; only the one in flight at the crash went twice.
      const messaged = targets.map((t) => h.tg.textsIn(t).length);
      expect(messaged.every((n) => n >= 1)).toBe(true);
      expect(messaged.filter((n) => n === 2)).toHaveLength(1);
      expect(messaged.reduce((a, b) => a + b, 0)).toBe(6);
      // The report went out once.
      expect(admin.texts().filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(1);
      // A further restart finds nothing to do.
      await restartedBot(h).resume();
      await new Promise((r) => setTimeout(r, 300));
      expect(admin.texts().filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(1);
      expect(massTuning.hooks.checkpoint).toBeUndefined();
      expect(outboxTuning.hooks.afterSend).toBeUndefined();
    });
  },
);

