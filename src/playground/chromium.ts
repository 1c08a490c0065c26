/**
 * Headless Chromium for the playground's browser tests and screenshots: Debian's package (Playwright's
 * own browser download cannot be reached here), driven by playwright-core, a development dependency.
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** No sandbox inside a container, and no background traffic towards a closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Launches headless Chromium with a fresh profile (Playwright makes one per launch). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
