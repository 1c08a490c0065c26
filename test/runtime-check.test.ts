/** The runtime floor: one number, kept in step with package.json and .node-version, and enforced at start. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MINIMUM_NODE_MAJOR, unsupportedNodeMessage } from "../src/runtime-check.js";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };

describe("runtime check", () => {
  it("matches engines.node, .node-version and .nvmrc", () => {
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
    for (const file of [".node-version", ".nvmrc"]) {
      expect(readFileSync(file, "utf8").trim()).toMatch(new RegExp(`^${MINIMUM_NODE_MAJOR}\\.\\d+\\.\\d+$`));
    }
  });

  it("accepts the running Node and refuses older ones with a clear line", () => {
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
    expect(unsupportedNodeMessage("26.0.0")).toBeUndefined();
    expect(unsupportedNodeMessage("20.20.2")).toBe(
      `This bot needs Node ${MINIMUM_NODE_MAJOR} or newer; this is Node 20.20.2. ` +
        `Run "source scripts/node24.sh" (installs the pinned Node ${MINIMUM_NODE_MAJOR} into .tools/) or use npm start.`,
    );
  });

  // The machine's own Node (20 here) starting the real entry point: one line on stderr, exit 1, no stack.
  const olderNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
    const run = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
    return run.status === 0 && unsupportedNodeMessage(run.stdout.trim()) !== undefined;
  });
  it.skipIf(!olderNode)("stops npm start's entry point on an older Node without a stack trace", () => {
    const run = spawnSync(olderNode!, ["--import", "tsx", "src/main.ts"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, BOT_TOKEN: "123:x" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^This bot needs Node 24 or newer; this is Node \d+\.\d+\.\d+\./);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
