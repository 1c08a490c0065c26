/**
 * Languages are data: a folder of .ftl files added beside locales/ (here the Esperanto fixture in
 * test/fixtures/locales-extra/eo, which translates only a few messages) is offered in /language and
 * on the greeting, gets its command menu, is read for /alert's words and answers in its own words
 * (the default language's where it has none), with no line of code naming it. A folder that does not
 * name its language stops the start.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n, Languages } from "../../../../src/bot/i18n.js";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";
import { localesWithEsperanto, removeExtraLocales } from "../../../helpers/extra-locales.js";

const buttons = (user: TestUser) =>
  (user.last()?.keyboard?.inline_keyboard.flat() ?? []).flatMap((b) => ("callback_data" in b ? [{ text: b.text, data: b.callback_data }] : []));

let h: Harness;
afterEach(async () => {
  await h?.close();
  removeExtraLocales();
});

describe("a language added as a folder", () => {
  it("is offered in /language and on the greeting, and the bot then speaks it", async () => {
    const localesDir = localesWithEsperanto();
    const spoken = new Languages(createI18n()).list;
    h = await Harness.create({ localesDir });

    const newcomer = h.user(6101, { firstName: "Zam", languageCode: "de" });
    await newcomer.send("/start");
    const offered = [...spoken, { code: "eo", name: "Esperanto" }].map((l) => ({ text: l.name, data: `lang:w:${l.code}` }));
    expect(buttons(newcomer)).toEqual(expect.arrayContaining(offered));

    await newcomer.press("lang:w:eo");
    expect(newcomer.last()?.text).toMatch(/^Saluton, Zam!/);
    expect(buttons(newcomer)).toContainEqual({ text: "✓ Esperanto", data: "lang:w:eo" });
    expect((await h.storage.users.get(newcomer.id))?.language).toBe("eo");

    const other = h.user(6102);
    await other.send("/language");
    expect(other.last()?.text).toBe("Choose your language:");
    expect(buttons(other)).toContainEqual({ text: "Esperanto", data: "lang:eo" });
    await other.press("lang:eo");
    expect(other.last()?.text).toBe("Lingvo: Esperanto.");
    // A message the folder does not translate is shown in the default language.
    await other.send("/menu");
    expect(other.last()?.text).toBe("What would you like to do?");
  });

  it("is the language of a person whose Telegram uses it, with its command menu", async () => {
    h = await Harness.create({ localesDir: localesWithEsperanto() });
    const person = h.user(6103, { firstName: "Ana", languageCode: "eo" });
    await person.send("/start");
    expect(person.last()?.text).toMatch(/^Saluton, Ana!/);

    await h.app.registerCommands();
    const menu = h.tg.api.commandsFor(person.id, "eo");
    expect(menu.find((c) => c.command === "start")?.description).toBe("Komenco kaj ĉefa menuo");
    expect(menu.find((c) => c.command === "language")?.description).toBe("Ŝanĝi la lingvon");
    expect(menu.find((c) => c.command === "help")?.description).toBe(h.tg.api.commandsFor(person.id, "en").find((c) => c.command === "help")?.description);
  });

  it("adds its words to those /alert reads, whoever types them", async () => {
    h = await Harness.create({ localesDir: localesWithEsperanto() });
    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "BTC-USDT", price: "65000" } });
    const user = h.user(6104);
    await user.send("/start");
    await user.send("/alert btc super 70000 ĉiufoje");
    expect(user.last()?.text).toMatch(/^✅ Alert set: BTC-USDT above 70,000 USDT \(every time\)\./);
    expect((await h.notifications.alerts.list(user.id)).map((a) => [a.direction, a.price, a.repeat])).toEqual([["above", "70000", true]]);
  });

  it("must name itself: a folder without language-name stops the start", () => {
    const dir = localesWithEsperanto();
    mkdirSync(join(dir, "xx"));
    writeFileSync(join(dir, "xx", "core.ftl"), "menu-title = ?\n");
    expect(() => createI18n(dir)).toThrow(/xx does not name its language/);
  });
});

describe("every language of locales/", () => {
  it("greets in its own words, names itself on the language buttons, and has its command menu", async () => {
    h = await Harness.create();
    await h.app.registerCommands();
    const languages = h.app.languages;
    for (const [i, { code, name }] of languages.list.entries()) {
      const person = h.user(6200 + i, { firstName: "Kim", languageCode: code });
      await person.send("/start");
      expect(person.last()?.text).toContain(languages.i18n.t(code, "start-greeting", { name: "Kim" }));
      expect(buttons(person)).toContainEqual({ text: name, data: `lang:w:${code}` });
      const menu = h.tg.api.commandsFor(person.id, code);
      expect(menu.find((c) => c.command === "start")?.description, code).toBe(languages.i18n.t(code, "cmd-start"));
    }
    // Each names itself differently, so the buttons tell them apart.
    expect(new Set(languages.list.map((l) => l.name)).size).toBe(languages.list.length);
  });

  it("takes the /alert example its /help gives, as written", async () => {
    h = await Harness.create();
    await h.simFetch("/_sim/markets/price", { method: "POST", body: { symbol: "BTC-USDT", price: "65000" } });
    for (const [i, code] of h.app.languages.codes.entries()) {
      const person = h.user(6300 + i, { languageCode: code });
      await person.send("/start");
      const example = h.app.languages.i18n.t(code, "cmd-alert");
      await person.send(example.slice(example.indexOf("/alert")));
      expect((await h.notifications.alerts.list(person.id)).map((a) => [a.symbol, a.direction, a.price]), code).toEqual([["BTC-USDT", "above", "100000"]]);
    }
  });
});
