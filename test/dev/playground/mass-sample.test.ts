/**
 * The sample list the docs point to (examples/mass-transfer.csv) pays every one of its recipients in
 * the playground's world: Morgan, the admin, links the seeded key and sends the file to /mass as it is.
 */
import { readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import { seedPlayground } from "../../../src/dev/playground/demo-seed.js";
import { fastTuning, flowToConfirm, jobRows, latestJob, waitDone } from "../../helpers/mass-flow.js";
import { Harness } from "../../helpers/bot-harness.js";

const SAMPLE = readFileSync(new URL("../../../examples/mass-transfer.csv", import.meta.url), "utf8");

let h: Harness | undefined;
afterEach(async () => h?.close());

it("pays every recipient of the sample list from the admin's seeded app", async () => {
  fastTuning();
  h = await Harness.create({ adminIds: [1003] });
  const { people } = seedPlayground(h.sim.sim);
  const morgan = people.find((p) => p.role === "admin")!;
  const admin = h.user(morgan.id, { firstName: morgan.firstName });
  await admin.send("/start");
  await admin.send("/connect");
  await admin.press("keys:net:production");
  await admin.send(morgan.keys.production);
  expect(admin.last()!.text).toMatch(/✅/);

  const targets = SAMPLE.trim().split("\n").slice(1).map((line) => Number(line.split(",")[0]));
  const before = new Map<number, Record<string, string>>();
  for (const id of [...targets, morgan.id]) {
    const account = await h.account(id);
    before.set(id, Object.fromEntries(Object.entries(account.pay).map(([asset, b]) => [asset, b.balance])));
  }

  // As the docs say: the row without an asset is paid in the currency chosen in the chat.
  await flowToConfirm(admin, { fileName: "mass-transfer.csv", content: SAMPLE }, { asset: "USDT" });
  expect(admin.last()!.text).toContain("Recipients: 6 (6 transfers)");
  const job = (await latestJob(h, morgan.id))!;
  await admin.pressLabel(/Confirm/);
  await waitDone(h, job.id);

  expect((await jobRows(h, job.id)).map((r) => [r.target, r.amount, r.asset, r.state])).toEqual([
    ["1001", "25", "USDT", "completed"],
    ["1002", "25", "USDT", "completed"],
    ["1004", "12.5", "USDT", "completed"],
    ["1005", "0.75", "TONCOIN", "completed"],
    ["1006", "10", "USDT", "completed"],
    ["1007", "3.5", "USDT", "completed"],
  ]);
  const gained = async (id: number, asset: string) => {
    const now = (await h!.account(id)).pay[asset]?.balance ?? "0";
    return money.sub(now, before.get(id)?.[asset] ?? "0");
  };
  expect(await gained(1001, "USDT")).toBe("25");
  expect(await gained(1002, "USDT")).toBe("25");
  expect(await gained(1004, "USDT")).toBe("12.5");
  expect(await gained(1005, "TONCOIN")).toBe("0.75");
  expect(await gained(1006, "USDT")).toBe("10");
  expect(await gained(1007, "USDT")).toBe("3.5");
  expect(await gained(morgan.id, "USDT")).toBe("-76");
  expect(await gained(morgan.id, "TONCOIN")).toBe("-0.75");
  expect(admin.texts().find((t) => t.includes("Paid:"))!.split("\n")[0]).toMatch(/^✅ .* all 6 rows were paid\.$/);
});
