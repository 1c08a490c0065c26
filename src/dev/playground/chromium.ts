/**
 * Headless Chromium for the playground's browser tests and screenshots: Debian's package (Playwright's
 * own browser download cannot be reached here), driven by playwright-core, a development dependency.
 */
import { execFileSync } from "node:child_process";
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

/** Whether fontconfig knows a colour emoji font; without one, emoji render as empty boxes. */
export function hasEmojiFont(): boolean {
  try {
    return /Noto Color Emoji/i.test(execFileSync("fc-list", [":", "family"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return false;
  }
}

/** The Debian packages the README's screenshots need and this machine lacks. */
export function missingForScreenshots(): string[] {
  return [...(hasChromium() ? [] : ["chromium"]), ...(hasEmojiFont() ? [] : ["fonts-noto-color-emoji"])];
}

/** Launches headless Chromium with a fresh profile (Playwright makes one per launch). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
