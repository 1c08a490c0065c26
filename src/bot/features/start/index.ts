/** /start, /menu, /help, /language: greeting, language choice and the main menu. */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureCommand, FeatureKit } from "../../feature.js";
import { START_DATA } from "./callback-data.js";
import { manifest } from "./manifest.js";
import { SUPPORTED_LOCALES } from "../../i18n.js";
import { userOnArrival } from "../../shared/user-on-arrival.js";
import { languageKeyboard, mainMenu } from "./menu.js";
import { menu } from "../../menu-data.js";

export function startFeature(
  { deps }: FeatureKit,
  helpCommands: (telegramId: number) => FeatureCommand[],
): Feature {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");

  pm.command("start", async (ctx, next) => {
    // A deep link (`/start <payload>`) is the links feature's.
    if (ctx.match.trim()) return next();
    const user = (await userOnArrival(deps.storage.users, ctx)) ?? (await deps.storage.users.ensure(ctx.from.id));
    await ctx.reply(ctx.t("start-greeting", { name: ctx.from.first_name }), {
      reply_markup: mainMenu(ctx.t),
    });
    if (user.language === null)
      await ctx.reply(ctx.t("start-pick-language"), { reply_markup: languageKeyboard() });
    if (!user.hasKey) await ctx.reply(ctx.t("start-link-key"));
  });

  pm.command("menu", (ctx) => ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) }));
  pm.callbackQuery(menu("main"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("menu-title"), { reply_markup: mainMenu(ctx.t) });
  });

  pm.command("help", (ctx) =>
    ctx.reply(
      [
        ctx.t("help-title"),
        "",
        ...helpCommands(ctx.from.id).map((c) => `/${c.command} — ${ctx.t(c.descriptionKey)}`),
      ].join("\n"),
      { reply_markup: mainMenu(ctx.t) },
    ),
  );

  pm.command("language", (ctx) =>
    ctx.reply(ctx.t("start-pick-language"), { reply_markup: languageKeyboard() }),
  );
  pm.callbackQuery(menu("language"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("start-pick-language"), { reply_markup: languageKeyboard() });
  });

  pm.callbackQuery(START_DATA.language.pattern, async (ctx) => {
    const locale = ctx.match[1] as string;
    if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale)) return ctx.answerCallbackQuery();
    await deps.storage.users.ensure(ctx.from.id);
    await deps.storage.users.setLanguage(ctx.from.id, locale);
    ctx.i18n.useLocale(locale);
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("start-language-set"), { reply_markup: mainMenu(ctx.t) });
  });

  return {
    manifest,
    composer,
  };
}
