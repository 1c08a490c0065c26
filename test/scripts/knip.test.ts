/**
 * `npm run lint` runs knip after ESLint: an export nothing imports fails it. Shown on a tiny project
 * of its own (the real tree is checked by the lint itself in CI).
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const run = promisify(execFile);
const KNIP = join(process.cwd(), "node_modules/knip/bin/knip.js");
let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function project(lib: string): string {
  dir = mkdtempSync(join(tmpdir(), "knip-"));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "fixture", type: "module", private: true }));
  writeFileSync(join(dir, "knip.json"), JSON.stringify({ entry: ["src/main.ts"], project: ["src/**/*.ts"] }));
  writeFileSync(join(dir, "src/main.ts"), 'import { used } from "./lib.js";\nconsole.log(used);\n');
  writeFileSync(join(dir, "src/lib.ts"), lib);
  return dir;
}

describe("knip in the lint", () => {
  it("fails on an export nothing imports, naming it", async () => {
    const failed = await run(process.execPath, [KNIP, "--directory", project("export const used = 1;\nexport const unused = 2;\n")]).then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/Unused exports \(1\)[\s\S]*unused\s+src\/lib\.ts:2/);
  });

  it("passes when every export is used", async () => {
    await expect(run(process.execPath, [KNIP, "--directory", project("export const used = 1;\n")])).resolves.toBeDefined();
  });
});
