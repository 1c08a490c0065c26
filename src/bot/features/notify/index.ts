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
import { formatWallTime, OFFERED_ZONES, type QuietHours, quietUntil } from "../../../domain/time-zones.js";
import type { BotContext } from "../../context.js";
import { zoneLabel } from "../../shared/format.js";
import { showInPlace } from "../../shared/show.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { ALERTS_DATA } from "../alerts/callback-data.js";
import { KEY_DATA } from "../keys/callback-data.js";
import { settingsScreen } from "../keys/index.js";
import { NOTIFY_DATA } from "./callback-data.js";
import { declare } from "../../entries.js";

const SECRET_TTL_MS = 10 * 60 * 1000;
/** Quiet-hour choices, hours on the person's own clock (their time zone). */
const QUIET_PRESETS: QuietHours[] = [
  { from: 21, to: 7 },
  { from: 22, to: 7 },
  { from: 22, to: 8 },
  { from: 23, to: 8 },
  { from: 0, to: 9 },
  { from: 1, to: 9 },
];
/** A webhook secret: one token of printable characters (the service's format is not documented). */
const SECRET = /^[\x21-\x7e]{16,256}$/;

const pad = (h: number) => String(h).padStart(2, "0");

export function notifyFeature({ deps, mainMenu }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  const early = new Composer<BotContext>();
  const pm = composer.chatType("private");
  // Notification settings work without a key.
  const entries = declare(pm, { name: "notify", needsKey: false, helpTopic: "notices" });
  const watch = createWatchStore(deps.storage.db);
  const settingsRepo = deps.storage.notifySettings;

  const settingsView = async (t: Translate, telegramId: number) => {
    const s = await settingsRepo.get(telegramId);
    const mark = (on: boolean) => (on ? "✅" : "▫️");
    const kb = new InlineKeyboard();
    for (const topic of NOTICE_TOPICS) {
      kb.text(`${mark(s.topics[topic])} ${t(`notify-topic-${topic}`)}`, NOTIFY_DATA.toggle.build({ topic })).row();
    }
    const quiet = s.quiet
      ? t("notify-quiet-on", { from: pad(s.quiet.from), to: pad(s.quiet.to), zone: zoneLabel(t, s.timeZone, deps.now().getTime()) })
      : t("notify-quiet-off");
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

  entries.command({ command: "notify", descriptionKey: "cmd-notify", featured: true }, (ctx) => showSettings(ctx, false));
  entries.callback(NOTIFY_DATA.show, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showSettings(ctx, true);
  });
  entries.callback(NOTIFY_DATA.menu, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) });
  });

  entries.callback(NOTIFY_DATA.toggle, async (ctx) => {
    const topic = ctx.match[1] as NoticeTopic;
    const s = await settingsRepo.get(ctx.from.id);
    await settingsRepo.setTopic(ctx.from.id, topic, !s.topics[topic]);
    await ctx.answerCallbackQuery({ text: ctx.t(s.topics[topic] ? "notify-turned-off" : "notify-turned-on") });
    await watch.syncSlots(deps.now().getTime(), ctx.from.id);
    await showSettings(ctx, true);
  });

  // ---------------------------------------------------------------- quiet hours and time zone

  /** Quiet hours: the choices on the person's own clock, their zone and the time there now. */
  const quietView = async (t: Translate, telegramId: number) => {
    const s = await settingsRepo.get(telegramId);
    const now = deps.now().getTime();
    const zone = zoneLabel(t, s.timeZone, now);
    const chosen = (q: QuietHours | null) => (q?.from === s.quiet?.from && q?.to === s.quiet?.to ? "✅ " : "");
    const kb = new InlineKeyboard().text(`${chosen(null)}${t("notify-quiet-none")}`, NOTIFY_DATA.quietOff.build({}));
    QUIET_PRESETS.forEach((q, i) => {
      if ((i + 1) % 4 === 0) kb.row();
      kb.text(`${chosen(q)}${pad(q.from)}–${pad(q.to)}`, NOTIFY_DATA.quietSet.build({ from: q.from, to: q.to }));
    });
    kb.row().text(t("notify-zone-button", { zone }), NOTIFY_DATA.zones.build({})).row().text(t("common-back"), NOTIFY_DATA.show.build({}));
    const held = await watch.heldCount(telegramId, now, quietUntil(s.quiet, now, s.timeZone) !== undefined);
    // The state is the title ("🌙 Quiet hours: off"), as on the settings button: the name reads once.
    const lines = [
      `🌙 ${s.quiet ? t("notify-quiet-on", { from: pad(s.quiet.from), to: pad(s.quiet.to), zone }) : t("notify-quiet-off")}`,
      t("notify-quiet-now", { zone, time: formatWallTime(now, s.timeZone).slice(11) }),
      ...(held > 0 ? [t("notify-quiet-held", { count: held })] : []),
      t("notify-quiet-explain"),
    ];
    return { text: lines.join("\n\n"), keyboard: kb };
  };
  const showQuiet = async (ctx: BotContext) => {
    const { text, keyboard } = await quietView(ctx.t, ctx.from!.id);
    await showInPlace(ctx, text, { reply_markup: keyboard });
  };
  entries.callback(NOTIFY_DATA.quiet, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showQuiet(ctx);
  });
  const setQuiet = async (ctx: BotContext, quiet: QuietHours | null) => {
    await settingsRepo.setQuiet(ctx.from!.id, quiet);
    // What was held for the old hours is weighed again against the new ones (off: sent now).
    await watch.releaseHeld(ctx.from!.id, deps.now().getTime());
    await ctx.answerCallbackQuery({
      text: quiet ? ctx.t("notify-quiet-set", { from: pad(quiet.from), to: pad(quiet.to) }) : ctx.t("notify-quiet-off"),
    });
    await showQuiet(ctx);
  };
  entries.callback(NOTIFY_DATA.quietOff, (ctx) => setQuiet(ctx, null));
  entries.callback(NOTIFY_DATA.quietSet, async (ctx) => {
    const chosen = NOTIFY_DATA.quietSet.parse(ctx.callbackQuery.data);
    const quiet = QUIET_PRESETS.find((q) => q.from === chosen?.from && q.to === chosen?.to);
    if (quiet === undefined) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    await setQuiet(ctx, quiet);
  });

  /**
   * The time-zone picker where it is opened: from quiet hours or from the settings. A pick and « Back
   * return to that screen, which shows the zone.
   */
  const pickers = {
    quiet: { zones: NOTIFY_DATA.zones, zone: NOTIFY_DATA.zone, back: NOTIFY_DATA.quiet.build({}), show: showQuiet },
    settings: {
      zones: NOTIFY_DATA.settingsZones,
      zone: NOTIFY_DATA.settingsZone,
      back: KEY_DATA.settings.build({}),
      show: async (ctx: BotContext) => {
        const { text, kb } = await settingsScreen(deps, ctx);
        await showInPlace(ctx, text, { reply_markup: kb });
      },
    },
  };
  for (const picker of Object.values(pickers)) {
    // The zones as buttons, each with its offset now.
    entries.callback(picker.zones, async (ctx) => {
      await ctx.answerCallbackQuery();
      const now = deps.now().getTime();
      const kb = new InlineKeyboard();
      OFFERED_ZONES.forEach((zone, i) => {
        if (i > 0 && i % 2 === 0) kb.row();
        kb.text(zoneLabel(ctx.t, zone, now), picker.zone.build({ index: i }));
      });
      kb.row().text(ctx.t("common-back"), picker.back);
      await showInPlace(ctx, ctx.t("notify-zone-title"), { reply_markup: kb });
    });
    entries.callback(picker.zone, async (ctx) => {
      const chosen = picker.zone.parse(ctx.callbackQuery.data);
      const zone = chosen === undefined ? undefined : OFFERED_ZONES[chosen.index];
      if (zone === undefined) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
      await deps.storage.users.setTimeZone(ctx.from.id, zone);
      // Quiet hours are on the person's clock: what they held ends at another moment now.
      await watch.releaseHeld(ctx.from.id, deps.now().getTime());
      await ctx.answerCallbackQuery({ text: ctx.t("notify-zone-set", { zone: zoneLabel(ctx.t, zone, deps.now().getTime()) }) });
      await picker.show(ctx);
    });
  }

  entries.callback(NOTIFY_DATA.setSecret, async (ctx) => {
    ctx.session.pendingWebhookSecret = { until: deps.now().getTime() + SECRET_TTL_MS };
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("notify-secret-ask"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-cancel"), NOTIFY_DATA.abortSecret.build({})),
    });
  });
  entries.callback(NOTIFY_DATA.abortSecret, async (ctx) => {
    // After the secret was taken (or the wait ran out), this Cancel has nothing left to cancel.
    const pending = ctx.session.pendingWebhookSecret;
    if (pending === undefined || pending.until <= deps.now().getTime())
      return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    ctx.session.pendingWebhookSecret = undefined;
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("common-cancelled"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), NOTIFY_DATA.show.build({})),
    });
  });
  entries.callback(NOTIFY_DATA.removeSecret, async (ctx) => {
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
    manifest: entries.manifest,
    composer,
    early,
  };
}
