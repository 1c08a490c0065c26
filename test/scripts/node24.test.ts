/**
 * scripts/node24.sh, which every npm script runs through: on a clone without node_modules, or whose
 * lock file changed since the last install, it runs `npm ci` before the command, so `npm start` and
 * `npm test` need no setup step; otherwise it runs the command at once. Checked on a copy of the
 * script in a temporary folder, with an `npm` that records what it was asked and writes npm's marker.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = new URL("../../scripts/node24.sh", import.meta.url).pathname;

/** A clone-like folder: the script, a lock file, and a fake npm on PATH (failing when asked to). */
function clone(options: { npmFails?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), "node24-"));
  mkdirSync(join(root, "scripts"));
  copyFileSync(SCRIPT, join(root, "scripts", "node24.sh"));
  writeFileSync(join(root, "package-lock.json"), "{}\n");
  const bin = join(root, "fake-bin");
  mkdirSync(bin);
  writeFileSync(
    join(bin, "npm"),
    [
      "#!/bin/sh",
      `echo "$*" >> "${join(root, "npm-calls")}"`,
      "echo 'npm: installing'",
      options.npmFails ? "exit 1" : `mkdir -p "${join(root, "node_modules")}" && touch "${join(root, "node_modules", ".package-lock.json")}"`,
    ].join("\n"),
  );
  chmodSync(join(bin, "npm"), 0o755);
  const run = (...command: string[]) => {
    const result = spawnSync("sh", [join(root, "scripts", "node24.sh"), ...command], {
      cwd: root,
      encoding: "utf8",
      // The Node running these tests (24) first, so the script installs no other.
      env: { ...process.env, PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}` },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const npmCalls = () => (existsSync(join(root, "npm-calls")) ? readFileSync(join(root, "npm-calls"), "utf8").trim().split("\n") : []);
  return { root, run, npmCalls };
}

describe("scripts/node24.sh", () => {
  it("on a fresh clone installs the dependencies first, then runs the command; its output stays the command's", () => {
    const c = clone();
    const first = c.run("echo", "ran");
    expect(first).toMatchObject({ code: 0, stdout: "ran\n" });
    expect(first.stderr).toMatch(/node_modules is missing or older than package-lock\.json: running npm ci first/);
    expect(first.stderr).toMatch(/npm: installing/);
    expect(c.npmCalls()).toEqual(["ci --no-audit --no-fund"]);

    // Installed and up to date: the command runs at once.
    expect(c.run("echo", "again")).toMatchObject({ code: 0, stdout: "again\n", stderr: "" });
    expect(c.npmCalls()).toHaveLength(1);
  });

  it("installs again when the lock file changed after the last install", () => {
    const c = clone();
    c.run("true");
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(c.root, "package-lock.json"), later, later);
    expect(c.run("echo", "ran").code).toBe(0);
    expect(c.npmCalls()).toHaveLength(2);
  });

  it("stops without running the command when the install fails", () => {
    const c = clone({ npmFails: true });
    const result = c.run("echo", "ran");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/node24: npm ci failed/);
  });

  it("leaves npm's own commands alone (npm run setup is `npm ci` itself)", () => {
    const c = clone();
    expect(c.run("npm", "ci", "--no-audit", "--no-fund").code).toBe(0);
    expect(c.npmCalls()).toEqual(["ci --no-audit --no-fund"]);
  });
});
