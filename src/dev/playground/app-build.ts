/**
 * The playground page is a Vite app (src/dev/playground/app) built into dist-dev/playground-app, apart
 * from the bot's build (dist/). `npm start` builds it itself when the built files are missing or older
 * than the app's sources, so a fresh clone needs no extra step (a build takes about a second);
 * `npm run build:playground` builds it alone.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const APP_ROOT = join(HERE, "app");
export const APP_OUT_DIR = resolve(HERE, "../../../dist-dev/playground-app");

/** Builds the page unless the built copy is newer than every source file; true when it built. */
export async function ensureAppBuilt(outDir = APP_OUT_DIR): Promise<boolean> {
  const built = join(outDir, "index.html");
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(APP_ROOT)) return false;
  // Vite is a development dependency, as is everything under src/dev.
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
