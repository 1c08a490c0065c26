/**
 * What /mass says is what happened: a run that paid nobody is not headlined ✅, Cancel asks before it
 * stops a job, a broken list is reported where it is broken (and before any question), and lists
 * separated by semicolons or tabs are read in every language.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";
import {
  ADMIN,
  fastTuning,
  flowToConfirm,
  holdBeforeBatch,
  jobRows,
  latestJob,
  linkedAdmin,
  recipients,
  sentClientIds,
  waitDone,
  waitJob,
} from "../../../helpers/mass-flow.js";

const [R1, R2, R3] = [900_101, 900_102, 900_103];
/** Ids with no account on the simulator: the service refuses transfers to them. */
const [NOBODY1, NOBODY2, NOBODY3] = [990_001, 990_002, 990_003];

let h: Harness;
beforeEach(fastTuning);
afterEach(async () => h?.close());

async function create(opts: Parameters<typeof Harness.create>[0] = {}) {
  h = await Harness.create({ adminIds: [ADMIN], ...opts });
  recipients(h, [R1, R2, R3]);
  return h;
}

describe("the report's headline", () => {
  it("says nothing was paid, how many failed and why, when every row failed", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `${NOBODY1},1,USDT\n${NOBODY2},2,USDT\n${NOBODY3},3,USDT`);
    const job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);

    const report = admin.texts().find((t) => t.includes("Paid:"))!;
    const lines = report.split("\n");
    expect(lines[0]).toBe(`❌ Mass transfer #${job.id.slice(0, 8)}: nothing was paid, all 3 rows failed.`);
    expect(report).not.toContain("✅");
    expect(report).not.toContain("(0)");
    expect(report).toContain("Paid: none");
    expect(report).toContain("• the recipient was not found: 3");
    // The progress message's last word (edited in the background) agrees with the report.
    const progress = () => admin.texts().find((t) => t.startsWith("📦 Mass transfer #"));
    await expect.poll(progress).toContain("❌ Finished: nothing was paid.");
    expect(progress()).not.toContain("✅ Finished");
    expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("100");
  });

  it("says how many of how many were paid when some failed, and all when all were", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `${R1},1,USDT\n${NOBODY1},2,USDT\n${R2},3,USDT`);
    let job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);
    let report = admin.texts().find((t) => t.includes("Paid:"))!;
    expect(report.split("\n")[0]).toBe(`⚠️ Mass transfer #${job.id.slice(0, 8)} finished: 2 of 3 rows paid, 1 failed.`);
    expect(report).toContain("Paid: 2 (4 USDT (≈ US$4.00))");

    await flowToConfirm(admin, `${R3},1,USDT`);
    job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);
    report = admin.texts().filter((t) => t.includes("Paid:")).at(-1)!;
    expect(report.split("\n")[0]).toBe(`✅ Mass transfer #${job.id.slice(0, 8)} finished: the 1 row was paid.`);
  });

  it("says it in Russian", async () => {
    await create();
    const { user: admin } = await h.linkedUser({ pay: { USDT: "100" } }, { id: ADMIN, languageCode: "ru" });
    await admin.send("/mass");
    await admin.send(`${NOBODY1};1;USDT\n${NOBODY2};2;USDT`);
    await admin.pressLabel(/Не сообщать/);
    const job = (await latestJob(h))!;
    await admin.pressLabel(/Подтвердить/);
    await waitDone(h, job.id);
    const report = admin.texts().find((t) => t.includes("Выплачено"))!;
    expect(report.split("\n")[0]).toBe(`❌ Массовая выплата #${job.id.slice(0, 8)}: ничего не выплачено, все 2 строки с ошибкой.`);
    expect(report).toContain("Выплачено: ничего");
    expect(report).not.toContain("(0)");
    expect(report).not.toContain("✅");
    await expect
      .poll(() => admin.texts().find((t) => t.startsWith("📦 Массовая выплата #")))
      .toContain("❌ Завершено: ничего не выплачено.");
  });
});

