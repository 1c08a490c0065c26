/**
 * Dead ends end to end: with nothing to spend, every flow says so before asking anything it cannot
 * use, and says what to do next: a button into the service's own bot on the key's network (where
 * money is deposited; the simulator reads the same link as that bot's start screen, which the
 * playground turns into a top-up), or /move when the money sits on the other Exchange balance.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InlineKeyboardButton } from "grammy/types";
import { Harness, type TestUser } from "../helpers/bot-harness.js";
import { SEND_DATA } from "../../src/bot/features/send/callback-data.js";
import { INPUT_DATA, pickData } from "../../src/bot/shared/input-data.js";

const PRODUCTION_TOP_UP = "https://t.me/xRocket?start=deposit";

/** The URL buttons under the newest message. */
function urlButtons(user: TestUser): { text: string; url: string }[] {
  return (user.last()?.keyboard?.inline_keyboard.flat() ?? []).flatMap((b: InlineKeyboardButton) =>
    "url" in b ? [{ text: b.text, url: b.url }] : [],
  );
}

describe("dead ends", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.create();
  });
  afterEach(async () => {
    await h.close();
  });

  it("/balance with nothing anywhere names the service's bot, with a button into it first", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/balance");
    const text = user.last()!.text;
    expect(text).toContain("All your balances are zero.");
    expect(text).toContain(
      "To add money, deposit it in @xRocket, the service's own bot: into your xRocket Pay wallet or onto the Exchange (the button below opens it).",
    );
    expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
    expect(user.last()!.keyboard!.inline_keyboard[0]![0]!.text).toBe("➕ Top up in @xRocket");
    expect(user.buttonData(/Refresh/)).toBe("bal:refresh");

    // With money somewhere the view is no dead end.
    await h.simFetch(`/_sim/deposits`, { method: "POST", body: { userId: user.id, network: "production", to: "pay", asset: "USDT", amount: "5" } });
    await user.press("bal:refresh");
    expect(user.last()!.text).not.toContain("@xRocket");
    expect(urlButtons(user)).toEqual([]);
  });

  it("the link is the network's: a testnet key is sent to the testnet bot, which the simulator reads as its start screen", async () => {
    const { user } = await h.linkedUser({}, { network: "testnet" });
    await user.send("/move");
    expect(user.last()!.text).toContain("There is nothing to move: your funding and trading balances are empty.");
    expect(user.last()!.text).toContain("deposit it to your Exchange account in @xrocket_testnet_bot");
    const [button] = urlButtons(user);
    expect(button).toEqual({ text: "➕ Top up in @xrocket_testnet_bot", url: "https://t.me/xrocket_testnet_bot?start=deposit" });
    const view = await h.simFetch<{ kind: string; network: string }>(`/_sim/links?url=${encodeURIComponent(button!.url)}`);
    expect(view).toMatchObject({ kind: "start", network: "testnet" });
  });

  it("/trade with empty Exchange balances says so before asking for a pair", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/trade");
    const text = user.last()!.text;
    expect(text).toMatch(/^Your trading balance is empty: there is nothing to trade with yet\.\n\nTo bring money onto the Exchange/);
    expect(text).toContain("Deposits arrive on your funding balance; /move takes them to trading.");
    expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
    expect(await h.simRequests("estimateOrder")).toHaveLength(0);
  });

  it("/trade with money only on the funding balance offers Move, which opens the move", async () => {
    const { user } = await h.linkedUser({ funding: { USDT: "50" } });
    await user.send("/trade");
    expect(user.last()!.text).toContain(
      "Your funding balance has 50 USDT: move it to your trading balance with /move (the button below), then trade.",
    );
    expect(urlButtons(user)).toEqual([]);
    await user.press(user.buttonData(/Move/)!);
    expect(user.last()!.text).toBe("Which asset do you want to move?");
  });

  it("a sell with nothing of the base to sell points to a deposit of that asset", async () => {
    const { user } = await h.linkedUser({ trading: { USDT: "100" } });
    await user.send("/trade");
    await user.press(pickData("BTC-USDT"));
    await user.press(pickData("sell"));
    expect(user.last()!.text).toMatch(/^Your trading balance has 0 BTC available, less than the smallest order here \(.+ BTC\)\. Nothing was done\./);
    const [button] = urlButtons(user);
    expect(button?.url).toBe("https://t.me/xRocket?start=deposit_BTC");
    const view = await h.simFetch<{ kind: string; asset?: string }>(`/_sim/links?url=${encodeURIComponent(button!.url)}`);
    expect(view).toMatchObject({ kind: "start", asset: "BTC" });
  });

  it("/send with an empty wallet says so before asking for a recipient", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/send");
    await user.press(SEND_DATA.create.build({}));
    expect(user.last()!.text).toBe(
      "You have no balance to send from (each currency has a minimum transfer).\n\n" +
        "To add money to your xRocket Pay wallet, deposit it in @xRocket, the service's own bot (the button below opens it).",
    );
    expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
    // Nothing waits for a recipient: a typed id is not taken as one.
    await user.send("1002");
    expect(user.last()!.text).toMatch(/did not understand/);
  });

  it("/cheque_new with an empty wallet, or less than any cheque's minimum", async () => {
    for (const pay of [{}, { USDT: "0.05" }] as Record<string, string>[]) {
      const { user } = await h.linkedUser({ pay });
      await user.send("/cheque_new");
      expect(user.last()!.text).toMatch(/^No currency in your xRocket Pay wallet has enough for a cheque \(each currency has a minimum cheque\), so a cheque cannot be created\.\n\nTo add money/);
      expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
    }
  });

  it("/withdraw_to and /withdraw_link with an empty wallet say so before asking for an asset or address", async () => {
    const { user } = await h.linkedUser({});
    for (const command of ["/withdraw_to", "/withdraw_link"]) {
      await user.send(command);
      expect(user.last()!.text).toMatch(/^Nothing to withdraw: no currency in your xRocket Pay wallet has an available balance\.\n\nTo add money/);
      expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
    }
  });

  it("withdrawals offer only the assets the wallet holds", async () => {
    const { user } = await h.linkedUser({ pay: { TONCOIN: "3" } });
    await user.send("/withdraw_to");
    const offered = user.last()!.keyboard!.inline_keyboard.flat().filter((b) => "callback_data" in b && INPUT_DATA.pick.parse(b.callback_data) !== undefined);
    expect(offered.map((b) => b.text)).toEqual(["TONCOIN"]);
  });

  it("/fund_withdraw with an empty funding balance points to a deposit onto the Exchange", async () => {
    const { user } = await h.linkedUser({});
    await user.send("/fund_withdraw");
    expect(user.last()!.text).toMatch(/^Nothing to withdraw: your Exchange funding balance has no asset that can be withdrawn\.\n\nTo bring money onto the Exchange/);
    expect(urlButtons(user)).toEqual([{ text: "➕ Top up in @xRocket", url: PRODUCTION_TOP_UP }]);
  });

  it("reads as well in Russian", async () => {
    const { user } = await h.linkedUser({}, { languageCode: "ru" });
    await user.send("/balance");
    expect(user.last()!.text).toContain(
      "Чтобы внести деньги, пополните кошелёк xRocket Pay или биржевой счёт через @xRocket, бот самого сервиса (кнопка ниже открывает его).",
    );
    expect(urlButtons(user)).toEqual([{ text: "➕ Пополнить через @xRocket", url: PRODUCTION_TOP_UP }]);
    await user.send("/trade");
    expect(user.last()!.text).toMatch(/^Торговый баланс пуст: торговать пока нечем\.\n\nЧтобы внести деньги на биржу/);
    await user.send("/cheque_new");
    expect(user.last()!.text).toContain("Чтобы пополнить кошелёк xRocket Pay, внесите деньги через @xRocket");
  });
});
