/**
 * Real replies promise little beyond the object's id (the SDK tests' replies carry one or two more
 * fields): every view of such an object shows what is absent as "—" and never throws.
 */
import { I18n } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { ratesText } from "../../src/bot/features/balances/view.js";
import { detailsKeyboard, detailsText, listView } from "../../src/bot/features/cheques/views.js";
import { assetText } from "../../src/bot/features/market/view.js";
import { historyLine, transferDetails } from "../../src/bot/features/send/format.js";
import { withdrawalStatusLabel } from "../../src/bot/features/withdraw/history.js";
import { LOCALES_DIR } from "../../src/bot/i18n.js";
import type { Translate } from "../../src/domain/translate.js";
import { operations, replyOf } from "../../src/service/operations.js";
import type { Rate } from "../../src/service/schemas.js";
import { loadRealFixtures } from "../service/real-fixtures.js";

const i18n = new I18n({ defaultLocale: "en", fluentBundleOptions: { useIsolating: false } });
i18n.loadLocalesDirSync(LOCALES_DIR);
const tr = (locale: string): Translate => ((key: string, vars?: Record<string, string | number>) =>
  i18n.t(locale, key, vars)) as Translate;

const fixture = (file: string) => loadRealFixtures().find((f) => f.file === file)!.body;

describe.each(["en", "ru"])("views of partial real replies (%s)", (locale) => {
  const t = tr(locale);

  it("a cheque with only its id and callback: unknown amount, no Share button", () => {
    const cheque = operations.getCheque.reply.parse(fixture("pay-get-cheque-reply.json"));
    const text = detailsText(t, cheque);
    expect(text).toContain("cheque-1");
    expect(text).toContain("—");
    expect(text).not.toMatch(/undefined|null|NaN/);
    const buttons = detailsKeyboard(t, cheque).inline_keyboard.flat();
    expect(buttons.some((b) => "url" in b)).toBe(false);
  });

  it("a cheque list item without an amount shows its asset-less dash", () => {
    const page = operations.getCheques.reply.parse(fixture("pay-cheques-reply.json"));
    const view = listView(t, { items: page.items, page: 0, token: "x", hasNext: false });
    expect(view.text).toContain("—");
    expect(view.text).not.toMatch(/undefined|null|NaN/);
  });

  it("a payout with only id and amount: amount shown, recipient unknown", () => {
    const payout = operations.createTransfer.reply.parse(fixture("pay-create-payout-reply.json"));
    const details = transferDetails(t, payout);
    expect(details).toContain("1.2");
    expect(details).toContain("—");
    expect(details).not.toMatch(/undefined|null|NaN/);
    expect(historyLine(t, payout)).toContain("p-1");
  });

  it("withdrawal statuses: the real ones in the user's words, an unknown one as it comes", () => {
    expect(withdrawalStatusLabel(t, "COMPLETED")).toBe(t("withdraw-status-completed"));
    expect(withdrawalStatusLabel(t, "FAIL")).toBe(t("withdraw-status-failed"));
    expect(withdrawalStatusLabel(t, "CREATED")).toBe(t("withdraw-status-created"));
    const pending = operations.createWithdrawal.reply.parse(fixture("pay-create-withdrawal-reply.json"));
    expect(withdrawalStatusLabel(t, pending.status)).toBe(t("withdraw-status-created"));
    expect(withdrawalStatusLabel(t, "ON_HOLD")).toBe("ON_HOLD");
    expect(withdrawalStatusLabel(t, null)).toBe("—");
  });

  it("an Exchange asset with only its code, precision and directions: no name, no networks", () => {
    const asset = operations.getAsset.reply.parse(fixture("exchange-get-asset-reply.json"));
    const text = assetText(t, asset);
    expect(text.split("\n")[0]).toBe("🪙 USDT");
    expect(text).toContain(t("market-asset-no-networks"));
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it("rates in the real `{currency, rate}` shape, quoted in an asset", () => {
    const rates = replyOf(operations.getRates, "pay").parse(fixture("pay-rates-reply.json")) as Rate[];
    expect(ratesText(t, "USDT", rates)).toContain("2.5 USDT");
  });
});
