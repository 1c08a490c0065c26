/**
 * Every example that a public source shows for the real service is checked against our contract:
 * through the service module's schemas and against `src/service/openapi.yaml`. A fixture that fails is
 * a difference in our contract, not in the fixture (`npm run contract:diff` prints the details).
 */
import { describe, expect, it } from "vitest";
import { checkFixture, loadRealFixtures } from "./real-fixtures.js";

const fixtures = loadRealFixtures();

describe("real-world fixtures", () => {
  it("are there, each naming its source", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(22);
    for (const f of fixtures) expect(f.source.length, f.file).toBeGreaterThan(10);
  });

  it.each(fixtures.map((f) => [f.file, f] as const))(
    "%s parses through the service module and matches the contract",
    (_file, fixture) => {
      const check = checkFixture(fixture);
      expect(check.schema).toEqual([]);
      expect(check.contract).toEqual([]);
    },
  );
});
