/**
 * Every example that a public source shows for the real service is checked against our contract.
 * Those that pass must keep passing; the ones listed in KNOWN_DIFFERENCES are where the contract still
 * differs (reported by `npm run contract:diff`) and must keep failing until the contract is fixed, at
 * which point the entry is removed here, so the list never goes stale.
 */
import { describe, expect, it } from "vitest";
import { checkFixture, loadRealFixtures } from "./real-fixtures.js";

/** Fixture files our contract cannot yet read, with why. */
const KNOWN_DIFFERENCES: Record<string, string> = {
  "pay-app-info-reply.json": "our AppInfo requires ownerId, which no SDK model has",
  "pay-cheques-reply.json": "cheque state vocabulary and fields (S3 models: many optional) differ",
  "pay-get-cheque-reply.json": "cheque reply fields (asset, amount, clientChequeId …) required by us",
  "pay-create-payout-reply.json": "SDK stub reply carries only payoutId and amount; we require target, asset",
  "pay-get-payout-reply.json": "SDK stub reply carries only payoutId and callback; we require target, asset",
  "pay-create-withdrawal-reply.json": "withdrawal reply: status values and optional fields differ",
  "pay-get-withdrawal-reply.json": "withdrawal reply: optional fields differ",
  "pay-rates-reply.json": "rates items are {currency, rate}, ours {asset, base, rate}",
  "pay-rates-request.json": "a crypto `base` (USDT) is allowed on the real service; ours takes fiat codes only",
};

const fixtures = loadRealFixtures();

describe("real-world fixtures", () => {
  it("are there, each naming its source", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    for (const f of fixtures) expect(f.source.length, f.file).toBeGreaterThan(10);
    for (const file of Object.keys(KNOWN_DIFFERENCES)) expect(fixtures.map((f) => f.file)).toContain(file);
  });

  it.each(fixtures.filter((f) => !(f.file in KNOWN_DIFFERENCES)).map((f) => [f.file, f] as const))(
    "%s parses through the service module and matches the contract",
    (_file, fixture) => {
      const check = checkFixture(fixture);
      expect(check.schema).toEqual([]);
      expect(check.contract).toEqual([]);
    },
  );

  it.each(Object.entries(KNOWN_DIFFERENCES))("%s still differs (%s)", (file) => {
    const fixture = fixtures.find((f) => f.file === file)!;
    const check = checkFixture(fixture);
    expect([...check.schema, ...check.contract].length).toBeGreaterThan(0);
  });
});
