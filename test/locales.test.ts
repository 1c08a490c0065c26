import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n, Languages, LOCALES_DIR } from "../src/bot/i18n.js";

/** The languages the bot speaks: the folders of locales/. */
const LOCALES = new Languages(createI18n()).codes;

/** Message ids defined in every .ftl file of one locale. */
function keysOf(locale: string): Set<string> {
  const dir = join(LOCALES_DIR, locale);
  const keys = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ftl"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const m = /^([a-zA-Z][a-zA-Z0-9_-]*)\s*=/.exec(line);
      if (m?.[1]) keys.add(m[1]);
    }
  }
  return keys;
}

describe("locales", () => {
  const all = new Map(LOCALES.map((l) => [l, keysOf(l)]));
  const union = new Set([...all.values()].flatMap((s) => [...s]));

  it.each(LOCALES)("%s has every key", (locale) => {
    const missing = [...union].filter((k) => !all.get(locale)!.has(k));
    expect(missing).toEqual([]);
  });

  it("has the shared keys", () => {
    for (const key of ["error-generic", "confirm-yes", "common-cancel", "menu-title"])
      expect(union.has(key)).toBe(true);
  });
});
