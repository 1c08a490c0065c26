/**
 * Deep links: `t.me/<bot>?start=price_BTC-USDT` opens the pair's card, `?start=send_<userId>` starts a
 * transfer to that user, `?start=invoice_<id>` shows the invoice to its owner. A payload that is not
 * ours, malformed, or names something the user may not see gets a clear answer and the main menu.
 */
import { copyable } from "../../../domain/copyable.js";
import { Composer } from "grammy";
import { clientsFor, NoKeyError } from "../../../accounts/clients.js";
import { isNotFound } from "../../../service/errors.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { invoiceCard, invoiceKeyboard } from "../invoices/index.js";
import { marketScreens } from "../market/index.js";
import { startTransfer } from "../send/index.js";
import { parseStartPayload } from "../../shared/link-payloads.js";
import { zoneOf } from "../../shared/user-on-arrival.js";

export function linksFeature({ deps, mainMenu }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const entries = declare(composer.chatType("private"), { name: "links", needsKey: false });
  const screens = marketScreens(deps);

  const refuse = (ctx: BotContext, key: string) => ctx.reply(ctx.t(key), { reply_markup: mainMenu(ctx.t) });

  const openInvoice = async (ctx: BotContext, invoiceId: string) => {
    try {
      const clients = await clientsFor(deps, ctx.from!.id);
      const inv = await clients.pay.getInvoice({ invoiceId });
      await ctx.reply(invoiceCard(ctx.t, inv, ctx.t("invoices-details", { id: copyable(inv.id) }), await zoneOf(deps.storage.users, ctx)), {
        reply_markup: invoiceKeyboard(ctx.t, inv, clients.network === "testnet"),
        link_preview_options: { is_disabled: true },
      });
    } catch (err) {
      // Someone else's invoice (or none) is simply not found with this user's key.
      if (err instanceof NoKeyError || isNotFound(err)) return void (await refuse(ctx, "links-invoice-foreign"));
      throw err;
    }
  };

  const links = [
    { kind: "price" },
    // A transfer needs the sender's key; the reply says the link works once one is linked.
    { kind: "send", needsKey: true, noKeyReply: "links-send-no-key" },
    // Without a key an invoice is simply not found (links-invoice-foreign), like someone else's.
    { kind: "invoice" },
  ];
  // The router sends /start with a payload here; without one it is the start feature's.
  entries.deepLinks(links, async (ctx, next) => {
    const raw = ctx.match.trim();
    if (!raw) return next();
    await deps.storage.users.ensure(ctx.from.id);
    const payload = parseStartPayload(raw);
    if (!payload) return void (await refuse(ctx, "links-unknown"));
    ctx.log.info({ kind: payload.kind }, "deep link opened");
    switch (payload.kind) {
      case "price": {
        const known = await screens.knownSymbols(ctx);
        if (!known.includes(payload.symbol)) return void (await refuse(ctx, "links-unknown-pair"));
        return screens.price(ctx, payload.symbol, false);
      }
      case "send": {
        // Without a key the key gate answered already (the deep link is declared to need one).
        if (payload.userId === ctx.from.id) return void (await refuse(ctx, "links-send-self"));
        await startTransfer(ctx, payload.userId);
        return;
      }
      case "invoice":
        return openInvoice(ctx, payload.invoiceId);
    }
  });

  return { manifest: entries.manifest, composer };
}
