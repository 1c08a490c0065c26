/**
 * Invoices: /invoices and the main menu's Invoices button offer Create (a conversation) and the list
 * of active invoices, with details, Delete (confirmed) and, on testnet, a test payment.
 */
import { Composer, InlineKeyboard } from "grammy";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
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
  const entries = declare(pm, { name: "invoices", needsKey: true, helpTopic: "documents" });
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
  const manage = invoiceManagement(deps, actions, entries);

  entries.command({ command: "invoices", descriptionKey: "invoices-cmd-invoices" }, showMenu);
  entries.menuButton({ button: "invoices", menu: { labelKey: "menu-invoices", row: 1, column: 2 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showMenu(ctx);
  });
  entries.command({ command: "newinvoice", descriptionKey: "invoices-cmd-new", featured: true }, startCreate);
  entries.callback(INVOICE_DATA.create, async (ctx) => {
    await ctx.answerCallbackQuery();
    await startCreate(ctx);
  });
  entries.command({ command: "myinvoices", descriptionKey: "invoices-cmd-list" }, manage.showList);

  return {
    manifest: entries.manifest,
    composer,
    conversations: [{ id: CREATE_INVOICE, builder: createInvoiceConversation(deps) }],
  };
}
