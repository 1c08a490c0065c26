/**
 * Invoices: /invoices and the main menu's Invoices button offer Create (a conversation) and the list
 * of active invoices, with details, Delete (confirmed) and, on testnet, a test payment.
 */
import { Composer, InlineKeyboard } from "grammy";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { manifest } from "./manifest.js";
import { INVOICE_DATA } from "./callback-data.js";
import { CREATE_INVOICE, createInvoiceConversation, type PaymentRequest } from "./create.js";
import { deleteInvoiceAction, invoiceManagement } from "./manage.js";
import { menu } from "../../menu-data.js";

// What other features show of an invoice: its card and buttons (a deep link opens one), its terms and
// price (inline mode offers it).
export { invoiceCard, invoiceKeyboard, invoicePrice, invoiceTerms } from "./view.js";

/** Starts a payment request (Receive): the asset and the amount, then its QR code and link. */
export async function startPaymentRequest(ctx: BotContext): Promise<void> {
  // A new flow replaces whatever flow was waiting for an answer.
  await ctx.conversation.exitAll();
  const preset: PaymentRequest = { request: true };
  await enterFlow(ctx, CREATE_INVOICE, preset);
}

/** The Invoices feature. */
export function invoicesFeature({ deps, actions }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  actions.register(deleteInvoiceAction());

  const showMenu = (ctx: BotContext) =>
    ctx.reply(ctx.t("invoices-menu"), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("invoices-new"), INVOICE_DATA.create.build({}))
        .text(ctx.t("invoices-active"), INVOICE_DATA.list.build({}))
        .row()
        .text(ctx.t("common-back"), menu("main")),
    });
  const startCreate = async (ctx: BotContext) => {
    // A new flow replaces whatever flow was waiting for an answer.
    await ctx.conversation.exitAll();
    await enterFlow(ctx, CREATE_INVOICE);
  };
  const manage = invoiceManagement(deps, actions);
  composer.use(manage.composer);

  pm.command("invoices", showMenu);
  pm.callbackQuery(menu("invoices"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx);
  });
  pm.command("newinvoice", startCreate);
  pm.callbackQuery(INVOICE_DATA.create.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await startCreate(ctx);
  });
  pm.command("myinvoices", manage.showList);

  return {
    manifest,
    composer,
    conversations: [{ id: CREATE_INVOICE, builder: createInvoiceConversation(deps) }],
  };
}
