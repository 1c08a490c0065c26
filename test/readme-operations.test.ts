/**
 * The table "Operations and where the bot uses them" (docs/service-api.md) cannot go stale: it lists
 * exactly the contract's operations, every command it names is one the bot registers (for everyone or
 * for admins), and the bot's own code (its features and the engines they run) calls every operation.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../src/service/operations.js";
import { Harness } from "./helpers/bot-harness.js";

const DOC = readFileSync(new URL("../docs/service-api.md", import.meta.url), "utf8");

/** Rows of the table under the heading: operation → the text of its second cell. */
function operationsTable(): Map<string, string> {
  const start = DOC.indexOf("## Operations and where the bot uses them");
  expect(start).toBeGreaterThan(0);
  const rows = new Map<string, string>();
  for (const line of DOC.slice(start).split("\n").slice(1)) {
    if (line.startsWith("#")) break;
    const m = /^\| `([A-Za-z]+)` \| (.+) \|$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!);
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("docs/service-api.md: operations and where the bot uses them", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.create();
  });
  afterAll(async () => {
    await h.close();
  });

  const table = operationsTable();

  it("lists exactly the contract's operations", () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(operations).sort());
  });

  it("names only commands the bot registers, at least one per operation", () => {
    const registered = new Set(
      h.app.features.flatMap((f) => [...(f.manifest.commands ?? []), ...(f.manifest.adminCommands ?? [])]).map((c) => c.command),
    );
    for (const [op, uses] of table) {
      const named = [...uses.matchAll(/`\/([a-z_]+)/g)].map((m) => m[1]!);
      expect(named.length, `${op} names no command`).toBeGreaterThan(0);
      for (const command of named) expect(registered, `${op}: /${command}`).toContain(command);
    }
  });

  it("is backed by the bot's code: every operation is called under src/bot or an engine it runs", () => {
    const code = ["bot", "mass", "notifications", "charts"]
      .flatMap((dir) => sourceFiles(new URL(`../src/${dir}`, import.meta.url).pathname))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    for (const op of table.keys()) expect(code, op).toMatch(new RegExp(`\\.${op}\\(`));
  });
});
