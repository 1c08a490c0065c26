/**
 * A copy of locales/ with the Esperanto fixture's folder (test/fixtures/locales-extra/eo) beside the
 * others: a language added as data alone, for the tests that look for it wherever languages are offered.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES_DIR } from "../../src/bot/i18n.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/locales-extra/eo", import.meta.url));
const made: string[] = [];

/** A fresh directory: locales/ and the fixture's `eo` folder. */
export function localesWithEsperanto(): string {
  const dir = mkdtempSync(join(tmpdir(), "locales-"));
  made.push(dir);
  cpSync(LOCALES_DIR, dir, { recursive: true });
  cpSync(FIXTURE, join(dir, "eo"), { recursive: true });
  return dir;
}

/** Removes the directories made so far. */
export function removeExtraLocales(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
