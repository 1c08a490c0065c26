/**
 * What an operator sees around a mass transfer: the first recipients by name before Confirm, and the
 * report's CSV again with one tap after the run, built from the rows as they stand.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../helpers/bot-harness.js";
import { ADMIN, fastTuning, flowToConfirm, lastDocument, latestJob, linkedAdmin, OTHER_ADMIN, recipients, waitDone } from "../../../helpers/mass-flow.js";

const PEOPLE = [900_401, 900_402, 900_403, 900_404, 900_405, 900_406, 900_407];

describe("mass transfers for an operator", () => {
  let h: Harness;
  beforeEach(fastTuning);
  afterEach(async () => h?.close());

  it("names the first five recipients before Confirm, by name where the bot knows them, and how many more", async () => {
    h = await Harness.create({ adminIds: [ADMIN] });
    recipients(h, PEOPLE);
    await h.user(PEOPLE[0]!, { firstName: "Sam" }).send("/start");
    await h.user(PEOPLE[2]!, { firstName: "Anna" }).send("/start");
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, PEOPLE.map((id) => `${id},1,USDT`).join("\n"));
    const summary = admin.last()!.text;
    expect(summary).toContain(
      `First: “Sam” (id ${PEOPLE[0]}), user id ${PEOPLE[1]}, “Anna” (id ${PEOPLE[2]}), user id ${PEOPLE[3]}, user id ${PEOPLE[4]} and 2 more`,
    );
  });

  it("a short list is named whole, with no \"more\"", async () => {
    h = await Harness.create({ adminIds: [ADMIN] });
    recipients(h, PEOPLE.slice(0, 2));
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `${PEOPLE[0]},1,USDT\n${PEOPLE[1]},2,USDT`);
    expect(admin.last()!.text).toMatch(new RegExp(`First: user id ${PEOPLE[0]}, user id ${PEOPLE[1]}\\n`));
  });

  it("sends the report's CSV again from its button, to the job's admin only", async () => {
    h = await Harness.create({ adminIds: [ADMIN, OTHER_ADMIN] });
    recipients(h, PEOPLE.slice(0, 2));
    const admin = await linkedAdmin(h, { USDT: "100" });
    await flowToConfirm(admin, `${PEOPLE[0]},1,USDT\n${PEOPLE[1]},2,USDT`);
    const job = (await latestJob(h))!;
    await admin.pressLabel(/Confirm/);
    await waitDone(h, job.id);
    await h.outboxSent();
    const first = lastDocument(h, ADMIN);
    expect(first?.content).toMatch(/^row,lines,target,asset,amount/);

    const again = admin.buttonData(/Report again/);
    expect(again).toBe(`mass:csv:${job.id}`);
    await admin.press(again!);
    const second = lastDocument(h, ADMIN);
    expect(second).not.toBe(first);
    expect(second?.fileName).toBe(`mass-${job.id}.csv`);
    expect(second?.content).toBe(first?.content);

    const other = await linkedAdmin(h, { USDT: "1" }, OTHER_ADMIN);
    await other.press(again!);
    expect(lastDocument(h, OTHER_ADMIN)).toBeUndefined();
  });
});
