/**
 * Finding one's way: /help names every command in the person's language (admin commands for admins
 * only), and screens that are not the main menu have a way back and no button to themselves.
 */
import { afterEach, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

it("/help lists every command by name, in the person's language, admin commands for admins only", async () => {
  h = await Harness.create({ adminIds: [777] });
  const person = h.user(100);
  await person.send("/help");
  const help = person.last()!.text.split("\n");
  expect(help[0]).toBe("Commands:");
  const names = help.filter((l) => l.startsWith("/")).map((l) => l.split(" — ")[0]);
  for (const command of ["/start", "/help", "/send", "/balance", "/cheques", "/withdraw", "/orders", "/trade", "/move", "/connect", "/disconnect", "/cancel"])
    expect(names).toContain(command);
  expect(names).not.toContain("/mass");
  // Each line: the command, a dash and what it does.
  for (const line of help.filter((l) => l.startsWith("/"))) expect(line).toMatch(/^\/[a-z_]+ — \S/);
  expect(person.buttonData(/Send/)).toBe("menu:send");

  const admin = h.user(777);
  await admin.send("/help");
  expect(admin.last()!.text).toMatch(/^\/mass — /m);

  const russian = h.user(101, { languageCode: "ru" });
  await russian.send("/help");
  expect(russian.last()!.text.split("\n")[0]).toBe("Команды:");
  expect(russian.last()!.text).toMatch(/^\/send — [А-Яа-яЁё]/m);
});

it("the Russian /help gives its examples in Russian, and the bot takes them as written", async () => {
  h = await Harness.create();
  const russian = h.user(102, { languageCode: "ru" });
  await russian.send("/start");
  await russian.send("/help");
  const alertLine = russian.last()!.text.split("\n").find((l) => l.startsWith("/alert "))!;
  expect(alertLine).toBe("/alert — Ценовой сигнал: /alert BTC-USDT выше 100000");
  await russian.send(alertLine.slice(alertLine.lastIndexOf("/alert")));
  expect(russian.last()!.text).toMatch(/^✅ Сигнал задан: BTC-USDT выше 100\u00a0000 USDT \(один раз\)\./);

  await russian.send("/alert BTC-USDT вверх 100000");
  const usage = russian.last()!.text;
  expect(usage).toContain("/alert BTC-USDT выше 100000 (или ниже). Добавьте «каждый»");
  await russian.send("/alert ETH-USDT ниже 0,25 каждый");
  expect(russian.last()!.text).toMatch(/^✅ Сигнал задан: ETH-USDT ниже 0\.25 USDT \(каждый раз\)\./);
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
