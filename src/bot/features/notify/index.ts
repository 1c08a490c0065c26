/**
 * What the user controls of notifications: /notify (each kind on or off, quiet hours, the webhook
 * secret of their service application for signed callbacks); its price alerts button opens /alerts
 * (the alerts feature).
 * The secret is taken like a key: the session only remembers that the next message is the secret,
 * the message is deleted at once and the secret is stored encrypted, never in a conversation's state.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Translate } from "../../../domain/translate.js";
import { createWatchStore } from "../../../notifications/store.js";
import { NOTICE_TOPICS, type NoticeTopic } from "../../../storage/notify-settings.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { ALERTS_DATA } from "../alerts/callback-data.js";
import { NOTIFY_DATA } from "./callback-data.js";
import { manifest } from "./manifest.js";
import { mainMenu } from "../start/menu.js";

const SECRET_TTL_MS = 10 * 60 * 1000;
/** Quiet-hour choices (UTC), cycled by one button. */
const QUIET_PRESETS: ({ from: number; to: number } | null)[] = [
  null,
  { from: 22, to: 7 },
  { from: 23, to: 8 },
  { from: 0, to: 9 },
];
/** A webhook secret: one token of printable characters (the service's format is not documented). */
const SECRET = /^[\x21-\x7e]{16,256}$/;
const TOGGLE = NOTIFY_DATA.toggle.pattern;

const pad = (h: number) => String(h).padStart(2, "0");

export function notifyFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const early = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const watch = createWatchStore(deps.storage.db);
  const settingsRepo = deps.storage.notifySettings;

  const settingsView = async (t: Translate, telegramId: number) => {
    const s = await settingsRepo.get(telegramId);
    const mark = (on: boolean) => (on ? "✅" : "▫️");
    const kb = new InlineKeyboard();
    for (const topic of NOTICE_TOPICS) {
      kb.text(`${mark(s.topics[topic])} ${t(`notify-topic-${topic}`)}`, NOTIFY_DATA.toggle.build({ topic })).row();
    }
    const quiet = s.quiet ? t("notify-quiet-on", { from: pad(s.quiet.from), to: pad(s.quiet.to) }) : t("notify-quiet-off");
    kb.text(`🌙 ${quiet}`, NOTIFY_DATA.quiet.build({})).row();
    kb.text(t(s.hasSecret ? "notify-secret-replace" : "notify-secret-set"), NOTIFY_DATA.setSecret.build({}));
    if (s.hasSecret) kb.text(t("notify-secret-remove"), NOTIFY_DATA.removeSecret.build({}));
    kb.row().text(t("notify-alerts-button"), ALERTS_DATA.list.build({})).row().text(t("common-back"), NOTIFY_DATA.menu.build({}));
    const lines = [t("notify-title"), t("notify-explain")];
    if (s.blocked) lines.push(t("notify-were-blocked"));
    lines.push(t(s.hasSecret ? "notify-secret-stored" : "notify-secret-none"));
    return { text: lines.join("\n\n"), keyboard: kb };
  };

  const showSettings = async (ctx: BotContext, edit: boolean) => {
    // Writing to the bot again means it is no longer blocked.
    const current = await settingsRepo.get(ctx.from!.id);
    if (current.blocked) await settingsRepo.setBlocked(ctx.from!.id, false);
    const { text, keyboard } = await settingsView(ctx.t, ctx.from!.id);
    if (edit) await ctx.editMessageText(text, { reply_markup: keyboard }).catch(() => ctx.reply(text, { reply_markup: keyboard }));
    else await ctx.reply(text, { reply_markup: keyboard });
  };

  pm.command("notify", (ctx) => showSettings(ctx, false));
  pm.callbackQuery(NOTIFY_DATA.show.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showSettings(ctx, true);
  });
  pm.callbackQuery(NOTIFY_DATA.menu.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) });
  });

  pm.callbackQuery(TOGGLE, async (ctx) => {
    const topic = ctx.match[1] as NoticeTopic;
    const s = await settingsRepo.get(ctx.from.id);
    await settingsRepo.setTopic(ctx.from.id, topic, !s.topics[topic]);
    await ctx.answerCallbackQuery({ text: ctx.t(s.topics[topic] ? "notify-turned-off" : "notify-turned-on") });
    await watch.syncSlots(deps.now().getTime(), ctx.from.id);
    await showSettings(ctx, true);
  });

  pm.callbackQuery(NOTIFY_DATA.quiet.build({}), async (ctx) => {
    const s = await settingsRepo.get(ctx.from.id);
    const at = QUIET_PRESETS.findIndex((p) => p?.from === s.quiet?.from && p?.to === s.quiet?.to);
    await settingsRepo.setQuiet(ctx.from.id, QUIET_PRESETS[(at + 1) % QUIET_PRESETS.length] ?? null);
    await ctx.answerCallbackQuery();
    await showSettings(ctx, true);
  });

  pm.callbackQuery(NOTIFY_DATA.setSecret.build({}), async (ctx) => {
    ctx.session.pendingWebhookSecret = { until: deps.now().getTime() + SECRET_TTL_MS };
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("notify-secret-ask"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-cancel"), NOTIFY_DATA.abortSecret.build({})),
    });
  });
  pm.callbackQuery(NOTIFY_DATA.abortSecret.build({}), async (ctx) => {
    ctx.session.pendingWebhookSecret = undefined;
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("common-cancelled"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), NOTIFY_DATA.show.build({})),
    });
  });
  pm.callbackQuery(NOTIFY_DATA.removeSecret.build({}), async (ctx) => {
    await settingsRepo.removeSecret(ctx.from.id);
    await ctx.answerCallbackQuery({ text: ctx.t("notify-secret-removed") });
    await showSettings(ctx, true);
  });

  // Before the key feature's own check: a secret pasted when asked for is a secret, not a stray key.
  early.chatType("private").on("message:text", async (ctx, next) => {
    const pending = ctx.session.pendingWebhookSecret;
    const text = ctx.message.text.trim();
    if (pending === undefined || pending.until <= deps.now().getTime() || text.startsWith("/")) return next();
    await ctx.deleteMessage().catch((err) => ctx.log.warn({ err }, "could not delete the webhook secret message"));
    if (!SECRET.test(text)) {
      await ctx.reply(ctx.t("notify-secret-invalid"), {
        reply_markup: new InlineKeyboard().text(ctx.t("common-cancel"), NOTIFY_DATA.abortSecret.build({})),
      });
      return;
    }
    ctx.session.pendingWebhookSecret = undefined;
    await settingsRepo.saveSecret(ctx.from.id, text);
    ctx.log.info("webhook secret stored");
    await ctx.reply(ctx.t("notify-secret-saved"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), NOTIFY_DATA.show.build({})),
    });
  });

  return {
    manifest,
    composer,
    early,
  };
}
