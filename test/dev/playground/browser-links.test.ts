/**
 * Links in the playground, in headless Chromium, each opened as Telegram would open it: the service's
 * own bot (xRocket's) does in the simulator what it does for real — an invoice is paid, a withdrawal
 * link confirmed, a cheque taken, a deposit made — and links into our bot open the chosen person's
 * chat with /start <payload>. Also: the top-up in the side panel, replies timed apart from notices, and
 * commands in the bot's text that can be clicked. Skipped where /usr/bin/chromium is absent.
 */
import { describe, expect, it } from "vitest";
import { money } from "../../../src/domain/money.js";
import type { PageDriver } from "../../../src/dev/playground/page-driver.js";
import { chromiumPresent, playgroundInChromium } from "../../helpers/playground-browser.js";

const TON_ADDRESS = `EQ${"A".repeat(44)}_-`;

/** The decimal string of a balance as the panel shows it ("1 004.5 USDT" → "1004.5"). */
const amountOf = (shown: string) => shown.replace(/,/g, "").split(" ")[0]!;

describe.skipIf(!chromiumPresent())("links and top-ups in the playground, in headless Chromium", () => {
  const { playground, open } = playgroundInChromium("links");

  const dialogText = (d: PageDriver) => d.page.getByTestId("open-dialog").innerText();

  it("pays an invoice's Telegram link as the friend, from his wallet", async () => {
    const d = await open("you");
    await d.linkKey();
    await d.createInvoice("4");
    await d.clickLink(/t\.me\/xrocket\?start=inv_/);
    await expect.poll(() => dialogText(d)).toMatch(/Pay the invoice as/);
    expect(await dialogText(d)).toMatch(/4 USDT/);
    await d.page.getByTestId("open-as-friend").click();
    expect(await d.toast(/paid/)).toMatch(/Sam paid the invoice: 4 USDT from the Pay wallet \(production\)/);
    await expect.poll(() => d.balance("friend", "USDT")).toBe("6 USDT");
    await expect.poll(() => d.balance("you", "USDT")).toBe("1,004 USDT");
    // The side panel lists what xRocket's bot did beside the API's operations.
    await expect.poll(() => d.page.getByTestId("operations").innerText()).toMatch(/xRocket bot Sam paid the invoice: 4 USDT/);
    // The bot tells the invoice's owner on its own; waited for here, so it lands in no later test's flow.
    await d.see(/was paid: 4 USDT/, 15_000);
    await d.page.close();
  });

  it("marks a notice as one, without a reply time, and keeps the header on the last reply, across a reload", async () => {
    const d = await open("you");
    await d.say("/alert TONCOIN-USDT above 50");
    await d.see(/Alert set/);
    const lastAnswer = await d.page.locator("#latency").innerText();
    expect(lastAnswer).toMatch(/^last answer \d+ ms$/);
    const alertSet = () => d.messages.locator(".row.bot").filter({ hasText: /Alert set/ }).last().locator(".latency-tag").innerText();
    const replyTime = await alertSet();
    expect(replyTime).toMatch(/^⚡ \d+ ms$/);

    // Some time later the price crosses: the bot tells the person on its own.
    await d.page.waitForTimeout(2500);
    expect((await fetch(`${playground().sim.url}/_sim/markets/price`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ symbol: "TONCOIN-USDT", price: "55" }) })).status).toBe(200);
    await d.see(/TONCOIN-USDT is at .*above your alert price/, 15_000);
    const notice = d.messages.locator(".row.bot").filter({ hasText: /above your alert price/ }).last();
    expect(await notice.locator(".notice-tag").innerText()).toBe("🔔 notice");
    expect(await notice.locator(".latency-tag").count()).toBe(0);
    expect(await d.page.locator("#latency").innerText()).toBe(lastAnswer);

    await d.page.reload();
    await d.switchTo("you");
    await expect.poll(() => d.messages.locator(".row.bot").filter({ hasText: /above your alert price/ }).last().locator(".notice-tag").count()).toBe(1);
    expect(await alertSet()).toBe(replyTime);
    expect(await d.page.locator("#latency").innerText()).toBe(lastAnswer);
    await d.page.close();
  });

  it("pays an invoice on the web as someone outside the playground, and refuses a payer whose wallet falls short", async () => {
    const d = await open("you");
    await d.createInvoice("15");
    await d.clickLink(/t\.me\/xrocket\?start=inv_/);
    await d.page.getByTestId("open-as-friend").click();
    expect(await d.toast(/could not/)).toMatch(/Sam's Pay wallet does not cover it.*Top up/);
    await expect.poll(() => d.balance("friend", "USDT")).toBe("6 USDT");

    await d.clickLink(/xrocket-sim\.invalid\/invoice\//);
    await expect.poll(() => dialogText(d)).toMatch(/Pay the invoice as/);
    await d.page.getByTestId("open-as-outsider").click();
    expect(await d.toast(/15 USDT/)).toMatch(/paid the invoice: 15 USDT/);
    await expect.poll(() => d.balance("you", "USDT")).toBe("1,019 USDT");
    await d.see(/was paid: 15 USDT/, 15_000);
    await d.page.close();
  });

  it("confirms a withdrawal link as the friend: amount and fee leave his wallet, once", async () => {
    const d = await open("you");
    await d.say("/withdraw");
    await d.pressOnNewest(/Withdrawal link/);
    await d.pressOnNewest(/^USDT/);
    await d.pressOnNewest(/^TON$/);
    await d.see(/Send the TON address/);
    await d.say(TON_ADDRESS);
    await d.see(/memo/);
    await d.pressOnNewest(/Skip/);
    await d.see(/How much USDT should the link withdraw/);
    await d.say("2");
    await d.see(/Withdrawal link created/);
    await d.clickLink(/t\.me\/xrocket\?start=wdl_/);
    await expect.poll(() => dialogText(d)).toMatch(/Confirm the withdrawal as/);
    await d.page.getByTestId("open-as-friend").click();
    expect(await d.toast(/withdraw/i)).toMatch(/Sam confirmed the withdrawal: 2 USDT \+ 0\.2 USDT fee left the Pay wallet/);
    await expect.poll(() => d.balance("friend", "USDT")).toBe("3.8 USDT");
    await d.clickLink(/t\.me\/xrocket\?start=wdl_/);
    await d.page.getByTestId("open-as-friend").click();
    expect(await d.toast(/already used/)).toMatch(/already used/);
    await expect.poll(() => d.balance("friend", "USDT")).toBe("3.8 USDT");
    await d.page.close();
  });

  it("shares the price card and the link to pay me: the friend's chat opens with /start and its payload", async () => {
    const d = await open("you");
    await d.say("/price TONCOIN-USDT");
    await d.see(/TONCOIN/);
    await d.press(/Share/);
    await expect.poll(() => dialogText(d)).toMatch(/Share with/);
    await d.page.getByTestId("open-as-friend").click();
    await expect.poll(() => d.page.getByTestId("person-friend").getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => d.messages.locator(".row.me .text").last().innerText()).toBe("/start price_TONCOIN-USDT");
    await d.see(/TONCOIN/);

    await d.switchTo("you");
    await d.say("/send");
    await d.press(/Share a link to pay me/);
    await d.page.getByTestId("open-as-friend").click();
    await expect.poll(() => d.messages.locator(".row.me .text").last().innerText()).toBe("/start send_1001");
    // Sam has linked no key, so the bot asks him to first.
    await d.see(/shared a link to send them money/);
    await d.page.close();
  });

  it("tops up a Pay wallet and an Exchange funding balance from the side panel, and from a link into xRocket's bot", async () => {
    const d = await open("friend");
    const before = amountOf(await d.balance("friend", "USDT"));
    await d.page.getByTestId("top-up-friend").click();
    const dialog = d.page.getByTestId("top-up-dialog");
    await dialog.locator("#top-up-amount").fill("abc");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/Amount/)).toBe("Amount: type a number such as 100 or 0.5");
    expect(amountOf(await d.balance("friend", "USDT"))).toBe(before);

    await d.page.getByTestId("top-up-friend").click();
    await dialog.locator("#top-up-asset").selectOption("USDT");
    await dialog.locator("#top-up-amount").fill("100,5");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/\+100\.5 USDT/)).toMatch(/Topped up Sam's Pay wallet: \+100\.5 USDT \(production\)/);
    await expect.poll(async () => amountOf(await d.balance("friend", "USDT"))).toBe(money.add(before, "100.5"));

    await d.page.locator("[data-network=testnet]").click();
    await d.page.getByTestId("top-up-friend").click();
    await dialog.locator("#top-up-to").selectOption("funding");
    await dialog.locator("#top-up-asset").selectOption("TONCOIN");
    await dialog.locator("#top-up-amount").fill("7");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/\+7 TONCOIN/)).toMatch(/Exchange funding: \+7 TONCOIN \(testnet\)/);
    await expect.poll(() => d.page.getByTestId("account-friend").locator("dl[data-kind=funding] dd[data-asset=TONCOIN]").innerText()).toMatch(/7 TONCOIN/);

    // A link into xRocket's bot that is no cheque, invoice or withdrawal link opens its start screen,
    // where people deposit: here, the top-up for that network (and the asset the link names).
    const friend = playground().people.find((p) => p.role === "friend")!.id;
    const sent = await fetch(`${playground().standIn.apiRoot}/bot${playground().standIn.options.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: friend, text: "Deposit BTC: https://t.me/xrocket_testnet_bot?start=deposit_BTC" }),
    });
    expect(sent.status).toBe(200);
    await d.clickLink(/xrocket_testnet_bot/);
    await expect.poll(() => dialogText(d)).toMatch(/Open xRocket's bot as/);
    await d.page.getByTestId("open-as-friend").click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("#top-up-network").inputValue()).toBe("testnet");
    expect(await dialog.locator("#top-up-asset").inputValue()).toBe("BTC");
    await dialog.locator("#top-up-amount").fill("0.01");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/\+0\.01 BTC/)).toMatch(/Topped up Sam's Pay wallet: \+0\.01 BTC \(testnet\)/);

    // In Russian, the dialog and what the server says back are Russian too.
    await d.page.getByTestId("language").selectOption("ru");
    await d.page.getByTestId("top-up-friend").click();
    expect(await dialog.locator("h3").innerText()).toBe("Пополнение баланса: Sam");
    await dialog.locator("#top-up-amount").fill("1");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/\+1 BTC/)).toBe("Пополнено (кошелёк, «Sam»): +1 BTC (тестовая).");
    await d.page.getByTestId("language").selectOption("en");
    await d.page.close();
  });

  it("makes the commands in the bot's text links that send them", async () => {
    const d = await open("friend");
    await d.say("/balance");
    await d.see(/\/connect/);
    await d.messages.locator(".row.bot .text a.command").filter({ hasText: "/connect" }).last().click();
    await expect.poll(() => d.messages.locator(".row.me .text").last().innerText()).toBe("/connect");
    await d.see(/Which network is the key for/);
    // In Russian too: the bot's words change, the command stays a link.
    await d.page.getByTestId("language").selectOption("ru");
    await d.say("/cancel");
    await d.say("/balance");
    await d.see(/Используйте \/connect/);
    await d.messages.locator(".row.bot .text a.command").filter({ hasText: "/connect" }).last().click();
    await expect.poll(() => d.messages.locator(".row.me .text").last().innerText()).toBe("/connect");
    // The page's own words follow the person's language: the side panel, the message box, the tags.
    await expect.poll(() => d.page.getByTestId("panel").locator("h2").innerText()).toBe("Симулятор");
    expect(await d.page.getByTestId("composer-text").getAttribute("placeholder")).toBe("Сообщение");
    expect(await d.page.getByTestId("panel").innerText()).toContain("Последние операции");
    expect(await d.page.locator("#latency").innerText()).toMatch(/^последний ответ: \d+ мс$/);
    expect(await d.page.getByTestId("toast").innerText()).toMatch(/^Язык приложения Telegram: Русский/);
    // The panel's figures as the bot writes them to this person: grouped with a no-break space, a decimal comma.
    await expect.poll(() => d.balance("admin", "USDT")).toMatch(/^\d{1,3}(\u00a0\d{3})+(,\d+)? USDT$/);
    await d.page.getByTestId("language").selectOption("en");
    await expect.poll(() => d.page.getByTestId("panel").locator("h2").innerText()).toBe("Simulator");
    await expect.poll(() => d.balance("admin", "USDT")).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)? USDT$/);
    await d.say("/cancel");
    // Not every slash is a command: a pair or a path is left as text.
    await d.say("/price TONCOIN-USDT");
    await d.see(/TONCOIN/);
    expect(await d.messages.locator(".row.bot .text a.command").filter({ hasText: /USDT/ }).count()).toBe(0);
    await d.page.close();
  });

  it("leads from a dead end to a top-up the simulator carries out, and on to the next step", async () => {
    const d = await open("friend");
    await d.linkKey();
    // Sam has nothing on the Exchange: /trade says so and offers xRocket's bot, which opens the top-up.
    await d.say("/trade");
    await d.see(/Your trading balance is empty/);
    await d.press(/Top up in @xRocket/);
    await expect.poll(() => dialogText(d)).toMatch(/Open xRocket's bot as/);
    await d.page.getByTestId("open-as-friend").click();
    const dialog = d.page.getByTestId("top-up-dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("#top-up-network").inputValue()).toBe("production");
    await dialog.locator("#top-up-to").selectOption("funding");
    await dialog.locator("#top-up-asset").selectOption("USDT");
    await dialog.locator("#top-up-amount").fill("50");
    await dialog.locator("#top-up-send").click();
    expect(await d.toast(/\+50 USDT/)).toMatch(/Exchange funding: \+50 USDT \(production\)/);
    // Now the money is on funding: /trade points to Move, which starts the move.
    await d.say("/trade");
    await d.see(/Your funding balance has 50 USDT: move it to your trading balance/);
    await d.press(/Move funding/);
    await d.see(/Which asset do you want to move\?/);
    await d.say("/cancel");
    await d.page.close();
  });
});
