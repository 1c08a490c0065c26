/**
 * The playground page's layout as a person meets it, in headless Chromium on a desktop window and a
 * phone's: a question above a reply keyboard stays in view when the keyboard appears, the person tabs
 * that do not fit a phone's header say so and scroll, and an empty chat has a Start button.
 */
import { describe, expect, it } from "vitest";
import type { PageDriver } from "../../../src/dev/playground/page-driver.js";
import { chromiumPresent, DESKTOP, PHONE, playgroundInChromium } from "../../helpers/playground-browser.js";

/** How far the bottom of the newest bot message lies below the chat's visible area (≤ 0: in view). */
async function newestHiddenBy(d: PageDriver): Promise<number> {
  return d.page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { getElementById(id: string): { getBoundingClientRect(): { bottom: number }; querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): { bottom: number } }> } } }).document;
    const list = doc.getElementById("messages");
    const rows = list.querySelectorAll(".row.bot");
    return rows[rows.length - 1]!.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom;
  });
}

describe.skipIf(!chromiumPresent())("the playground's layout in headless Chromium", () => {
  const { open } = playgroundInChromium("layout");

  // Each in a chat of its own: a reply keyboard left over in a chat would already be showing.
  it.each([
    ["a desktop window", DESKTOP, "you"],
    ["a phone", PHONE, "admin"],
  ] as const)("on %s, the question above a reply keyboard stays in view when the keyboard appears", async (_, viewport, role) => {
    const d = await open(role, viewport);
    await d.linkKey();
    // Enough of a chat to scroll.
    for (let i = 0; i < 3; i++) {
      await d.say("/help");
      await d.see(/Commands, by topic/);
    }
    await d.say("/send");
    await d.press(/New transfer/);
    await d.see(/Who should receive the funds/);
    await expect.poll(() => d.page.getByTestId("reply-keyboard").isVisible()).toBe(true);
    await expect.poll(() => newestHiddenBy(d)).toBeLessThanOrEqual(1);
    await d.say("/cancel");
    await d.page.close();
  });

  it("on a phone, the person tabs that do not fit say so, and the hint scrolls to them", async () => {
    const d = await open("you", PHONE);
    const people = d.page.locator("#people");
    // The three tabs are wider than the header leaves them.
    expect(await people.evaluate((n) => (n as unknown as { scrollWidth: number; clientWidth: number }).scrollWidth > (n as unknown as { clientWidth: number }).clientWidth)).toBe(true);
    const more = d.page.getByTestId("people-more");
    await expect.poll(() => more.isVisible()).toBe(true);
    await more.click();
    // Morgan's tab is in view now, and nothing more is hidden to the right.
    const inView = () =>
      d.page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { getElementById(id: string): { getBoundingClientRect(): { left: number; right: number } }; querySelector(s: string): { getBoundingClientRect(): { left: number; right: number } } } }).document;
        const nav = doc.getElementById("people").getBoundingClientRect();
        const tab = doc.querySelector("[data-testid=person-admin]").getBoundingClientRect();
        return tab.left >= nav.left - 1 && tab.right <= nav.right + 1;
      });
    await expect.poll(inView).toBe(true);
    await expect.poll(() => more.isVisible()).toBe(false);
    // The way back is hinted the same way.
    await expect.poll(() => d.page.getByTestId("people-less").isVisible()).toBe(true);
    await d.page.getByTestId("person-admin").click();
    await expect.poll(() => d.page.getByTestId("person-admin").getAttribute("aria-selected")).toBe("true");
    await d.page.close();
  });

  it("an empty chat has a Start button that sends /start", async () => {
    const d = await open("friend");
    const start = d.page.getByTestId("start-button");
    await expect.poll(() => start.isVisible()).toBe(true);
    await start.click();
    await d.see(/Hello, Sam!/);
    await expect.poll(() => start.count()).toBe(0);
    expect(await d.messages.locator(".row.me .text").first().innerText()).toBe("/start");
    await d.page.close();
  });
});
