/**
 * The playground in a real browser: headless Chromium (Debian's package, driven by playwright-core)
 * on the page the playground serves, with the bot running through its production wiring against the
 * Bot API stand-in and the simulator. Skipped, with a line saying so, where /usr/bin/chromium is absent
 * (`.ci/run` installs it).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PageDriver } from "../../../src/dev/playground/page-driver.js";
import { createExchangeClient } from "../../../src/service/client.js";
import { chromiumPresent, playgroundInChromium } from "../../helpers/playground-browser.js";

describe.skipIf(!chromiumPresent())("the playground in headless Chromium", () => {
  const { playground, open } = playgroundInChromium("browser");

  async function linkKey(d: PageDriver): Promise<void> {
    await d.linkKey();
    // The message with the key was deleted by the bot: the page no longer shows it.
    await expect.poll(() => d.messages.innerText()).not.toContain("xr_live_demo");
  }

  it("links a key, sends a transfer to the friend and shows both balances change", async () => {
    const d = await open("you");
    await d.say("/start");
    await d.see(/Hello, Alex!/);
    await linkKey(d);
    expect(await d.balance("you", "USDT")).toBe("1,000 USDT");
    expect(await d.balance("friend", "USDT")).toBe("10 USDT");

    await d.transferToFriend("12.5");
    await d.pressOnNewest(/Confirm/);
    await d.see(/Sent 12\.5 USDT \(≈ US\$12\.50\) to “Sam”/);

    await expect.poll(() => d.balance("you", "USDT")).toBe("987.5 USDT");
    await expect.poll(() => d.balance("friend", "USDT")).toBe("22.5 USDT");
    await expect.poll(() => d.page.getByTestId("operations").innerText()).toMatch(/createTransfer 12\.5 USDT → 1002/);
    // Every reply carries its time since the person's update. How fast is the benchmarks' business
    // (npm run bench:latency, docs/performance.md): a timed assertion here fails on a busy machine.
    const latencies = await d.messages.locator(".latency-tag").allInnerTexts();
    expect(latencies.length).toBeGreaterThan(5);
    for (const l of latencies) expect(l).toMatch(/^⚡ \d+ ms$/);
    // Each message's time as the bot's English writes times (a 24-hour clock), not the browser's default.
    expect(await d.messages.locator(".row.bot .meta span:last-child").last().innerText()).toMatch(/^\d{2}:\d{2}$/);
    await d.page.close();
  });

  it("creates a cheque and opens its link as the friend, who receives it", async () => {
    const d = await open("you");
    await d.say("/cheque_new");
    await d.pressOnNewest(/^USDT/);
    await d.see(/How much USDT should the cheque hold/);
    await d.say("5");
    await d.pressOnNewest(/Skip/);
    await d.see(/Who may redeem the cheque/);
    await d.pressKey(/^Skip$/);
    await d.see(/New cheque/);
    await d.pressOnNewest(/Confirm/);
    await d.see(/Cheque created/);
    // Its link as a QR code: a photo, with the link to copy (a code element) as its caption.
    await d.pressOnNewest(/QR code/);
    await d.see(/Scan to receive the cheque/);
    const qr = d.messages.locator(".row.bot").last();
    await expect.poll(() => qr.locator(".photo img").evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(200);
    expect(await qr.locator("code").innerText()).toMatch(/^https:\/\/t\.me\/xrocket\?start=chq_/);
    // The cheque holds its amount: the available balance drops and the panel shows it held.
    await expect.poll(() => d.balance("you", "USDT")).toBe("982.5 USDT");
    await expect.poll(() => d.page.getByTestId("account-you").locator("dd[data-asset=USDT] .held").innerText()).toMatch(/5 held/);

    await d.messages.locator(".row.bot .text a").filter({ hasText: /t\.me/ }).last().click();
    await expect.poll(() => d.page.getByTestId("open-dialog").innerText()).toMatch(/Take the cheque as…[\s\S]*5 USDT/);
    await d.page.getByTestId("open-as-friend").click();
    await expect.poll(() => d.page.getByTestId("toast").innerText()).toMatch(/Sam received the cheque: \+5 USDT/);
    await expect.poll(() => d.balance("friend", "USDT")).toBe("27.5 USDT");
    // Opening it again is refused: a cheque pays once.
    await d.messages.locator(".row.bot .text a").filter({ hasText: /t\.me/ }).last().click();
    await d.page.getByTestId("open-as-admin").click();
    await expect.poll(() => d.page.getByTestId("toast").innerText()).toMatch(/could not be received/);
    await expect.poll(() => d.balance("admin", "USDT")).toBe("25,000 USDT");
    // Its owner sees it redeemed in the bot.
    await d.say("/cheques");
    await d.press(/My cheques/);
    await d.see(/redeemed|activated|used/i);
    await d.page.close();
  });

  it("uploads a mass-transfer CSV as the admin and downloads the report", async () => {
    const d = await open("admin");
    await linkKey(d);
    await d.say("/mass");
    await d.see(/Mass transfer\. Send the list/);
    await d.page.getByTestId("file-input").setInputFiles({
      name: "payout.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("target,amount,asset,description\n1001,3,USDT,Thanks\n1002,2.5,USDT,Bonus\n"),
    });
    await expect.poll(() => d.messages.locator(".row.me .document").last().innerText()).toMatch(/payout\.csv/);
    await d.press(/Don't notify/);
    await d.pressOnNewest(/Confirm/);
    const report = d.messages.locator(".row.bot [data-testid=document]").last();
    await report.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([d.page.waitForEvent("download"), report.click()]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv).toMatch(/1001.*USDT.*3.*paid/);
    expect(csv).toMatch(/1002.*USDT.*2\.5.*paid/);
    await expect.poll(() => d.balance("admin", "USDT")).toBe("24,994.5 USDT");
    await d.page.close();
  });

  it("offers the bot's commands in the / menu (the admin's include /mass), forwards a message, and switches theme", async () => {
    const d = await open("you");
    await d.page.getByRole("button", { name: "Commands" }).click();
    const menu = d.page.getByTestId("command-menu");
    await expect.poll(() => menu.innerText()).toMatch(/\/connect/);
    expect(await menu.innerText()).not.toMatch(/\/mass/);
    await d.page.getByTestId("composer-text").fill("/bal");
    await expect.poll(() => menu.locator(".command-item").count()).toBe(1);
    await menu.locator(".command-item").first().click();
    await d.see(/Balances/);

    // A message forwarded from Sam names him as the recipient of a new transfer.
    await d.say("/send");
    await d.press(/New transfer/);
    await d.see(/Who should receive the funds/);
    await d.page.getByRole("button", { name: "Forward a message" }).click();
    await d.page.locator("#forward-from").selectOption(String(playground().people.find((p) => p.role === "friend")!.id));
    await d.page.locator("#forward-send").click();
    await d.see(/Recipient: “Sam”/);
    expect(await d.messages.locator(".row.me .forwarded").last().innerText()).toBe("Forwarded from Sam");
    await d.say("/cancel");

    const theme = () => d.page.evaluate(() => (globalThis as unknown as { document: { documentElement: { dataset: { theme?: string } } } }).document.documentElement.dataset.theme);
    const before = await theme();
    await d.page.getByRole("button", { name: "Switch theme" }).click();
    expect(await theme()).not.toBe(before);

    await d.switchTo("admin");
    await d.page.getByRole("button", { name: "Commands" }).click();
    await expect.poll(() => d.page.getByTestId("command-menu").innerText()).toMatch(/\/mass/);
    await d.page.close();
  });

  it("shows an Exchange balance with an order's hold apart, as /balance does", async () => {
    const d = await open("admin");
    await linkKey(d);
    // A limit buy far below the market rests on the book and holds 100 USDT of the trading balance.
    const admin = playground().people.find((p) => p.role === "admin")!;
    const exchange = createExchangeClient({ baseUrl: playground().sim.baseUrls.exchange, apiKey: admin.keys.production });
    await exchange.placeOrder({ clientOrderId: "panel-hold-1", symbol: "TONCOIN-USDT", side: "buy", type: "limit", timeInForce: "GTC", size: "100", price: "1" });

    const trading = d.page.getByTestId("account-admin").locator("dl[data-kind=trading] dd[data-asset=USDT]");
    await expect.poll(() => trading.innerText()).toBe("900 USDT (+100 held)");
    await d.say("/balance");
    await d.see(/USDT: .*Trading 900 \(\+100 held\)/);
    // The funding balance holds nothing: the panel shows its amount alone, as /balance does.
    expect(await d.page.getByTestId("account-admin").locator("dl[data-kind=funding] dd[data-asset=USDT]").innerText()).toBe("1,000 USDT");
    await d.see(/Funding 1,000 ·/);
    await d.page.close();
  });
});
