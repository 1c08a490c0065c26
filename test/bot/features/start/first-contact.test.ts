/**
 * First contact: a newcomer's /start is one message (greeting, language buttons, Connect, the menu);
 * /help fits one screen, grouped by topic, and every command the bot registers is behind some topic
 * (each topic screen leads back). Through the real bot and the Bot API stand-in, in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness, type TestUser } from "../../../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => h?.close());

const buttonsOf = (user: TestUser) =>
  (user.last()?.keyboard?.inline_keyboard.flat() ?? []).flatMap((b) =>
    "callback_data" in b ? [{ text: b.text, data: b.callback_data }] : [],
  );

describe("/start", () => {
  it("greets a newcomer with one message: language buttons, Connect and the menu", async () => {
    h = await Harness.create();
    const person = h.user(3001, { firstName: "Alex" });
    await person.send("/start");
    expect(person.texts()).toHaveLength(1);
    const [welcome] = person.texts();
    expect(welcome).toContain("Hello, Alex!");
    expect(welcome).toContain("Choose your language below.");
    expect(welcome).toContain("To begin, link your xRocket API key: press Connect below");
    const data = buttonsOf(person).map((b) => b.data);
    // One button per folder of locales/, English first.
    const languages = h.app.languages.codes;
    expect(data.slice(0, languages.length + 1)).toEqual([...languages.map((code) => `lang:w:${code}`), "keys:connect"]);
    expect(languages.slice(0, 2)).toEqual(["en", "ru"]);
    expect(data).toContain("menu:send");

    // Choosing Russian redraws the same message in Russian; the language buttons stay, the choice marked.
    await person.press("lang:w:ru");
    expect(person.texts()).toHaveLength(1);
    expect(person.texts()[0]).toContain("Здравствуйте, Alex!");
    expect(person.texts()[0]).toContain("Для начала привяжите свой API-ключ xRocket");
    const answers = h.tg.callsOf("answerCallbackQuery");
    const pressId = answers.at(-1)?.payload.callback_query_id;
    expect(answers.filter((c) => c.payload.callback_query_id === pressId).map((c) => c.payload.text)).toContain("Язык: русский.");
    expect(person.texts()[0]).not.toContain("Choose your language");
    expect(buttonsOf(person).slice(0, 2)).toEqual([
      { text: "English", data: "lang:w:en" },
      { text: "✓ Русский", data: "lang:w:ru" },
    ]);
    expect(buttonsOf(person).find((b) => b.data === "keys:connect")?.text).toBe("🔑 Подключить ключ xRocket");

    // The way back is on the same message: English again, in place, the buttons still there.
    await person.press("lang:w:en");
    expect(person.texts()).toHaveLength(1);
    expect(person.texts()[0]).toContain("Hello, Alex!");
    expect(person.texts()[0]).toContain("To begin, link your xRocket API key");
    expect(buttonsOf(person).slice(0, 2)).toEqual([
      { text: "✓ English", data: "lang:w:en" },
      { text: "Русский", data: "lang:w:ru" },
    ]);
    expect((await h.storage.users.get(person.id))?.language).toBe("en");
    await person.press("lang:w:ru");

    // Connect leads to the network question.
    await person.press("keys:connect");
    expect(person.last()!.text).toMatch(/^🔑 Где взять API-ключ xRocket:\n[\s\S]*\n\nДля какой сети ключ\?$/);
  });

  it("greets a person with a key and a language with the greeting and the menu only", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.press("lang:w:ru");
    const before = user.texts().length;
    await user.send("/start");
    expect(user.texts()).toHaveLength(before + 1);
    expect(user.last()!.text).toBe(
      `Здравствуйте, User${user.id}! Я помощник по кошельку xRocket Pay и бирже: чеки, переводы, счета, выводы, балансы и ордера прямо в чате.`,
    );
    expect(buttonsOf(user).map((b) => b.data)).toEqual(expect.arrayContaining(["menu:balances", "menu:send"]));
    expect(buttonsOf(user).map((b) => b.data)).not.toContain("keys:connect");
  });
});

describe("/help", () => {
  /** Walks /help: the first screen, then every topic and back; returns every command seen. */
  async function walkHelp(person: TestUser): Promise<{ first: string; seen: Set<string> }> {
    await person.send("/help");
    const first = person.last()!.text;
    const seen = new Set<string>();
    const topics = buttonsOf(person).filter((b) => b.data.startsWith("help:t:"));
    expect(topics.length).toBeGreaterThanOrEqual(5);
    for (const topic of topics) {
      await person.press(topic.data);
      const screen = person.last()!;
      expect(screen.text.split("\n")[0]).toBe(topic.text);
      for (const m of screen.text.matchAll(/^\/([a-z_]+) — \S/gm)) seen.add(m[1]!);
      const back = h.app.languages.i18n.t(person.languageCode, "common-back");
      expect(buttonsOf(person)).toEqual([{ text: back, data: "help:main" }]);
      await person.press("help:main");
      expect(person.last()!.text).toBe(first);
    }
    return { first, seen };
  }

  it("fits one screen, grouped by topic, and every registered command is behind a topic (English, admin)", async () => {
    h = await Harness.create({ adminIds: [3002] });
    const admin = h.user(3002);
    await admin.send("/start");
    await h.app.registerCommands();
    const { first, seen } = await walkHelp(admin);
    expect(first.split("\n").length).toBeLessThanOrEqual(25);
    expect(first.split("\n")[0]).toBe("Commands, by topic:");
    expect(first).toContain("💼 Wallet\n/balance — ");
    expect(first).toContain("/mass — ");

    const registered = h.tg.api.commandsFor(admin.id, "en").map((c) => c.command);
    const declared = h.app.features.flatMap((f) => [...(f.manifest.commands ?? []), ...(f.manifest.adminCommands ?? [])]).map((c) => c.command);
    expect(registered).toContain("mass");
    for (const command of new Set([...registered, ...declared])) expect(seen).toContain(command);
  });

  it("in Russian, for a person who is not an admin: no admin topic, the examples in Russian", async () => {
    h = await Harness.create({ adminIds: [1] });
    const person = h.user(3003, { languageCode: "ru" });
    await h.app.registerCommands();
    const { first, seen } = await walkHelp(person);
    expect(first.split("\n").length).toBeLessThanOrEqual(25);
    expect(first.split("\n")[0]).toBe("Команды по темам:");
    expect(first).toMatch(/^\/send — [А-Яа-яЁё]/m);
    expect(first).not.toContain("/mass");
    expect(seen).not.toContain("mass");
    for (const c of h.tg.api.commandsFor(person.id, "ru")) expect(seen).toContain(c.command);
  });
});
