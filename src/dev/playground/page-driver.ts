/**
 * Drives the playground page as a person would (type, press, wait for the bot), for the browser
 * tests and the README's screenshots. Selectors are the page's data-testid attributes.
 */
import type { Page } from "playwright-core";

export type DemoRoleName = "you" | "friend" | "admin";

export class PageDriver {
  constructor(readonly page: Page) {}

  get messages() {
    return this.page.getByTestId("messages");
  }

  async switchTo(role: DemoRoleName): Promise<void> {
    await this.page.getByTestId(`person-${role}`).click();
  }

  async say(text: string): Promise<void> {
    await this.page.getByTestId("composer-text").fill(text);
    await this.page.getByTestId("composer-text").press("Enter");
  }

  /** Waits for a bot message matching `text` in the open chat. */
  async see(text: RegExp, timeout = 10_000): Promise<void> {
    await this.messages.locator(".row.bot .text").filter({ hasText: text }).last().waitFor({ timeout });
  }

  /** Presses the newest inline button whose label matches. */
  async press(label: RegExp): Promise<void> {
    await this.messages.locator(".kb-button").filter({ hasText: label }).last().click();
  }

  /**
   * Presses a button of the bot's newest message, waiting for that message to show it: a flow's
   * buttons answer only on the prompt that asks (an older prompt's Skip is no longer active).
   */
  async pressOnNewest(label: RegExp): Promise<void> {
    await this.messages.locator(".row.bot").last().locator(".kb-button").filter({ hasText: label }).last().click();
  }

  /** Presses a button of the reply keyboard under the composer (the bot's newest that shows one). */
  async pressKey(label: RegExp): Promise<void> {
    await this.page.getByTestId("reply-keyboard").locator("button").filter({ hasText: label }).first().click();
  }

  /** The available Pay balance of a demo person as the side panel shows it ("987.5 USDT"). */
  balance(role: DemoRoleName, asset: string): Promise<string> {
    return this.page.getByTestId(`account-${role}`).locator(`dl[data-kind=pay] dd[data-asset=${asset}] .amount`).innerText();
  }

  /** /connect → Production → the key pasted from the side panel → "Key linked". */
  async linkKey(): Promise<void> {
    await this.say("/connect");
    await this.press(/^Production$/);
    await this.see(/Paste your Production API key/);
    // On a phone the side panel, where the keys are, opens with 💰 (and Paste closes it again).
    const paste = this.page.getByTestId("paste-key-production");
    if (!(await paste.isVisible())) await this.page.locator("#panel-toggle").click();
    await paste.click();
    await this.page.getByTestId("composer-text").press("Enter");
    await this.see(/Key linked/);
  }

  /** /invoices → New invoice → USDT at a fixed price → one payment, no description, no expiry → "Invoice created". */
  async createInvoice(amount: string): Promise<void> {
    await this.say("/invoices");
    await this.pressOnNewest(/New invoice/);
    await this.pressOnNewest(/^USDT/);
    await this.pressOnNewest(/A fixed price/);
    await this.messages.locator(".row.bot").last().filter({ hasText: /How much USDT should the payer pay/ }).waitFor();
    await this.say(amount);
    await this.pressOnNewest(/One payment/);
    await this.pressOnNewest(/Skip/);
    await this.pressOnNewest(/No expiry/);
    await this.messages.locator(".row.bot").last().filter({ hasText: /Invoice created/ }).waitFor();
  }

  /** Clicks the newest link in the bot's messages whose text matches. */
  async clickLink(text: RegExp): Promise<void> {
    await this.messages.locator(".row.bot .text a").filter({ hasText: text }).last().click();
  }

  /** The toast's text once it matches `text`. */
  async toast(text: RegExp): Promise<string> {
    const toast = this.page.getByTestId("toast");
    await toast.filter({ hasText: text }).waitFor({ timeout: 10_000 });
    return toast.innerText();
  }

  /** /send → New transfer → the friend picked with "Choose a user" → USDT → amount → no note, up to the summary. */
  async transferToFriend(amount: string): Promise<void> {
    await this.say("/send");
    await this.press(/New transfer/);
    await this.see(/Who should receive the funds/);
    await this.page.getByTestId("reply-keyboard").getByRole("button", { name: /Choose a user/ }).click();
    await this.page.getByTestId("share-friend").click();
    await this.see(/Recipient: “Sam”/);
    await this.pressOnNewest(/^USDT/);
    await this.see(/How much USDT to send/);
    await this.say(amount);
    await this.see(/Add a note/);
    await this.pressOnNewest(/Skip/);
    await this.see(/Transfer — please check/);
  }
}
