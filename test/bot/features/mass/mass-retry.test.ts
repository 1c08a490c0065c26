/**
 * Paying again what a mass transfer did not pay: the report's Retry button, and the report's CSV sent
 * back to /mass (edited or not). Either way the rows to pay are shown and confirmed like any payout,
 * a row already paid is never paid again, and a row is paid again by one later job only.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMassStore } from "../../../../src/mass/store.js";
import { massTuning } from "../../../../src/mass/tuning.js";
import { Harness } from "../../../helpers/bot-harness.js";
import {
  ADMIN,
  BACKENDS,
  backendName,
  fastTuning,
  flowToConfirm,
  jobRows,
  lastDocument,
  latestJob,
  linkedAdmin,
  OTHER_ADMIN,
  recipients,
  sentClientIds,
  waitDone,
} from "../../../helpers/mass-flow.js";

const [R1, R2, R3] = [900_301, 900_302, 900_303];
/** Has no account on the simulator until a test makes one: transfers to it are refused. */
const LATE = 900_399;

describe.each(BACKENDS.map((url) => ({ databaseUrl: url, name: backendName(url) })))(
  "paying failed rows again ($name)",
  ({ databaseUrl }) => {
    let h: Harness;
    beforeEach(fastTuning);
    afterEach(async () => h?.close());

    async function create() {
      h = await Harness.create({ adminIds: [ADMIN, OTHER_ADMIN], databaseUrl });
      recipients(h, [R1, R2, R3]);
    }

    /** A finished job: R1 1 and R2 3 paid, LATE 2 failed (no such recipient). */
    async function jobWithAFailure() {
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `target,amount,asset,description\n${R1},1,USDT,first\n${LATE},2,USDT,"late, but paid"\n${R2},3,USDT`);
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(["completed", "failed", "completed"]);
      return { admin, job };
    }

    it("retries only the failed row from the report's button, confirmed like any payout, paid once", async () => {
      await create();
      const { admin, job } = await jobWithAFailure();
      const report = admin.texts().find((t) => t.includes("Paid:"))!;
      expect(report).toContain("send the file back with /mass");
      const retry = admin.buttonData(/Retry failed rows \(1\)/);
      expect(retry).toBe(`mass:retry:${job.id}`);

      // The recipient now has an account; the admin retries.
      h.sim.sim.createAccount({ userId: LATE });
      await admin.press(retry!);
      expect(h.tg.callsOf("answerCallbackQuery").length).toBeGreaterThan(0);
      await admin.pressLabel(/Don't notify/);
      const summary = admin.last()!.text;
      expect(summary).toContain(`🔁 Paying again rows of #${job.id.slice(0, 8)}: 1 row.`);
      expect(summary).toContain("Recipients: 1 (1 transfer)");
      expect(summary).toContain("USDT: 2 USDT (≈ US$2.00) in 1 transfer");
      expect(await sentClientIds(h)).toHaveLength(3);

      const second = (await latestJob(h))!;
      expect(second.id).not.toBe(job.id);
      await admin.pressLabel(/Confirm/);
      await waitDone(h, second.id);

      // The simulator: the failed row paid once, the paid ones not again.
      expect((await h.account(LATE)).pay.USDT?.balance).toBe("2");
      expect((await h.account(R1)).pay.USDT?.balance).toBe("1");
      expect((await h.account(R2)).pay.USDT?.balance).toBe("3");
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("94");
      expect(await sentClientIds(h)).toEqual([
        `mt${job.id}-1`,
        `mt${job.id}-2`,
        `mt${job.id}-3`,
        `mt${second.id}-1`,
      ]);
      const rows = await jobRows(h, second.id);
      expect(rows.map((r) => [r.target, r.amount, r.description, r.state, r.origin])).toEqual([
        [String(LATE), "2", "late, but paid", "completed", `mt${job.id}-2`],
      ]);
      expect((await jobRows(h, job.id)).map((r) => r.retried_by)).toEqual([null, second.id, null]);

      // The same button again: nothing is left to pay again.
      await admin.press(retry!);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe(
        "Nothing here is left to pay again: every row was paid, or a later job retries it.",
      );
      expect(admin.buttonData(/Confirm/)).toBeUndefined();
      expect(await sentClientIds(h)).toHaveLength(4);
    });

    it("sends the unsent rows of a cancelled job from its report's button", async () => {
      h = await Harness.create({ adminIds: [ADMIN], databaseUrl, massBatchSize: 1 });
      recipients(h, [R1, R2, R3]);
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT`);
      const job = (await latestJob(h))!;
      massTuning.hooks.checkpoint = async (point, info) => {
        if (point === "between_batches" && info.batch === 1) {
          await admin.press(`mass:cancel:${job.id}`);
          await admin.press(`mass:stop:${job.id}`);
        }
      };
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      massTuning.hooks.checkpoint = undefined;
      expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(["completed", "cancelled", "cancelled"]);

      await admin.pressLabel(/Send the unsent rows \(2\)/);
      await admin.pressLabel(/Don't notify/);
      expect(admin.last()!.text).toContain("USDT: 5 USDT (≈ US$5.00) in 2 transfers");
      const second = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, second.id);
      expect((await h.account(R1)).pay.USDT?.balance).toBe("1");
      expect((await h.account(R2)).pay.USDT?.balance).toBe("2");
      expect((await h.account(R3)).pay.USDT?.balance).toBe("3");
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("94");
    });

    it("takes its own report CSV back: paid rows skipped whatever the file says, failed rows paid as corrected", async () => {
      await create();
      const { admin, job } = await jobWithAFailure();
      const csv = lastDocument(h, ADMIN)!.content;
      expect(csv.split("\n")[0]).toBe("row,lines,target,asset,amount,description,outcome,transfer_id,reason,client_transfer_id");

      // The operator corrects the failed row's recipient, and (wrongly) marks a paid row failed.
      const edited = csv
        .replace(`${LATE},USDT,2`, `${R3},USDT,2`)
        .replace(new RegExp(`(${R1},USDT,1,first,)paid`), "$1failed");
      await admin.send("/mass");
      await admin.sendDocument(`mass-${job.id}.csv`, edited);
      await admin.pressLabel(/Don't notify/);
      const summary = admin.last()!.text;
      expect(summary).toContain(`🔁 Paying again rows of #${job.id.slice(0, 8)}: 1 row.`);
      expect(summary).toContain("Already paid, not sent again: 2.");
      expect(summary).toContain("USDT: 2 USDT (≈ US$2.00) in 1 transfer");
      const second = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, second.id);

      expect((await h.account(R3)).pay.USDT?.balance).toBe("2");
      expect((await h.account(R1)).pay.USDT?.balance).toBe("1");
      expect((await h.account(R2)).pay.USDT?.balance).toBe("3");
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("94");
      expect((await jobRows(h, second.id)).map((r) => [r.target, r.description, r.origin])).toEqual([
        [String(R3), "late, but paid", `mt${job.id}-2`],
      ]);

      // The same file once more: everything in it is paid, or paid again by the second job.
      await admin.send("/mass");
      await admin.sendDocument(`mass-${job.id}.csv`, edited);
      expect(admin.last()!.text).toBe(
        [
          "Nothing in this list is left to pay.",
          "Already paid, not sent again: 2.",
          "Retried by a later job (retry that job's rows instead), not sent again: 1.",
          "Send another list, or press Cancel.",
        ].join("\n"),
      );
      expect(admin.buttonData(/Confirm/)).toBeUndefined();
      expect(await sentClientIds(h)).toHaveLength(4);
    });

    it("refuses rows of a job that is not the admin's", async () => {
      await create();
      const { job } = await jobWithAFailure();
      const csv = lastDocument(h, ADMIN)!.content;
      const other = await linkedAdmin(h, { USDT: "100" }, OTHER_ADMIN);
      await other.send("/mass");
      await other.sendDocument(`mass-${job.id}.csv`, csv);
      const text = other.last()!.text;
      expect(text).toContain("The list has 3 problems");
      expect(text).toContain(`Line 2: “mt${job.id}-1” — not a row of your mass transfers`);
      expect(await sentClientIds(h)).toHaveLength(3);
      // A row naming a client id of no job at all, beside a new row without one.
      await other.send(`target,amount,asset,client_transfer_id\n${R1},1,USDT,mt0123456789abcdef-1\n${R2},1,USDT,`);
      expect(other.last()!.text).toContain("Line 2: “mt0123456789abcdef-1” — not a row of your mass transfers");
      expect(other.last()!.text).not.toContain("Line 3");
    });

    it("leaves out a row whose outcome needs a check at the service", async () => {
      await create();
      const { admin, job } = await jobWithAFailure();
      // The service once called row 2's id used, yet could not show it ("unresolved"): never sent again.
      await h.storage.db.updateTable("mass_rows").set({ error: "unresolved" }).where("job_id", "=", job.id).where("row_no", "=", 2).execute();
      await admin.send("/mass");
      await admin.sendDocument("again.csv", lastDocument(h, ADMIN)!.content);
      expect(admin.last()!.text).toBe(
        [
          "Nothing in this list is left to pay.",
          "Already paid, not sent again: 2.",
          "Its outcome needs a check at the service first (see the reason in the report), not sent again: 1.",
          "Send another list, or press Cancel.",
        ].join("\n"),
      );
      expect(await sentClientIds(h)).toHaveLength(3);
    });

    it("pays a row again by one later job only, even when two drafts name it", async () => {
      await create();
      const { job } = await jobWithAFailure();
      const store = createMassStore(h.storage.db, h.deps.now);
      // Two planned drafts both paying row 2 again (one per admin and draft in chat; here side by side).
      for (const id of ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"]) {
        await store.createDraft({ id, adminId: id === "aaaaaaaaaaaaaaaa" ? ADMIN : OTHER_ADMIN, chatId: ADMIN, network: "production", inputText: "x", locale: "en" });
        await store.savePlan(id, {
          rows: [{ rowNo: 1, lines: [2], target: String(R3), asset: "USDT", amount: "2", description: null, origins: [`mt${job.id}-2`] }],
          digest: "d",
          dupPolicy: "keep",
          totals: { USDT: "2" },
          accountId: job.account_id!,
          accountName: "a",
          network: "production",
        });
        await store.setProposal(id, `mj-${id}`, false, null);
      }
      expect(await store.start("aaaaaaaaaaaaaaaa", "mj-aaaaaaaaaaaaaaaa", ADMIN)).toBe(true);
      expect(await store.start("bbbbbbbbbbbbbbbb", "mj-bbbbbbbbbbbbbbbb", OTHER_ADMIN)).toBe(false);
      expect((await store.get("bbbbbbbbbbbbbbbb"))!.status).toBe("draft");
      expect((await jobRows(h, job.id)).map((r) => r.retried_by)).toEqual([null, "aaaaaaaaaaaaaaaa", null]);
    });
  },
);
