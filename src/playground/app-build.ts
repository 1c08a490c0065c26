/**
 * The playground page is a Vite app (src/playground/app) built into dist/playground-app. `npm run build`
 * builds it; `npm start` builds it itself when the built files are missing or older than the app's
 * sources, so a fresh clone needs no extra step (a build takes about a second).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const APP_ROOT = join(HERE, "app");
export const APP_OUT_DIR = resolve(HERE, "../../dist/playground-app");

/** Builds the page unless the built copy is newer than every source file; true when it built. */
export async function ensureAppBuilt(outDir = APP_OUT_DIR): Promise<boolean> {
  const built = join(outDir, "index.html");
  // A compiled copy (dist/) has no page sources: it serves what was built, if anything.
  if (!existsSync(APP_ROOT)) {
    if (existsSync(built)) return false;
    throw new Error("the playground page is not built and its sources are not here: run the playground from a clone (npm start)");
  }
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(APP_ROOT)) return false;
  // Vite is a development dependency: only the playground needs it, never a production start.
  const { build } = await import("vite");
  await build({ configFile: join(APP_ROOT, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  return true;
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}
