/**
 * The command menus: every feature's commands, described in each language (setMyCommands), plus the
 * admin commands in each admin's chat; /help lists the same commands.
 */
import type { Api } from "grammy";
import type { BotDeps } from "./context.js";
import type { Feature, FeatureCommand } from "./feature.js";
import { type BotI18n, pickLocale, SUPPORTED_LOCALES } from "./i18n.js";

/** The commands /help names for this person: admin commands only for admins. */
export function helpCommands(features: readonly Feature[], adminIds: readonly number[], telegramId: number): FeatureCommand[] {
  return [
    ...features.flatMap((f) => f.manifest.commands ?? []),
    ...(adminIds.includes(telegramId) ? features.flatMap((f) => f.manifest.adminCommands ?? []) : []),
  ];
}

/** setMyCommands per language, plus the admin commands for each admin's chat. */
export async function registerCommands(api: Api, i18n: BotI18n, features: readonly Feature[], deps: BotDeps): Promise<void> {
  const describe = (locale: string, list: FeatureCommand[]) =>
    list.map((c) => ({ command: c.command, description: i18n.t(locale, c.descriptionKey) }));
  const everyone = features.flatMap((f) => f.manifest.commands ?? []);
  const admin = [...everyone, ...features.flatMap((f) => f.manifest.adminCommands ?? [])];
  await api.setMyCommands(describe("en", everyone));
  for (const locale of SUPPORTED_LOCALES) {
    await api.setMyCommands(describe(locale, everyone), { language_code: locale });
  }
  for (const adminId of deps.config.ADMIN_IDS) {
    const user = await deps.storage.users.get(adminId);
    await api
      .setMyCommands(describe(pickLocale(user?.language), admin), { scope: { type: "chat", chat_id: adminId } })
      .catch((err) => deps.logger.warn({ err, adminId }, "could not set admin commands (has the admin started the bot?)"));
  }
}
