/**
 * A playground (the bot through its production wiring, the Bot API stand-in, the simulator) and
 * headless Chromium for one browser test file: started before its tests, closed after them. Pages
 * open on the playground as one of the demo people, and fail the test on any error in the page.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createLogger } from "../../src/logger.js";
import { CHROMIUM_PATH, hasChromium, launchChromium } from "../../src/dev/playground/chromium.js";
import { type DemoRoleName, PageDriver } from "../../src/dev/playground/page-driver.js";
import { type RunningPlayground, startPlayground } from "../../src/dev/playground/playground.js";

/** The window the tests use unless they ask for another, and a phone's. */
export const DESKTOP = { width: 1200, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Whether the browser tests can run here; says so once when they cannot. */
export function chromiumPresent(): boolean {
  if (!hasChromium()) console.warn(`browser tests skipped: ${CHROMIUM_PATH} is not installed (apt-get install -y chromium fonts-noto-color-emoji)`);
  return hasChromium();
}

/** Call inside a describe: its tests get the running playground and pages opened as a demo person. */
export function playgroundInChromium(name: string) {
  let pg: RunningPlayground;
  let browser: Browser;

  beforeAll(async () => {
    pg = await startPlayground({
      PLAYGROUND_PORT: 0,
      PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), `playground-${name}-`)),
      logger: createLogger("warn"),
      marketIntervalMs: 0,
      build: false,
    });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await pg?.close();
  });

  return {
    playground: () => pg,
    /** A new page on the playground, switched to `role`'s chat (a desktop window unless `viewport` says). */
    async open(role: DemoRoleName, viewport: { width: number; height: number } = DESKTOP): Promise<PageDriver> {
      const page = await browser.newPage({ viewport, acceptDownloads: true, ...(viewport.width < 800 ? { isMobile: true, hasTouch: true } : {}) });
      page.on("pageerror", (err) => {
        throw err;
      });
      await page.goto(pg.url);
      const driver = new PageDriver(page);
      await driver.switchTo(role);
      return driver;
    },
  };
}
