/**
 * The playground in a real browser: headless Chromium (Debian's package, driven by playwright-core)
 * on the page the playground serves, with the bot running through its production wiring against the
 * Bot API stand-in and the simulator. Skipped, with a line saying so, where /usr/bin/chromium is absent
 * (`.ci/run` installs it).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { type RunningPlayground, startPlayground } from "../../src/playground/playground.js";

export const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is not installed (apt-get install -y chromium)`);

/** The flags TOOLCHAIN.md asks for: no sandbox in a container, and no background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe.skipIf(!hasChromium)("the playground in headless Chromium", () => {
  let pg: RunningPlayground;
  let browser: Browser;

  beforeAll(async () => {
    pg = await startPlayground({
      PLAYGROUND_PORT: 0,
      PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-browser-")),
      logger: createLogger("warn"),
      marketIntervalMs: 0,
      build: false,
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await pg?.close();
  });

  async function open(role: "you" | "friend" | "admin"): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 860 }, acceptDownloads: true });
    page.on("pageerror", (err) => {
      throw err;
    });
    await page.goto(pg.url);
    await page.getByTestId(`person-${role}`).click();
    return page;
  }

  const messages = (page: Page) => page.getByTestId("messages");

  async function say(page: Page, text: string): Promise<void> {
    await page.getByTestId("composer-text").fill(text);
    await page.getByTestId("composer-text").press("Enter");
  }

  /** Waits for a bot message matching `text` in the open chat. */
  async function see(page: Page, text: RegExp): Promise<void> {
    await messages(page).locator(".row.bot .text").filter({ hasText: text }).last().waitFor({ timeout: 10_000 });
  }

  /** Presses the newest inline button whose label matches. */
  async function press(page: Page, label: RegExp): Promise<void> {
    await messages(page).locator(".kb-button").filter({ hasText: label }).last().click();
  }

  const balance = (page: Page, role: string, asset: string) =>
    page.getByTestId(`account-${role}`).locator(`dl[data-kind=pay] dd[data-asset=${asset}] .amount`).innerText();

  async function linkKey(page: Page): Promise<void> {
    await say(page, "/connect");
    await press(page, /^Production$/);
    await see(page, /Paste your Production API key/);
    await page.getByTestId("paste-key-production").click();
    await page.getByTestId("composer-text").press("Enter");
    await see(page, /Key linked/);
    // The message with the key was deleted by the bot: the page no longer shows it.
    await expect.poll(() => messages(page).innerText()).not.toContain("xr_live_demo");
  }

  it("links a key, sends a transfer to the friend and shows both balances change", async () => {
    const page = await open("you");
    await say(page, "/start");
    await see(page, /Hello, Alex!/);
    await linkKey(page);
    expect(await balance(page, "you", "USDT")).toBe("1\u202f000 USDT");
    expect(await balance(page, "friend", "USDT")).toBe("10 USDT");

    await say(page, "/send");
    await press(page, /New transfer/);
    await see(page, /Who should receive the funds/);
    await page.getByTestId("reply-keyboard").getByRole("button", { name: /Choose a user/ }).click();
    await page.getByTestId("share-friend").click();
    await see(page, /Recipient: Sam/);
    await press(page, /^USDT/);
    await see(page, /How much USDT to send/);
    await say(page, "12.5");
    await see(page, /Add a note/);
    await press(page, /Skip/);
    await see(page, /Transfer — please check/);
    await press(page, /Confirm/);
    await see(page, /Sent 12\.5 USDT to Sam/);

    await expect.poll(() => balance(page, "you", "USDT")).toBe("987.5 USDT");
    await expect.poll(() => balance(page, "friend", "USDT")).toBe("22.5 USDT");
    await expect.poll(() => page.getByTestId("operations").innerText()).toMatch(/createTransfer 12\.5 USDT → 1002/);
    // Every answer carried its latency, and none took longer than the standard's 300 ms.
    const latencies = await messages(page).locator(".latency-tag").allInnerTexts();
    expect(latencies.length).toBeGreaterThan(5);
    for (const l of latencies) expect(Number(/(\d+) ms/.exec(l)?.[1])).toBeLessThan(300);
    await page.close();
  });

  it("creates a cheque and opens its link as the friend, who receives it", async () => {
    const page = await open("you");
    await say(page, "/cheque_new");
    await press(page, /^USDT/);
    await see(page, /How much USDT should the cheque hold/);
    await say(page, "5");
    await press(page, /Skip/);
    await see(page, /Who may redeem the cheque/);
    await press(page, /Skip/);
    await see(page, /New cheque/);
    await press(page, /Confirm/);
    await see(page, /Cheque created/);
    await expect.poll(() => balance(page, "you", "USDT")).toBe("982.5 USDT");

    await page.getByTestId(`person-friend`).click();
    await page.getByTestId(`person-you`).click();
    await messages(page).locator(".row.bot .text a").filter({ hasText: /t\.me/ }).last().click();
    await page.getByTestId("open-as-friend").click();
    await expect.poll(() => page.getByTestId("toast").innerText()).toMatch(/Cheque received: \+5 USDT/);
    await expect.poll(() => balance(page, "friend", "USDT")).toBe("27.5 USDT");
    // The cheque's owner sees it redeemed in the bot.
    await say(page, "/cheques");
    await press(page, /My cheques/);
    await see(page, /redeemed|activated|used/i);
    await page.close();
  });

  it("uploads a mass-transfer CSV as the admin and downloads the report", async () => {
    const page = await open("admin");
    await linkKey(page);
    await say(page, "/mass");
    await see(page, /Mass transfer\. Send the list/);
    await page.getByTestId("file-input").setInputFiles({
      name: "payout.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("target,amount,asset,description\n1001,3,USDT,Thanks\n1002,2.5,USDT,Bonus\n"),
    });
    await expect.poll(() => messages(page).locator(".row.me .document").last().innerText()).toMatch(/payout\.csv/);
    await press(page, /Don't notify/);
    await press(page, /Confirm/);
    const report = messages(page).locator(".row.bot [data-testid=document]").last();
    await report.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), report.click()]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toMatch(/1001.*USDT.*3.*paid/);
    expect(csv).toMatch(/1002.*USDT.*2\.5.*paid/);
    await expect.poll(() => balance(page, "admin", "USDT")).toBe("24\u202f994.5 USDT");
    await page.close();
  });
});
