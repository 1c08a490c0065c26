/**
 * `npm run contract:diff`: prints, operation by operation, where our contract (src/service/openapi.yaml
 * and the service module's schemas) still differs from the real-world fixtures, which operations
 * no fixture covers yet, and which elements the contract marks as inferred.
 */
import { operations } from "../../src/service/operations.js";
import { inferredComponents, inferredFields, operationSource } from "../helpers/contract.js";
import { checkFixture, loadRealFixtures } from "./real-fixtures.js";

const checks = loadRealFixtures().map(checkFixture);
const ids = [...new Set([...Object.keys(operations), ...checks.map((c) => c.fixture.operationId)])].sort();
let differing = 0;

for (const id of ids) {
  const mine = checks.filter((c) => c.fixture.operationId === id);
  const source = operationSource(id) ?? "not in our contract";
  const bad = mine.filter((c) => c.schema.length + c.contract.length > 0);
  differing += bad.length;
  const state = mine.length === 0 ? "no fixture" : bad.length === 0 ? "matches" : "DIFFERS";
  console.log(`${id}  [x-source: ${source}]  ${state}${mine.length ? ` (${mine.length - bad.length}/${mine.length} fixtures)` : ""}`);
  for (const c of bad) {
    console.log(`  ✗ ${c.fixture.file} (${c.fixture.part}${c.fixture.status ? ` ${c.fixture.status}` : ""}) — ${c.fixture.source}`);
    for (const issue of [...new Set([...c.schema.map((i) => `schema: ${i}`), ...c.contract.map((i) => `contract: ${i}`)])].slice(0, 6))
      console.log(`      ${issue}`);
  }
}

const inferredOps = ids.filter((id) => operationSource(id) === "inferred");
console.log(`\nOperations still inferred: ${inferredOps.join(", ") || "none"}`);
console.log(`Components still inferred: ${inferredComponents().join(", ") || "none"}`);
console.log(`Fields still inferred: ${inferredFields().join(", ") || "none"}`);
console.log(`\n${checks.length} fixtures, ${checks.length - differing} match, ${differing} differ.`);