describe("Cancel", () => {
  /** A job of four rows sent one a batch, held before its second batch. */
  async function heldJob() {
    await create({ massBatchSize: 1 });
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT\n${R1},4,USDT`, { dup: /Keep/ });
    const job = (await latestJob(h))!;
    const { reached, release } = holdBeforeBatch(2);
    await admin.pressLabel(/Confirm/);
    await reached;
    return { admin, job, release };
  }

  it("asks first; the second tap cancels what is not sent yet", async () => {
    const { admin, job, release } = await heldJob();
    await admin.press(`mass:cancel:${job.id}`);
    // Nothing changed yet: the job runs on, and the question says what a cancel would do.
    expect((await latestJob(h))!.status).toBe("running");
    const ask = admin.last()!;
    expect(ask.text).toBe(
      `⏹ Cancel mass transfer #${job.id.slice(0, 8)}? 3 rows are not sent yet; those not in the batch being sent now will not be sent. What was sent stays sent.`,
    );
    expect(ask.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(["⏹ Yes, cancel the rest", "▶️ Keep going"]);

    await admin.pressLabel(/Yes, cancel the rest/);
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe("Cancelling after the current batch.");
    expect(admin.texts()).toContain(`⏹ Cancelling mass transfer #${job.id.slice(0, 8)} after the current batch.`);
    release();
    const done = await waitDone(h, job.id);
    expect(done.status).toBe("cancelled");
    // The batch already under way went; nothing after it.
    expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(["completed", "completed", "cancelled", "cancelled"]);
    expect((await h.account(R3)).pay.USDT).toBeUndefined();
    // A late press on the question does nothing twice.
    await admin.press(`mass:stop:${job.id}`);
    expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe("This button no longer applies.");
  });

  it("keeps going when asked to", async () => {
    const { admin, job, release } = await heldJob();
    await admin.press(`mass:cancel:${job.id}`);
    await admin.pressLabel(/Keep going/);
    expect(admin.texts()).toContain(`▶️ Mass transfer #${job.id.slice(0, 8)} goes on.`);
    release();
    const done = await waitDone(h, job.id);
    expect(done.status).toBe("completed");
    expect((await jobRows(h, job.id)).map((r) => r.state)).toEqual(["completed", "completed", "completed", "completed"]);
    expect((await h.account(R1)).pay.USDT?.balance).toBe("5");
    expect((await h.account(R3)).pay.USDT?.balance).toBe("3");
  });

  it("asks on a paused job too, which stays paused when kept", async () => {
    const { admin, job, release } = await heldJob();
    await admin.press(`mass:pause:${job.id}`);
    release();
    await waitJob(h, job.id, (j) => j.status === "paused" && j.runner_id === null);
    await admin.press(`mass:cancel:${job.id}`);
    expect(admin.last()!.text).toBe(
      `⏹ Cancel mass transfer #${job.id.slice(0, 8)}? The 2 rows not sent yet will not be sent. What was sent stays sent.`,
    );
    expect(admin.last()!.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "⏹ Yes, cancel the rest",
      "⏸ Keep it paused",
    ]);
    await admin.pressLabel(/Keep it paused/);
    expect((await latestJob(h))!.status).toBe("paused");
    expect((await sentClientIds(h)).length).toBe(2);
  });
});

describe("a list with mistakes", () => {
  it("names the line where an unclosed quote opens, reads the lines after it, and says an empty value in words", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    const lines = Array.from({ length: 14 }, (_, i) => `${R1},1,USDT,row ${i + 1}`);
    lines[10] = `${R2},1,USDT,"a note never closed`;
    lines[12] = `${R3},,USDT`;
    await admin.send("/mass");
    await admin.sendDocument("list.csv", `${lines.join("\n")}\n`);
    const report = admin.last()!.text;
    expect(report).toContain("The list has 2 problems");
    expect(report).toContain(`Line 11: “${R2},1,USDT,'a note never closed” — a quote (") opens here and is never closed`);
    expect(report).toContain("Line 13: (empty) — the amount is missing");
    expect(report).not.toContain("∅");
    expect(report).not.toMatch(/Line 1[45]/);
    expect(await sentClientIds(h)).toEqual([]);
  });

  it("reports bad rows before asking which currency rows without one are paid in", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    await admin.send("/mass");
    await admin.send(`${R1},1\nabc,2\n${R2},ten,USDT`);
    expect(admin.texts().some((t) => /Which currency should they be paid in/.test(t))).toBe(false);
    const report = admin.last()!.text;
    expect(report).toContain("The list has 2 problems");
    expect(report).toContain("Line 2: “abc” — the target must be a Telegram user id");
    expect(report).toContain("Line 3: “ten” — not an amount");
    expect(report).not.toContain("no asset given");
    // The fixed list still asks for the currency, and goes through.
    await admin.send(`${R1},1\n${R2},2,USDT`);
    expect(admin.last()!.text).toContain("Which currency should they be paid in?");
    await admin.pressLabel(/^USDT$/);
    await admin.pressLabel(/Don't notify/);
    expect(admin.last()!.text).toContain("USDT: 3 USDT (≈ US$3.00) in 2 transfers");
  });
});

describe("separators", () => {
  it("reads semicolons and tabs in English, under a header written with commas", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `target,amount,asset,description\n${R1};1,5;USDT;Thanks, Bob\n${R2};2;USDT`);
    expect(admin.last()!.text).toContain("USDT: 3.5 USDT (≈ US$3.50) in 2 transfers");
    let job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);
    expect((await h.account(R1)).pay.USDT?.balance).toBe("1.5");
    expect((await jobRows(h, job.id)).map((r) => r.description)).toEqual(["Thanks, Bob", null]);

    await flowToConfirm(admin, {
      fileName: "from-a-spreadsheet.tsv",
      content: `target,amount,asset\r\n${R2}\t0.5\tUSDT\r\n${R3}\t1.25\tUSDT\r\n`,
    });
    expect(admin.last()!.text).toContain("USDT: 1.75 USDT (≈ US$1.75) in 2 transfers");
    job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);
    expect((await h.account(R2)).pay.USDT?.balance).toBe("2.5");
    expect((await h.account(R3)).pay.USDT?.balance).toBe("1.25");
  });

  it("says in English that semicolons and tabs are read", async () => {
    await create();
    const admin = await linkedAdmin(h, { USDT: "100" });
    await admin.send("/mass");
    expect(admin.last()!.text).toMatch(/Columns may be separated by commas, semicolons or tabs/);
  });
});
