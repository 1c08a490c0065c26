/**
 * The command menus: every feature's commands, described in each language (setMyCommands), plus the
 * admin commands in each admin's chat; /help lists the same commands.
 */
import type { Api } from "grammy";
import type { LanguageCode } from "grammy/types";
import type { BotDeps } from "./context.js";
import type { Feature, FeatureCommand } from "./feature.js";
import type { HelpSection } from "./features/start/index.js";
import { DEFAULT_LOCALE, type Languages } from "./i18n.js";

/** The commands /help names for this person, by feature: admin commands (as "admin") only for admins. */
export function helpSections(features: readonly Feature[], adminIds: readonly number[], telegramId: number): HelpSection[] {
  return [
    ...features.map((f) => ({
      feature: f.manifest.name,
      ...(f.manifest.helpTopic ? { topic: f.manifest.helpTopic } : {}),
      commands: f.manifest.commands ?? [],
    })),
    ...(adminIds.includes(telegramId)
      ? [{ feature: "admin", topic: "admin", commands: features.flatMap((f) => f.manifest.adminCommands ?? []) }]
      : []),
  ];
}

/**
 * setMyCommands in the default language for everyone, then in each language of locales/ for the
 * people whose Telegram uses it, plus the admin commands for each admin's chat.
 */
export async function registerCommands(api: Api, languages: Languages, features: readonly Feature[], deps: BotDeps): Promise<void> {
  const describe = (locale: string, list: FeatureCommand[]) =>
    list.map((c) => ({ command: c.command, description: languages.i18n.t(locale, c.descriptionKey) }));
  const everyone = features.flatMap((f) => f.manifest.commands ?? []);
  const admin = [...everyone, ...features.flatMap((f) => f.manifest.adminCommands ?? [])];
  await api.setMyCommands(describe(DEFAULT_LOCALE, everyone));
  // Telegram keys the menus by a two-letter ISO 639-1 language: a regional folder ("pt-br") serves its
  // language unless that language has a folder of its own. A code Telegram refuses costs only its menu.
  const menus = new Map<string, string>();
  for (const locale of languages.codes) {
    const language = locale.split("-")[0]!.toLowerCase();
    if (!menus.has(language) || language === locale) menus.set(language, locale);
  }
  for (const [language, locale] of menus) {
    await api
      .setMyCommands(describe(locale, everyone), { language_code: language as LanguageCode })
      .catch((err) => deps.logger.warn({ err, locale }, "could not set the command menu of a language"));
  }
  for (const adminId of deps.config.ADMIN_IDS) {
    const user = await deps.storage.users.get(adminId);
    await api
      .setMyCommands(describe(languages.pick(user?.language), admin), { scope: { type: "chat", chat_id: adminId } })
      .catch((err) => deps.logger.warn({ err, adminId }, "could not set admin commands (has the admin started the bot?)"));
  }
}
