/** What createBot takes and gives: the parts the composition root builds, the options, the running app. */
import type { Api, Bot, BotConfig, Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import type { BotContext } from "./context.js";
import type { Feature } from "./feature.js";
import type { Languages, TranslatorFor } from "./i18n.js";
import type { ActionRegistry } from "./shared/confirm.js";
import type { OnUpdate } from "./update-tracking.js";

/** What the composition root builds for the bot. */
export interface BotParts {
  /** The languages in locales/ and their translations. */
  languages: Languages;
  translatorFor: TranslatorFor;
  /** The job engine (pg-boss on PostgreSQL, in process on SQLite). */
  jobs: Jobs;
  /** Messages owed outside an update, sent through `broadcastApi`. */
  outbox: Outbox;
  /** The API for messages to many chats: paced to the global limit. Never for a reply. */
  broadcastApi: Api;
}

export interface CreateBotOptions {
  token: string;
  /** Skips getMe (tests, and faster start when known). */
  botInfo?: UserFromGetMe;
  client?: BotConfig<BotContext>["client"];
  /** API transformers (auto-retry) for bot.api and inside conversations. Never a pacer for replies. */
  apiTransformers?: Transformer[];
  /** The periodic reconciliation leaves younger unfinished operations alone (default 2 minutes). */
  reconcileMinAgeMs?: number;
  /**
   * How long after its expiry an unanswered confirmation is left alone before its summary is edited
   * (default 5 s: a press that arrived in time may still be on its way to its claim).
   */
  confirmExpiryGraceMs?: number;
  /** Told of each update's type, outcome and handling time (for metrics). */
  onUpdate?: OnUpdate;
}

export interface BotApp {
  bot: Bot<BotContext>;
  actions: ActionRegistry;
  features: Feature[];
  /** setMyCommands per language, plus the admin commands for each admin's chat. */
  registerCommands(): Promise<void>;
  /** Settles operations left pending or unknown for at least `minAgeMs`; returns how many were settled. */
  reconcileUnfinished(minAgeMs?: number): Promise<number>;
  /** Work to resume at start (e.g. mass-transfer jobs interrupted by a crash). */
  resume(): Promise<void>;
  /** Resolves once no update is being handled (for a clean shutdown after polling stopped). */
  idle(): Promise<void>;
  /** Updates waiting behind their chat's current one now, and updates dropped so far (a flood). */
  backlog(): { parked: number; dropped: number };
}
