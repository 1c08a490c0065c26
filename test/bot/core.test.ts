import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";

describe("start, language, menu and commands", () => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("greets with the main menu, offers languages and switches to Russian", async () => {
    h = await Harness.create();
    const user = h.user(5001, { firstName: "Ann" });
    await user.send("/start");
    const texts = user.texts();
    expect(texts[0]).toMatch(/Hello, Ann!/);
    expect(user.buttonData(/Balances/)).toBe("menu:balances");
    expect(user.buttonData(/Русский/)).toBe("lang:w:ru");
    await user.press("lang:w:ru");
    // The welcome itself is redrawn in the chosen language.
    expect(user.last()?.text).toMatch(/^Здравствуйте, Ann!/);
    await user.send("/menu");
    expect(user.last()?.text).toBe("Что вы хотите сделать?");
    expect((await h.storage.users.get(5001))?.language).toBe("ru");
  });

  it("follows Telegram's language until the user picks one", async () => {
    h = await Harness.create();
    const user = h.user(5002, { languageCode: "ru" });
    await user.send("/menu");
    expect(user.last()?.text).toBe("Что вы хотите сделать?");
  });

  it("answers a mistyped command with the nearest known one, in the person's language", async () => {
    h = await Harness.create();
    const user = h.user(5004);
    await user.send("/blance");
    expect(user.last()?.text).toBe("There is no such command. Did you mean /balance?");
    await user.send("/xyzzyplugh");
    expect(user.last()?.text).toMatch(/no such command\. \/help lists them all/);
    const ru = h.user(5005, { languageCode: "ru" });
    await ru.send("/helpp");
    expect(ru.last()?.text).toBe("Такой команды нет. Может быть, /help?");
  });

  it("answers an unknown message with the menu and an outdated button politely", async () => {
    h = await Harness.create();
    const user = h.user(5003);
    await user.send("what?");
    expect(user.last()?.text).toMatch(/did not understand/);
    await user.press("nothing:here");
    const answer = h.tg.callsOf("answerCallbackQuery").at(-1);
    expect(answer?.payload.text).toMatch(/no longer active/);
  });

  it("registers the command list per language and the admin list for admins", async () => {
    h = await Harness.create({ adminIds: [9001] });
    await h.app.registerCommands();
    const calls = h.tg.callsOf("setMyCommands");
    const byLang = (lang?: string) => calls.find((c) => c.payload.language_code === lang && !c.payload.scope);
    const commands = (c: (typeof calls)[number] | undefined) =>
      ((c?.payload.commands ?? []) as { command: string }[]).map((x) => x.command);
    expect(commands(byLang(undefined))).toContain("connect");
    expect(byLang("ru")).toBeDefined();
    const admin = calls.find((c) => (c.payload.scope as { chat_id?: number } | undefined)?.chat_id === 9001);
    expect(admin).toBeDefined();
    expect(commands(admin).length).toBeGreaterThanOrEqual(commands(byLang(undefined)).length);
  });

  it("replies with a localized message, not a stack trace, when something fails", async () => {
    h = await Harness.create();
    const { user } = await h.linkedUser({});
    // Make every further storage call fail: the error boundary must still answer.
    await h.storage.close();
    await user.send("/settings");
    expect(user.last()?.text).toBe("Something went wrong on our side. Please try again later.");
    expect(h.logLines.join("")).toMatch(/unhandled error/);
  });
});
