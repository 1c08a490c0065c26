/**
 * `npm run screenshots`: starts a fresh playground, drives it in headless Chromium and saves the
 * README's pictures under docs/: a transfer in the chat with the side panel, a candle chart, the page
 * on a phone-sized window in the dark theme, a swap on the Exchange, a cheque's QR code, the history with
 * a receipt, and a payment request from Receive. `SHOTS=swap,qr` takes only the pictures named (chat,
 * chart, phone, swap, qr, history, receive). It needs Debian's `chromium` and
 * `fonts-noto-color-emoji` (without that font emoji come out as empty boxes) and says so when either is missing.
 */
import "../../runtime-check.js";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createLogger } from "../../logger.js";
import { launchChromium, missingForScreenshots } from "./chromium.js";
import { PageDriver } from "./page-driver.js";
import { startPlayground } from "./playground.js";

const DOCS = resolve("docs");
/** The pictures to take: all by default, or those named in SHOTS. */
const SHOTS = new Set((process.env.SHOTS ?? "chat,chart,phone,swap,qr,history,receive").split(",").map((s) => s.trim()));

const missing = missingForScreenshots();
if (missing.length > 0) {
  console.error(`npm run screenshots needs ${missing.join(" and ")}: apt-get update && apt-get install -y ${missing.join(" ")}`);
  process.exit(1);
}

const pg = await startPlayground({
  PLAYGROUND_PORT: 0,
  PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-shots-")),
  logger: createLogger("warn"),
  marketIntervalMs: 500,
});
const browser = await launchChromium();
try {
  mkdirSync(DOCS, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, colorScheme: "light" });
  await page.goto(pg.url);
  const you = new PageDriver(page);
  await you.say("/start");
  await you.see(/Hello, Alex!/);
  await you.linkKey();
  if (SHOTS.has("chat")) {
    await you.transferToFriend("12.5");
    await you.press(/Confirm/);
    await you.see(/Sent 12\.5 USDT \(≈ US\$12\.50\) to “Sam”/);
    await page.getByTestId("toast").waitFor({ state: "hidden" });
    await page.screenshot({ path: join(DOCS, "playground-chat.png") });
  }

  if (SHOTS.has("chart")) {
    await you.say("/chart TONCOIN-USDT");
    await page.locator(".row.bot .photo img").last().waitFor();
    await page.locator(".row.bot .photo img").last().evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-chart.png") });
  }

  if (SHOTS.has("qr")) {
    // A cheque's link as a QR code under its tap-to-copy caption.
    await you.say("/cheque_new");
    await you.press(/^USDT$/);
    await you.say("5");
    await you.pressOnNewest(/Skip/);
    await you.see(/Who may redeem the cheque/);
    await you.pressKey(/^Skip$/);
    await you.press(/Confirm/);
    await you.see(/Cheque created/);
    await you.press(/QR code/);
    await you.see(/Scan to receive the cheque/);
    await page.locator(".row.bot .photo img").last().evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    await page.getByTestId("toast").waitFor({ state: "hidden" });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-qr.png") });

    const phone = await browser.newPage({ viewport: { width: 390, height: 780 }, colorScheme: "dark", deviceScaleFactor: 2 });
    await phone.goto(`${pg.url}/#${pg.people.find((p) => p.role === "you")!.id}`);
    await phone.locator(".row.bot").last().waitFor();
    await phone.waitForTimeout(400);
    await phone.screenshot({ path: join(DOCS, "playground-phone-dark.png") });
  }

  if (SHOTS.has("swap")) {
    // More USDT than trading holds: the summary includes the move from funding.
    await you.say("/swap");
    await you.press(/^USDT · /);
    await you.press(/^TONCOIN$/);
    await you.see(/How much USDT do you give/);
    await you.say("1500");
    await you.see(/Swap on the Exchange/);
    await you.press(/Confirm/);
    await you.see(/Swapped .+ USDT.* for .+ TONCOIN/);
    await page.getByTestId("toast").waitFor({ state: "hidden" });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-swap.png") });
  }

  if (SHOTS.has("history")) {
    // The timeline (whatever the shots above made, newest first), then the newest entry's receipt.
    await you.say("/history");
    await you.see(/History, page 1/);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-history.png") });
    await you.pressOnNewest(/^1$/);
    await you.see(/Receipt/);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-receipt.png") });
  }

  if (SHOTS.has("receive")) {
    // A payment request for 20 USDT: its QR code, link and ways to share it.
    await you.say("/receive");
    await you.pressOnNewest(/Request an amount/);
    await you.pressOnNewest(/^USDT$/);
    await you.say("20");
    await you.see(/Payment request: 20 USDT/);
    await page.locator(".row.bot .photo img").last().evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DOCS, "playground-receive.png") });
  }

  if (SHOTS.has("phone")) {
    const phone = await browser.newPage({ viewport: { width: 390, height: 780 }, colorScheme: "dark", deviceScaleFactor: 2 });
    await phone.goto(`${pg.url}/#${pg.people.find((p) => p.role === "you")!.id}`);
    await phone.locator(".row.bot").last().waitFor();
    await phone.waitForTimeout(400);
    await phone.screenshot({ path: join(DOCS, "playground-phone-dark.png") });
  }
  console.warn(`screenshots saved in ${DOCS}`);
} finally {
  await browser.close();
  await pg.close();
}
