/**
 * What a feature contributes: its Composer, its conversations, its commands (for setMyCommands and
 * /help) and the irreversible actions it proposes through the shared confirmation step.
 */
import type { Api, Composer } from "grammy";
import type { Translate } from "../domain/translate.js";
import type { Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import type { BotContext, BotDeps } from "./context.js";
import type { Flow } from "./flows.js";
import type { ActionRegistry } from "./shared/confirm.js";

export interface FeatureCommand {
  command: string;
  /** Locale key of the command's description. */
  descriptionKey: string;
}

export interface Feature {
  name: string;
  composer: Composer<BotContext>;
  /** Middleware that must see updates before any conversation does (e.g. deleting pasted keys). */
  early?: Composer<BotContext>;
  conversations?: Flow[];
  commands?: FeatureCommand[];
  /** Work to resume at start after a crash (e.g. a mass-transfer job). */
  resume?: () => Promise<void>;
  /** Commands shown only to admins (ADMIN_IDS). */
  adminCommands?: FeatureCommand[];
}

export interface FeatureKit {
  deps: BotDeps;
  actions: ActionRegistry;
  /** The bot's API (with its transformers), for messages sent outside an update, e.g. by a resumed job. */
  api: Api;
  /**
   * The API for messages to many chats (notifications): paced to the global limit, 429s waited out.
   * Never for a reply to the person whose update is being handled.
   */
  broadcastApi: Api;
  /**
   * A translate function in a user's language, for messages sent outside an update; `fallback` (e.g.
   * the language Telegram reported when the user last wrote) applies when the user chose none.
   */
  translatorFor(telegramId: number, fallback?: string): Promise<Translate>;
  /** Background work: register handlers, enqueue; never an engine directly. */
  jobs: Jobs;
  /** Messages owed outside an update: written in the transaction of the change that owes them. */
  outbox: Outbox;
}

export type FeatureFactory = (kit: FeatureKit) => Feature;
