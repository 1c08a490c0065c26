/**
 * Examples of requests and replies that public sources show for the real service
 * (`fixtures/real/*.json`, each naming its source), and their check against our contract: through
 * the service module's zod schemas (what the client accepts) and against `src/service/openapi.yaml`
 * (what the document promises). A fixture that fails is a difference in our contract, not in it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";
import { type Api, type OperationId, operations, replyOf } from "../../src/service/operations.js";
import { Problem } from "../../src/service/schemas.js";
import { validateReply, validateRequestBody } from "../helpers/contract.js";

const DIR = new URL("./fixtures/real/", import.meta.url);

const RealFixture = z.object({
  source: z.string().min(1),
  operationId: z.string(),
  part: z.enum(["request", "reply"]),
  status: z.number().int().optional(),
  body: z.unknown(),
});
export type RealFixture = z.infer<typeof RealFixture> & { file: string };

export interface FixtureCheck {
  fixture: RealFixture;
  /** Issues from the service module's schemas; empty when the client accepts it. */
  schema: string[];
  /** Issues from the contract document; empty when it matches. */
  contract: string[];
}

/** Every real-world fixture, sorted by file name. */
export function loadRealFixtures(): RealFixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...RealFixture.parse(JSON.parse(readFileSync(new URL(file, DIR), "utf8"))) }));
}

const issues = (error: z.ZodError): string[] =>
  error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);

/** Checks one fixture against the schemas and the contract. */
export function checkFixture(fixture: RealFixture): FixtureCheck {
  const { operationId, part, status, body } = fixture;
  if (!(operationId in operations)) {
    const missing = [`${operationId} is not an operation of ours`];
    return { fixture, schema: missing, contract: missing };
  }
  const def = operations[operationId as OperationId];
  if (part === "request") {
    const parsed = def.input.safeParse(body);
    return {
      fixture,
      schema: parsed.success ? [] : issues(parsed.error),
      contract: def.method === "POST" ? validateRequestBody(operationId, body) : [],
    };
  }
  const code = status ?? def.status;
  const parsed = code >= 400 ? Problem.safeParse(body) : replyOf(def, apiOf(fixture)).safeParse(body);
  return { fixture, schema: parsed.success ? [] : issues(parsed.error), contract: validateReply(operationId, code, body) };
}

/** The interface a fixture comes from, as its file name says (`exchange-…`, `pay-…`). */
function apiOf(fixture: RealFixture): Api {
  return fixture.file.startsWith("exchange-") ? "exchange" : "pay";
}
