/**
 * Validation of raw reply bodies against the contract document itself (src/service/openapi.yaml),
 * independently of the zod schemas the code uses: `validateReply(operationId, status, body)` returns
 * the list of errors, empty when the body matches the documented response of that status.
 */
import { expect } from "vitest";
import type { SimOrigin, TestSim } from "./simulator.js";
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

/** The contract the project owns; the service module and the simulator follow it. */
export const CONTRACT_URL = new URL("../../src/service/openapi.yaml", import.meta.url);

const DOC_ID = "https://contract.invalid/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Json = Record<string, unknown>;

interface Located {
  path: string;
  method: string;
  operation: Json;
}

// ajv-formats is CommonJS; under NodeNext its default import is module.exports, whose `.default` is the plugin.
const addFormats = addFormatsModule.default;

const doc = loadDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true });
addFormats(ajv);
ajv.addSchema(doc, DOC_ID);

const operations = new Map<string, Located>();
for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
  for (const method of METHODS) {
    const operation = item[method] as Json | undefined;
    if (operation?.operationId) operations.set(String(operation.operationId), { path, method, operation });
  }
}

const compiled = new Map<string, ValidateFunction>();

/** Errors of `body` against the response schema of `operationId` for `status`; [] when it matches. */
export function validateReply(operationId: string, status: number, body: unknown): string[] {
  const found = operations.get(operationId);
  if (found === undefined) return [`${operationId}: not in the contract`];
  if (documentedWithoutBody(found, status)) {
    return body === undefined ? [] : [`${operationId} ${status}: documented without a body, got one`];
  }
  const pointer = responseSchemaPointer(found, status);
  if (pointer === undefined) return [`${operationId}: status ${status} is not documented`];
  let validate = compiled.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${operationId} ${status}: ${e.instancePath || "/"} ${e.message}`,
  );
}

/** Whether the contract documents `status` for the operation as a reply with no body (a 204). */
function documentedWithoutBody({ operation }: Located, status: number): boolean {
  const response = (operation.responses as Record<string, Json>)[String(status)];
  return response !== undefined && response.$ref === undefined && response.content === undefined;
}

/** JSON pointer (with leading #) of the schema of the documented response, following a response $ref. */
function responseSchemaPointer({ path, method, operation }: Located, status: number): string | undefined {
  const responses = operation.responses as Record<string, Json>;
  let response = responses[String(status)];
  let pointer = `#/paths/${pointerEscape(path)}/${method}/responses/${status}`;
  if (response === undefined) return undefined;
  const ref = response.$ref;
  if (typeof ref === "string") {
    pointer = ref;
    response = resolve(ref);
  }
  const content = (response.content ?? {}) as Record<string, Json>;
  const mediaType = Object.keys(content)[0];
  if (mediaType === undefined) return undefined;
  return `${pointer}/content/${pointerEscape(mediaType)}/schema`;
}

function resolve(ref: string): Json {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<Json>((node, part) => node[part.replace(/~1/g, "/").replace(/~0/g, "~")] as Json, doc);
}

function pointerEscape(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function loadDocument(): Json {
  const parsed = parse(readFileSync(CONTRACT_URL, "utf8")) as Json;
  stripDiscriminatorMappings(parsed);
  return parsed;
}

/** Ajv's discriminator refuses `mapping`; the oneOf it sits beside decides the same thing without it. */
function stripDiscriminatorMappings(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stripDiscriminatorMappings(item);
  } else if (node !== null && typeof node === "object") {
    const obj = node as Json;
    const disc = obj.discriminator as Json | undefined;
    if (disc && typeof disc === "object" && "propertyName" in disc) delete disc.mapping;
    for (const value of Object.values(obj)) stripDiscriminatorMappings(value);
  }
}

/** Errors of a request body against the documented JSON request body of `operationId`; [] when it matches. */
export function validateRequestBody(operationId: string, body: unknown): string[] {
  const found = operations.get(operationId);
  if (found === undefined) return [`${operationId}: not in the contract`];
  const pointer = `#/paths/${pointerEscape(found.path)}/${found.method}/requestBody/content/application~1json/schema`;
  if ((found.operation.requestBody as Json | undefined) === undefined) return [`${operationId}: takes no body`];
  let validate = compiled.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${operationId} request: ${e.instancePath || "/"} ${e.message}`);
}

/** The contract's `x-source` of an operation, or undefined when the operation is not in it. */
export function operationSource(operationId: string): string | undefined {
  const source = operations.get(operationId)?.operation["x-source"];
  return typeof source === "string" ? source : undefined;
}

/** Component schemas (and responses) whose `x-source` is `inferred`: what is still a guess. */
export function inferredComponents(): string[] {
  const components = doc.components as Record<string, Record<string, Json>>;
  return ["schemas", "responses", "parameters"].flatMap((section) =>
    Object.entries(components[section] ?? {})
      .filter(([, node]) => node["x-source"] === "inferred")
      .map(([name]) => `${section}/${name}`),
  );
}

/** Fields of otherwise sourced schemas whose own `x-source` is `inferred` (e.g. `Currency.precision`). */
export function inferredFields(): string[] {
  const schemas = (doc.components as Record<string, Record<string, Json>>).schemas ?? {};
  return Object.entries(schemas).flatMap(([name, node]) => {
    if (node["x-source"] === "inferred") return [];
    const properties = (node.properties ?? {}) as Record<string, Json>;
    return Object.entries(properties)
      .filter(([, prop]) => prop["x-source"] === "inferred")
      .map(([field]) => `${name}.${field}`);
  });
}

/** Errors of `body` against a named component schema (for example `Problem`); [] when it matches. */
export function validateComponent(name: string, body: unknown): string[] {
  const pointer = `#/components/schemas/${pointerEscape(name)}`;
  let validate = compiled.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${name}: ${e.instancePath || "/"} ${e.message}`);
}

/**
 * A raw caller for contract tests: sends a request to the simulator, expects `status`, checks the body
 * against the contract (problem replies as application/problem+json) and records covered operations.
 */
export function contractCaller(sim: TestSim, covered: Set<string>) {
  return async (
    operationId: string,
    status: number,
    origin: SimOrigin,
    path: string,
    init: { method?: string; key?: string; body?: unknown } = {},
  ): Promise<Record<string, unknown>> => {
    const res = await sim.api(origin, path, init);
    expect(res.status, `${operationId} ${origin} ${path}: ${res.text}`).toBe(status);
    expect(validateReply(operationId, status, res.body), path).toEqual([]);
    if (status >= 400) expect(res.headers.get("content-type")).toBe("application/problem+json");
    else covered.add(operationId);
    return res.body as Record<string, unknown>;
  };
}
