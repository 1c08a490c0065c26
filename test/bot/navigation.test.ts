/**
 * Finding one's way: /help names every command in the person's language (admin commands for admins
 * only), and screens that are not the main menu have a way back and no button to themselves.
 */
import { afterEach, expect, it } from "vitest";
import { Harness, type TestUser } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** The text of /help's first screen and of every topic behind it, as the person walks them. */
async function helpTexts(person: TestUser): Promise<string> {
  await person.send("/help");
  const screens = [person.last()!.text];
  const topics = (person.last()!.keyboard?.inline_keyboard.flat() ?? []).flatMap((b) =>
    "callback_data" in b && b.callback_data.startsWith("help:t:") ? [b.callback_data] : [],
  );
  for (const topic of topics) {
    await person.press(topic);
    screens.push(person.last()!.text);
    await person.press("help:main");
  }
  return screens.join("\n");
}

it("/help names every command, by topic, in the person's language, admin commands for admins only", async () => {
  h = await Harness.create({ adminIds: [777] });
  const person = h.user(100);
  const help = (await helpTexts(person)).split("\n");
  expect(help[0]).toBe("Commands, by topic:");
  const names = help.filter((l) => l.startsWith("/")).map((l) => l.split(" — ")[0]);
  for (const command of ["/start", "/help", "/send", "/balance", "/cheques", "/withdraw", "/orders", "/trade", "/swap", "/move", "/connect", "/disconnect", "/cancel"])
    expect(names).toContain(command);
  expect(names).not.toContain("/mass");
  // Each line: the command, a dash and what it does.
  for (const line of help.filter((l) => l.startsWith("/"))) expect(line).toMatch(/^\/[a-z_]+ — \S/);
  expect(person.buttonData(/Main menu/)).toBe("menu:main");

  // An example with arguments is code (a tap copies it whole): as a link, a tap would send "/price" bare.
  await person.send("/help");
  const first = person.last()!;
  const codes = first.entities.filter((e) => e.type === "code").map((e) => first.text.slice(e.offset, e.offset + e.length));
  expect(codes).toContain("/price BTC-USDT");

  const admin = h.user(777);
  expect(await helpTexts(admin)).toMatch(/^\/mass — /m);

  const russian = h.user(101, { languageCode: "ru" });
  const ru = await helpTexts(russian);
  expect(ru.split("\n")[0]).toBe("Команды по темам:");
  expect(ru).toMatch(/^\/send — [А-Яа-яЁё]/m);
});

it("the Russian /help gives its examples in Russian, and the bot takes them as written", async () => {
  h = await Harness.create();
  const russian = h.user(102, { languageCode: "ru" });
  await russian.send("/start");
  const alertLine = (await helpTexts(russian)).split("\n").find((l) => l.startsWith("/alert "))!;
  expect(alertLine).toBe("/alert — Оповещение о цене: /alert BTC-USDT выше 100000");
  await russian.send(alertLine.slice(alertLine.lastIndexOf("/alert")));
  expect(russian.last()!.text).toMatch(/^✅ Оповещение задано: BTC-USDT выше 100\u00a0000 USDT \(один раз\)\./);

  await russian.send("/alert BTC-USDT около 100000");
  const usage = russian.last()!.text;
  expect(usage).toContain("/alert BTC-USDT выше 100000 (или ниже). Добавьте «каждый»");
  await russian.send("/alert ETH-USDT ниже 0,25 каждый");
  expect(russian.last()!.text).toMatch(/^✅ Оповещение задано: ETH-USDT ниже 0,25 USDT \(каждый раз\)\./);
});

it("the cheques menu and an empty cheque list lead back", async () => {
  h = await Harness.create();
  const { user } = await h.linkedUser({ pay: { USDT: "10" } });
  await user.send("/cheques");
  expect(user.buttonData(/Back/)).toBe("menu:main");
  await user.press("chq:list");
  expect(user.last()!.keyboard?.inline_keyboard.flat().map((b) => ("callback_data" in b ? b.callback_data : ""))).toContain(
    "menu:cheques",
  );
});

it("the active-orders page offers the history, not itself", async () => {
  h = await Harness.create();
  const { user } = await h.linkedUser({ trading: { USDT: "100" } });
  await user.send("/orders");
  await user.pressLabel(/Active orders/);
  const buttons = user.last()!.keyboard!.inline_keyboard.flat().map((b) => ("callback_data" in b ? b.callback_data : ""));
  expect(buttons.some((d) => d.startsWith("ord:a:"))).toBe(false);
  expect(buttons.some((d) => d.startsWith("ord:h:1:"))).toBe(true);
  expect(buttons.some((d) => d.startsWith("ord:f:"))).toBe(true);
});
