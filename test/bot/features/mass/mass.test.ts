/**
 * /mass end to end through the real bot: the admin's flow (validation, duplicates, summary,
 * confirmation), the job and what the simulator holds afterwards, the report and notifications, the
 * job's buttons, and everything a non-admin must not see or do.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { massTuning } from "../../../../src/mass/tuning.js";
import { Harness } from "../../../helpers/bot-harness.js";
import {
  ADMIN,
  BACKENDS,
  backendName,
  fastTuning,
  flowToConfirm,
  holdBeforeBatch,
  jobRows,
  lastDocument,
  latestJob,
  linkedAdmin,
  OTHER_ADMIN,
  recipients,
  sentClientIds,
  waitDone,
  waitJob,
} from "../../../helpers/mass-flow.js";

const [R1, R2, R3, R4] = [900_001, 900_002, 900_003, 900_004];

describe.each(BACKENDS.map((url) => ({ databaseUrl: url, name: backendName(url) })))(
  "mass transfers ($name)",
  ({ databaseUrl }) => {
    let h: Harness;
    const create = async (opts: Parameters<typeof Harness.create>[0] = {}) => {
      h = await Harness.create({ adminIds: [ADMIN, OTHER_ADMIN], databaseUrl, ...opts });
      recipients(h, [R1, R2, R3, R4]);
      return h;
    };
    beforeEach(fastTuning);
    afterEach(async () => h?.close());

    it("pays a pasted list with a default asset, merged duplicates and notifications", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},1.5,USDT,hello\n${R2},2\n${R1},1,,second`, {
        asset: "USDT",
        dup: /Merge/,
        notify: true,
      });
      const summary = admin.last()!.text;
      expect(summary).toContain("Recipients: 2 (2 transfers)");
      expect(summary).toContain(
        "USDT: 4.5 USDT (≈ US$4.50) in 2 transfers · fee: none · available 100 USDT → remains 95.5 USDT",
      );
      expect(summary).toContain("merged into one transfer");
      expect(summary).toContain("Recipients will get a message from me saying the payment is from “Acme Payroll”.");
      expect(await sentClientIds(h)).toEqual([]);

      const job = (await latestJob(h))!;
      expect(job.status).toBe("draft");
      await admin.pressLabel(/Confirm/);
      const done = await waitDone(h, job.id);
      expect(done.status).toBe("completed");

      // The service: each recipient got exactly their amount, the admin paid the total, once.
      expect((await h.account(R1)).pay.USDT?.balance).toBe("2.5");
      expect((await h.account(R2)).pay.USDT?.balance).toBe("2");
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("95.5");
      const ids = await sentClientIds(h);
      expect(ids).toEqual([`mt${job.id}-1`, `mt${job.id}-2`]);

      // Storage: the journal row, the rows with their transfer ids, the audit record.
      expect((await h.storage.operations.get(`mj-${job.id}`))?.state).toBe("done");
      const rows = await jobRows(h, job.id);
      expect(rows.map((r) => [r.target, r.amount, r.state, r.lines, r.notified])).toEqual([
        [String(R1), "2.5", "completed", "1 3", 1],
        [String(R2), "2", "completed", "2", 1],
      ]);
      expect(rows.every((r) => r.transfer_id)).toBe(true);
      const audit = await h.storage.db
        .selectFrom("mass_audit")
        .selectAll()
        .where("job_id", "=", job.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        admin_id: ADMIN,
        outcome: "completed",
        paid_rows: 2,
        failed_rows: 0,
        dup_policy: "merge",
      });
      expect(audit.input_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(audit.totals)).toEqual({ USDT: "4.5" });

      // What the admin was shown: progress, report, CSV; and the recipients' messages.
      const texts = admin.texts().join("\n");
      expect(texts).toContain("🚀 Started: 2 transfers");
      expect(texts).toMatch(/✅ Sent: 2 · ❌ Failed: 0 · ⏳ Left: 0/);
      expect(texts).toContain("Paid: 2 (4.5 USDT (≈ US$4.50))");
      expect(texts).toContain("delivered 2, unreachable 0");
      const csv = lastDocument(h, ADMIN)!;
      expect(csv.fileName).toBe(`mass-${job.id}.csv`);
      expect(csv.content.trim().split("\n")).toHaveLength(3);
      expect(csv.content).toContain(`1,1 3,${R1},USDT,2.5,hello,paid,${rows[0]!.transfer_id}`);
      // Merged rows keep the first note (joined notes could exceed the length limit).
      expect(h.tg.textsIn(R1)).toEqual(["💸 You received 2.5 USDT (≈ US$2.50) from Acme Payroll.\nNote:\n│ hello"]);
      expect(h.tg.textsIn(R2)).toEqual(["💸 You received 2 USDT (≈ US$2.00) from Acme Payroll."]);
    });

    it("names the sender as the admin set it, offers that name next time, and shows each recipient only their own notes", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await admin.send("/mass");
      await admin.send(`${R1},1,USDT,rent March\n${R2},2,USDT,bonus for R2 only\n${R1},3,USDT,rent April\n${R3},4,USDT`);
      await admin.pressLabel(/Keep/);
      await admin.pressLabel(/Notify recipients/);
      // First time: nothing to offer, the name is typed; a bad name is refused and asked again.
      expect(admin.last()!.text).toContain("Type the sender name");
      expect(admin.last()!.keyboard?.inline_keyboard.flat().map((b) => b.text)).toEqual(["✖️ Cancel"]);
      await admin.send("x".repeat(65));
      expect(admin.last()!.text).toContain("one line of 1 to 64 characters");
      await admin.send("  Acme   Payroll ");
      expect(admin.last()!.text).toContain("the payment is from “Acme Payroll”");
      let job = (await latestJob(h))!;
      expect(job.sender_name).toBe("Acme Payroll");
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      // The app's own name ("Sim app …") is never shown to recipients.
      expect(h.tg.textsIn(R1)).toEqual([
        "💸 You received 4 USDT (≈ US$4.00) from Acme Payroll.\nNote:\n│ rent March\nNote:\n│ rent April",
      ]);
      expect(h.tg.textsIn(R2)).toEqual(["💸 You received 2 USDT (≈ US$2.00) from Acme Payroll.\nNote:\n│ bonus for R2 only"]);
      expect(h.tg.textsIn(R3)).toEqual(["💸 You received 4 USDT (≈ US$4.00) from Acme Payroll."]);

      // Next job: the last name is a button; pressing it keeps it.
      await admin.send("/mass");
      await admin.send(`${R4},1,USDT`);
      await admin.pressLabel(/Notify recipients/);
      expect(admin.last()!.text).toContain("Press the name you used last time");
      await admin.pressLabel(/^Acme Payroll$/);
      job = (await latestJob(h))!;
      expect(job.sender_name).toBe("Acme Payroll");
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect(h.tg.textsIn(R4)).toEqual(["💸 You received 1 USDT (≈ US$1.00) from Acme Payroll."]);
    });

    it("reads a CSV document with a header, quoted descriptions and two assets; keeps duplicates apart", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "50", TONCOIN: "10" });
      const content = [
        "target,amount,asset,description",
        `${R1},1,USDT,"bonus, march"`,
        `${R2},0.5,TONCOIN,`,
        `${R1},2,USDT,"second, part"`,
        `${R3},0.25,TONCOIN,"a ""quoted"" word"`,
      ].join("\r\n");
      await flowToConfirm(admin, { fileName: "payroll.csv", content }, { dup: /Keep/ });
      expect(admin.last()!.text).toContain("Recipients: 3 (4 transfers)");
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);

      expect((await h.account(R1)).pay.USDT?.balance).toBe("3");
      expect((await h.account(R2)).pay.TONCOIN?.balance).toBe("0.5");
      expect((await h.account(R3)).pay.TONCOIN?.balance).toBe("0.25");
      // One call per asset: TONCOIN first (asset order), then USDT.
      const requests = await h.simRequests("createMassTransfer");
      expect(requests.map((r) => (r.body as { asset: string }).asset)).toEqual(["TONCOIN", "USDT"]);
      const rows = await jobRows(h, job.id);
      expect(rows.map((r) => [r.lines, r.description])).toEqual([
        ["2", "bonus, march"],
        ["3", null],
        ["4", "second, part"],
        ["5", 'a "quoted" word'],
      ]);
      expect(h.tg.textsIn(R1)).toEqual([]);
    });

    it("sends up to 500 payouts a call by default (the service's most), one asset a call", async () => {
      await create();
      const targets = Array.from({ length: 1100 }, (_, i) => 910_001 + i);
      recipients(h, targets);
      const admin = await linkedAdmin(h, { USDT: "100", TONCOIN: "10" });
      const content = [
        "target,amount,asset",
        ...targets.map((t) => `${t},0.01,USDT`),
        ...targets.slice(0, 3).map((t) => `${t},0.5,TONCOIN`),
      ].join("\n");
      await flowToConfirm(admin, { fileName: "big.csv", content });
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);

      const calls = (await h.simRequests("createMassTransfer")).map((r) => r.body as { asset: string; payouts: unknown[] });
      expect(calls.map((c) => [c.asset, c.payouts.length])).toEqual([
        ["TONCOIN", 3],
        ["USDT", 500],
        ["USDT", 500],
        ["USDT", 100],
      ]);
      expect((await h.account(targets[1099]!)).pay.USDT?.balance).toBe("0.01");
      expect((await h.account(targets[0]!)).pay.TONCOIN?.balance).toBe("0.5");
    });

    it("drops later duplicates when asked", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "50" });
      await flowToConfirm(admin, `${R1},1,USDT\n${R1},5,USDT\n${R2},1,USDT`, { dup: /Drop/ });
      expect(admin.last()!.text).toContain("USDT: 2 USDT (≈ US$2.00) in 2 transfers");
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect((await h.account(R1)).pay.USDT?.balance).toBe("1");
      expect((await jobRows(h, job.id)).map((r) => r.lines)).toEqual(["1", "3"]);
    });

    it("reports every bad row at once with its line, sends nothing, and takes the fixed list", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await admin.send("/mass");
      const bad = [
        "target,amount,asset,description",
        `abc,1,USDT`,
        `${R1},0,USDT`,
        `${R1},1.1234567,USDT`,
        `${R1},0.001,USDT`,
        `${R1},ten,USDT`,
        `${R1},1,NOPE`,
        `${R1},1,USDT,a,b`,
        `${R2},1,USDT,${"x".repeat(201)}`,
        `${ADMIN},1,USDT`,
        `${R3},,USDT`,
        `${R4},1,USDT,fine`,
      ].join("\n");
      await admin.sendDocument("bad.csv", bad);
      const report = admin.last()!.text;
      expect(report).toContain("The list has 10 problems; nothing was sent");
      for (const [line, reason] of [
        [2, "the target must be a Telegram user id"],
        [3, "the amount must be greater than zero"],
        [4, "USDT allows at most 6"],
        [5, "below the minimum transfer of 0.01 USDT"],
        [6, "not an amount"],
        [7, "unknown asset"],
        [8, "expected target,amount[,asset][,description] (5 columns found"],
        [9, "the description has 201 characters; at most 200 are allowed"],
        [10, "this is the paying account itself"],
        [11, "the amount is missing"],
      ] as const) {
        expect(report).toMatch(new RegExp(`Line ${line}: .* — .*${reason.replace(/[()[\]]/g, "\\$&")}`));
      }
      expect(report).not.toContain("Line 12");
      expect(await sentClientIds(h)).toEqual([]);
      expect(await h.storage.db.selectFrom("mass_rows").selectAll().execute()).toEqual([]);

      // Still in the flow: the fixed list goes through.
      await admin.send(`${R4},1,USDT,fine`);
      await admin.pressLabel(/Don't notify/);
      expect(admin.last()!.text).toContain("Confirm within");
    });

    it("sends a long list of problems as a file, and refuses lists that are too long or empty", async () => {
      await create({ massMaxRows: 30 });
      const admin = await linkedAdmin(h, { USDT: "100" });
      await admin.send("/mass");
      await admin.send(Array.from({ length: 25 }, (_, i) => `x${i},1,USDT`).join("\n"));
      expect(admin.texts().slice(-2)[0]).toContain("…and 15 more");
      const file = lastDocument(h, ADMIN)!;
      expect(file.fileName).toBe("mass-errors.csv");
      expect(file.content.trim().split("\n")).toHaveLength(26);
      expect(file.content).toContain("25,x24,the target must be");

      await admin.send(Array.from({ length: 31 }, () => `${R1},1,USDT`).join("\n"));
      expect(admin.last()!.text).toContain("The list has 31 rows; at most 30 are allowed");
      await admin.sendDocument("empty.csv", "target,amount\n\n");
      expect(admin.last()!.text).toContain("I found no rows");
      await admin.sendDocument("image.png", "\u0000\u0001PNG");
      expect(admin.last()!.text).toContain("not a text or CSV file");
      expect(admin.buttonData(/Cancel/)).toBe("in:cancel");
      expect(await sentClientIds(h)).toEqual([]);
    });

    it("says at once that a list separated with | has no columns it can read, without asking for an asset", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await admin.send("/mass");
      await admin.send(`${R1}|1.5|USDT\n${R2}|2|USDT`);
      expect(admin.last()!.text).toMatch(/could not find the columns of this list: separate them with a comma, semicolon or tab/);
      expect(admin.texts().some((t) => /Which currency should they be paid in/.test(t))).toBe(false);
      expect(admin.buttonData(/Cancel/)).toBe("in:cancel");
      // Still in the flow: the list with commas goes through.
      await admin.send(`${R1},1.5,USDT\n${R2},2,USDT`);
      await admin.pressLabel(/Don't notify/);
      expect(admin.last()!.text).toContain("Confirm within");
      expect(await sentClientIds(h)).toEqual([]);
    });

    it("refuses a list the balance does not cover, with the shortfall", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "10" });
      await admin.send("/mass");
      await admin.send(`${R1},6,USDT\n${R2},5.5,USDT`);
      await admin.pressLabel(/Merge|Keep|Drop/).catch(() => undefined);
      const text = admin.last()!.text;
      expect(text).toContain("Not enough funds; nothing was sent");
      expect(text).toContain("USDT: the total is 11.5 USDT, available 10 USDT — short by 1.5 USDT");
      expect(text).toContain("To add money to your xRocket Pay wallet, deposit it in @xRocket");
      const top = admin.last()!.keyboard!.inline_keyboard.flat()[0]!;
      expect("url" in top && top.url).toBe("https://t.me/xRocket?start=deposit_USDT");
      expect(admin.buttonData(/Confirm/)).toBeUndefined();
      expect(
        (await h.storage.db.selectFrom("mass_jobs").select("status").execute()).map((j) => j.status),
      ).toEqual(["discarded"]);
    });

    it("asks for the total to be typed back above MASS_CONFIRM_TOTAL before showing Confirm", async () => {
      await create({ massConfirmTotal: "10" });
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},8,USDT\n${R2},4.5,USDT`);
      expect(admin.last()!.text).toContain("type the USDT total exactly: 12.5 USDT");
      await admin.send("12");
      expect(admin.last()!.text).toContain("That is not the total");
      expect(admin.buttonData(/Confirm/)).toBeUndefined();
      await admin.send("12.50 usdt");
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect((await h.account(R2)).pay.USDT?.balance).toBe("4.5");
    });

    it("leaves on /cancel and on the Cancel button, sending nothing", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await admin.send("/mass");
      await admin.pressLabel(/Cancel/);
      expect(admin.last()!.text).toBe("Cancelled. Nothing was done.");
      await admin.send(`${R1},1,USDT`);
      expect(admin.last()!.text).toContain("I did not understand that");

      await admin.send("/mass");
      await admin.send(`${R1},1,USDT\n${R1},2,USDT`);
      await admin.send("/cancel");
      expect(admin.last()!.text).toBe("Cancelled. Nothing was done.");
      await admin.send("/mass");
      await admin.send(`${R1},1`);
      await admin.pressLabel(/Cancel/);
      expect(admin.last()!.text).toBe("Cancelled. Nothing was done.");
      expect(await sentClientIds(h)).toEqual([]);
      expect(
        await h.storage.db
          .selectFrom("mass_jobs")
          .where("status", "!=", "discarded")
          .where("status", "!=", "draft")
          .selectAll()
          .execute(),
      ).toEqual([]);
    });

    it("is invisible to non-admins: no command, no menu button, no job buttons", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      const { user: stranger } = await h.linkedUser({ pay: { USDT: "100" } });
      expect(admin.texts().join("\n")).toContain("Admin: pay many people at once with /mass");
      expect(stranger.texts().join("\n")).not.toMatch(/mass/i);

      await stranger.send("/mass");
      expect(stranger.last()!.text).toContain("There is no such command.");
      await stranger.press("menu:mass");
      const answers = h.tg.callsOf("answerCallbackQuery").map((c) => c.payload.text);
      expect(answers.at(-1)).toBe("This button is no longer active.");
      await stranger.sendDocument("list.csv", `${R1},1,USDT`);
      expect(stranger.last()!.text).toContain("I did not understand that");

      // A running job's buttons, pressed by someone else.
      await flowToConfirm(admin, `${R1},1,USDT`);
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      for (const action of ["pause", "resume", "cancel"]) {
        await h.handle({
          callback_query: { ...stranger.pressUpdate(`mass:${action}:${job.id}`).callback_query! },
        });
        expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe(
          "This button is no longer active.",
        );
      }
      const other = h.user(OTHER_ADMIN);
      await other.press(`mass:cancel:${job.id}`);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe(
        "This job belongs to another admin.",
      );
      expect((await latestJob(h))!.status).toBe("completed");
      expect(await h.account(stranger.id)).toMatchObject({ pay: { USDT: { balance: "100" } } });
    });

    it("starts one job for a double press, concurrent presses and a replayed update", async () => {
      await create({ massBatchSize: 2 });
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT`);
      const job = (await latestJob(h))!;
      const data = admin.buttonData(/Confirm/)!;
      const replayed = { update_id: 999_999, ...admin.pressUpdate(data) } as Parameters<Harness["replay"]>[0];
      await Promise.all([h.handle(admin.pressUpdate(data)), h.handle(admin.pressUpdate(data))]);
      await admin.press(data);
      await h.replay(replayed);
      await h.replay(replayed);
      await waitDone(h, job.id);

      expect(await sentClientIds(h)).toEqual([`mt${job.id}-1`, `mt${job.id}-2`, `mt${job.id}-3`]);
      expect((await h.simRequests("createMassTransfer")).length).toBe(2);
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("94");
      expect(await h.storage.db.selectFrom("mass_audit").selectAll().execute()).toHaveLength(1);
      expect(admin.texts().filter((t) => t.startsWith("✅ Mass transfer"))).toHaveLength(1);
    });

    it("sends nothing for an expired confirmation or another user's press", async () => {
      await create({ confirmTtlSeconds: 30 });
      const admin = await linkedAdmin(h, { USDT: "100" });
      const { user: stranger } = await h.linkedUser({ pay: { USDT: "1" } });
      await flowToConfirm(admin, `${R1},1,USDT`);
      const job = (await latestJob(h))!;
      const data = admin.buttonData(/Confirm/)!;
      await h.handle({
        callback_query: {
          ...stranger.pressUpdate(data).callback_query!,
          message: admin.pressUpdate(data).callback_query!.message,
        },
      } as never);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe(
        "This button belongs to someone else.",
      );

      h.advanceClock(31_000);
      await admin.press(data);
      expect(admin.last()!.text).toContain("This confirmation had expired when your press reached me");
      await new Promise((r) => setTimeout(r, 200));
      expect((await latestJob(h))!.status).toBe("draft");
      expect(await sentClientIds(h)).toEqual([]);
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("100");
      expect(job.operation_id).toBe(`mj-${job.id}`);
    });

    it("settles a dropped connection, a 5xx and 429s by client id: each row paid once", async () => {
      await create({ massBatchSize: 2 });
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT\n${R4},4,USDT\n900999,1,USDT`);
      const job = (await latestJob(h))!;
      await h.fault({ operationId: "createMassTransfer", mode: "dropAfter" });
      await h.fault({ operationId: "createMassTransfer", mode: "error5xx" });
      await h.fault({ operationId: "createMassTransfer", mode: "rateLimit", ms: 0, count: 3 });
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);

      for (const [id, amount] of [
        [R1, "1"],
        [R2, "2"],
        [R3, "3"],
        [R4, "4"],
      ] as const) {
        expect((await h.account(id)).pay.USDT?.balance).toBe(amount);
      }
      expect((await h.account(ADMIN)).pay.USDT?.balance).toBe("90");
      const rows = await jobRows(h, job.id);
      expect(rows.map((r) => r.state)).toEqual([
        "completed",
        "completed",
        "completed",
        "completed",
        "failed",
      ]);
      expect(rows[4]!.error).toBe("not_found");
      // Rows 1-2 were applied behind the dropped connection: read back, never sent again.
      const ids = await sentClientIds(h);
      expect(ids.filter((id) => id === `mt${job.id}-1`)).toHaveLength(1);
      expect((await h.simRequests("getTransfer")).length).toBeGreaterThanOrEqual(2);
      expect(admin.texts().join("\n")).toContain("the recipient was not found: 1");
      expect((await h.storage.operations.get(`mj-${job.id}`))?.state).toBe("done");
    });

    it("pauses, resumes and cancels from the progress message", async () => {
      await create({ massBatchSize: 1 });
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT\n${R4},4,USDT`);
      const job = (await latestJob(h))!;

      // Hold the loop before its second call, press Pause meanwhile.
      const { reached, release } = holdBeforeBatch(2);
      await admin.pressLabel(/Confirm/);
      await reached;
      await admin.press(`mass:pause:${job.id}`);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe(
        "Pausing after the current batch.",
      );
      release();
      const paused = await waitJob(h, job.id, (j) => j.status === "paused" && j.runner_id === null);
      expect(paused.status).toBe("paused");
      await new Promise((r) => setTimeout(r, 2100));
      expect((await sentClientIds(h)).length).toBe(2);
      expect(admin.messageWithButton(`mass:resume:${job.id}`)?.text).toContain("⏸ Paused.");
      await admin.press(`mass:pause:${job.id}`);
      expect(h.tg.callsOf("answerCallbackQuery").at(-1)?.payload.text).toBe("This button no longer applies.");

      // Resume: the third row goes; then Cancel before the fourth.
      massTuning.hooks.checkpoint = (point, info) => {
        if (point === "between_batches" && info.batch === 1)
          return admin.press(`mass:cancel:${job.id}`).then(() => admin.press(`mass:stop:${job.id}`));
      };
      await admin.press(`mass:resume:${job.id}`);
      const done = await waitDone(h, job.id);
      expect(done.status).toBe("cancelled");
      const rows = await jobRows(h, job.id);
      expect(rows.map((r) => r.state)).toEqual(["completed", "completed", "completed", "cancelled"]);
      expect((await h.account(R4)).pay.USDT).toBeUndefined();
      const texts = admin.texts().join("\n");
      expect(texts).toContain("⏹ Mass transfer");
      expect(texts).toContain("Not sent: 1 (4 USDT (≈ US$4.00))");
      const audit = await h.storage.db.selectFrom("mass_audit").selectAll().executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ outcome: "cancelled", paid_rows: 3, skipped_rows: 1 });
    });

    it("counts recipients who blocked the bot and waits out Telegram's 429", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      h.tg.failNext(
        "sendMessage",
        { error_code: 403, description: "Forbidden: bot was blocked by the user" },
        { chatId: R1 },
      );
      h.tg.failNext(
        "sendMessage",
        { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } },
        { chatId: R2 },
      );
      await flowToConfirm(admin, `${R1},1,USDT\n${R2},2,USDT\n${R3},3,USDT`, { notify: true });
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect(h.tg.textsIn(R1)).toEqual([]);
      expect(h.tg.textsIn(R2)).toEqual(["💸 You received 2 USDT (≈ US$2.00) from Acme Payroll."]);
      expect(h.tg.textsIn(R3)).toHaveLength(1);
      expect(admin.last()!.text).toContain("delivered 2, unreachable 1");
      expect((await jobRows(h, job.id)).map((r) => r.notified)).toEqual([2, 1, 1]);
    });

    it("speaks Russian to a Russian admin and recipient", async () => {
      await create();
      const { user: admin } = await h.linkedUser({ pay: { USDT: "100" } }, { id: ADMIN, languageCode: "ru" });
      await h.storage.users.setLanguage(R1, "ru");
      await admin.send("/mass");
      const ask = admin.last()!.text;
      expect(ask).toContain("получатель;сумма[;валюта][;описание]");
      expect(ask).toContain("• сумма: например, 10 или 2,5");
      // As the request says: semicolons between the columns, a decimal comma in the amount.
      await admin.send(`${R1};1,5;USDT`);
      await admin.pressLabel(/Сообщить получателям/);
      expect(admin.last()!.text).toContain("Как получатели увидят, от кого выплата?");
      await admin.send("ООО Ромашка");
      const summary = admin.last()!.text;
      expect(summary).toContain("Получателей: 1 (переводов: 1)");
      expect(summary).toContain("USDT: 1,5 USDT (≈ 1,50\u00a0$) в 1 переводе · комиссия: нет");
      expect(summary).toContain("о выплате от «ООО Ромашка»");
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Подтвердить/);
      await waitDone(h, job.id);
      expect(admin.texts().join("\n")).toContain("Выплачено: 1 (1,5 USDT (≈ 1,50\u00a0$))");
      expect(h.tg.textsIn(R1)).toEqual(["💸 Вы получили 1,5 USDT (≈ 1,50\u00a0$). Отправитель: ООО Ромашка."]);
    });

    it("speaks of one recipient and one transfer in the singular", async () => {
      await create();
      const admin = await linkedAdmin(h, { USDT: "100" });
      await flowToConfirm(admin, `${R1},2.5,USDT`);
      const summary = admin.last()!.text;
      expect(summary).toContain("Recipients: 1 (1 transfer)\n");
      expect(summary).toContain("USDT: 2.5 USDT (≈ US$2.50) in 1 transfer · fee: none");
      const job = (await latestJob(h))!;
      await admin.pressLabel(/Confirm/);
      await waitDone(h, job.id);
      expect(admin.texts().join("\n")).toContain("🚀 Started: 1 transfer. The progress is shown below.");
      expect((await h.account(R1)).pay.USDT?.balance).toBe("2.5");
    });
  },
);
