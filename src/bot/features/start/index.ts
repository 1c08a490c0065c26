/** /start, /menu, /help, /language: greeting, language choice and the main menu. */
import { Composer, InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { Translate } from "../../../domain/translate.js";
import { inlineUserText } from "../../../domain/user-text.js";
import type { UserRecord } from "../../../storage/types.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { KEY_DATA } from "../keys/callback-data.js";
import { START_DATA } from "./callback-data.js";
import type { Language } from "../../i18n.js";
import { showInPlace } from "../../shared/show.js";
import { userOnArrival } from "../../shared/user-on-arrival.js";
import { type HelpSection, helpMain, helpTopic } from "./help.js";
import { languageKeyboard } from "./menu.js";

// commands.ts fills the help.
export type { HelpSection } from "./help.js";

/**
 * The one message a person gets for /start: the greeting and the menu; for a newcomer also the
 * language buttons (until one is chosen) and Connect (until a key is linked). Redrawn after a language
 * was picked on it (`picked`), it keeps the language buttons, the choice marked, so the way back to
 * the other languages stays on the message.
 */
function welcome(
  t: Translate,
  mainMenu: (t: Translate) => InlineKeyboard,
  languages: readonly Language[],
  name: string,
  user: Pick<UserRecord, "language" | "hasKey">,
  picked = false,
): { text: string; keyboard: InlineKeyboard } {
  // The name is what the person set in Telegram: one line, invisible characters marked (docs/decisions/002).
  const lines = [t("start-greeting", { name: inlineUserText(name) })];
  const rows: InlineKeyboardButton[][] = [];
  if (user.language === null) {
    lines.push(t("start-choose-language"));
    rows.push(...languageKeyboard(languages, true).inline_keyboard);
  } else if (picked) {
    rows.push(...languageKeyboard(languages, true, user.language).inline_keyboard);
  }
  if (!user.hasKey) {
    lines.push(t("start-connect-first"));
    rows.push([{ text: t("start-connect-button"), callback_data: KEY_DATA.connect.build({}) }]);
  }
  return { text: lines.join("\n\n"), keyboard: new InlineKeyboard([...rows, ...mainMenu(t).inline_keyboard]) };
}

export function startFeature(
  { deps, languages, mainMenu }: FeatureKit,
  helpSections: (telegramId: number) => HelpSection[],
): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");
  const entries = declare(pm, { name: "start", needsKey: false, helpTopic: "basics" });

  entries.command({ command: "start", descriptionKey: "cmd-start" }, async (ctx, next) => {
    // A deep link (`/start <payload>`) is the links feature's.
    if (ctx.match.trim()) return next();
    const user = (await userOnArrival(deps.storage.users, ctx)) ?? (await deps.storage.users.ensure(ctx.from.id));
    const { text, keyboard } = welcome(ctx.t, mainMenu, languages.list, ctx.from.first_name, user);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  entries.command({ command: "menu", descriptionKey: "cmd-menu" }, (ctx) =>
    ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) }),
  );
  entries.menuButton({ button: "main" }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) });
  });

  entries.command({ command: "help", descriptionKey: "cmd-help" }, (ctx) => {
    const { text, keyboard } = helpMain(ctx.t, helpSections(ctx.from.id));
    return ctx.reply(text, { reply_markup: keyboard });
  });
  entries.callback(START_DATA.helpMain, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { text, keyboard } = helpMain(ctx.t, helpSections(ctx.from.id));
    await showInPlace(ctx, text, { reply_markup: keyboard });
  });
  entries.callback(START_DATA.helpTopic, async (ctx) => {
    const screen = helpTopic(ctx.t, helpSections(ctx.from.id), ctx.match[1] as string);
    if (!screen) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, screen.text, { reply_markup: screen.keyboard });
  });

  entries.command({ command: "language", descriptionKey: "cmd-language" }, (ctx) =>
    ctx.reply(ctx.t("start-pick-language"), { reply_markup: languageKeyboard(languages.list) }),
  );
  entries.menuButton({ button: "language" }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("start-pick-language"), { reply_markup: languageKeyboard(languages.list) });
  });

  const chooseLanguage = async (ctx: BotContext, locale: string, onWelcome: boolean) => {
    if (!languages.has(locale)) return ctx.answerCallbackQuery();
    await deps.storage.users.ensure(ctx.from!.id);
    await deps.storage.users.setLanguage(ctx.from!.id, locale);
    ctx.i18n.useLocale(locale);
    await ctx.answerCallbackQuery({ text: ctx.t("start-language-set") });
    if (onWelcome) {
      // The welcome itself turns into the chosen language.
      const user = await deps.storage.users.ensure(ctx.from!.id);
      const { text, keyboard } = welcome(ctx.t, mainMenu, languages.list, ctx.from!.first_name, user, true);
      await showInPlace(ctx, text, { reply_markup: keyboard });
      return;
    }
    await ctx.reply(ctx.t("start-language-set"), { reply_markup: mainMenu(ctx.t) });
  };
  entries.callback(START_DATA.language, (ctx) => chooseLanguage(ctx, ctx.match[1] as string, false));
  entries.callback(START_DATA.welcomeLanguage, (ctx) => chooseLanguage(ctx, ctx.match[1] as string, true));

  // /cancel, before any flow resumes: leaves whatever flow is active (also where none is).
  const beforeFlows = new Composer<BotContext>();
  entries.within(beforeFlows.chatType("private")).command({ command: "cancel", descriptionKey: "cmd-cancel", featured: true }, async (ctx) => {
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t("common-cancelled"), { reply_markup: mainMenu(ctx.t) });
  });

  return { manifest: entries.manifest, composer, beforeFlows };
}
