/**
 * Mass transfers in the playground, in headless Chromium: the side panel's "slow mass transfers"
 * switch makes a long list run long enough to press Pause, see it paused with rows left, and Resume.
 * Skipped, with a line saying so, where /usr/bin/chromium is absent.
 */
import { describe, expect, it } from "vitest";
import { SAMPLE_PAYEES } from "../../../src/dev/playground/demo-seed.js";
import { slowMassOn } from "../../../src/dev/playground/slow-mass.js";
import { chromiumPresent, playgroundInChromium } from "../../helpers/playground-browser.js";

/** Three batches of at most 500 rows: about 6 s with the switch on, well under one without it. */
const ROWS = 1200;

describe.skipIf(!chromiumPresent())("mass transfers in the playground", () => {
  const { playground, open } = playgroundInChromium("browser-mass");

  it("has a slow switch in the side panel under which Pause and Resume can be tried", async () => {
    const d = await open("admin");
    const slow = d.page.getByTestId("slow-mass");
    expect(await slow.isChecked()).toBe(false);
    await slow.check();
    await expect.poll(() => slowMassOn(playground().sim.sim)).toBe(true);
    await d.toast(/each batch now takes 2 s/);

    await d.linkKey();
    await d.say("/mass");
    await d.see(/Mass transfer\. Send the list/);
    const rows = Array.from({ length: ROWS }, (_, i) => `${SAMPLE_PAYEES[i % SAMPLE_PAYEES.length]},0.01,USDT`);
    await d.page.getByTestId("file-input").setInputFiles({
      name: "long.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`target,amount,asset\n${rows.join("\n")}\n`),
    });
    await d.pressOnNewest(/Keep/);
    await d.pressOnNewest(/Don't notify/);
    await d.pressOnNewest(/Confirm/);

    // The first batch is at the simulator for 2 s: there is time to pause.
    await d.see(/▶️ Sending…/);
    await d.press(/⏸ Pause/);
    await d.see(/⏸ Paused\./, 15_000);
    const paused = await d.messages.locator(".row.bot .text").filter({ hasText: /⏸ Paused\./ }).last().innerText();
    // Counts are written as people read them ("1,200").
    const left = Number(/⏳ Left: ([\d,]+)/.exec(paused)?.[1]?.replaceAll(",", ""));
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(ROWS);

    await d.press(/▶️ Resume/);
    await d.see(/✅ Mass transfer .* all 1,200 rows were paid/, 30_000);
    await expect.poll(() => d.balance("admin", "USDT")).toBe("24,988 USDT");

    await slow.uncheck();
    await expect.poll(() => slowMassOn(playground().sim.sim)).toBe(false);
    await d.page.close();
  }, 60_000);
});
