/**
 * Context types: outside conversations (`BotContext`) and inside them (`ConvContext`), and the
 * dependencies every feature receives.
 */
import type { Conversation, ConversationData, ConversationFlavor, VersionedState } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { WatchHooks } from "../notifications/index.js";
import type { ServiceFactory } from "../service/factory.js";
import type { SqlStorage } from "../storage/index.js";

export interface SessionData {
  /** Chosen order-history filters, kept between pages. */
  orders?: Record<string, unknown>;
  /** Network chosen for the key the user is about to paste (never the key itself). */
  pendingKey?: { network: "production" | "testnet"; until: number; promptId?: number };
  /** Until when /connect's network question is open: text typed meanwhile is asked to pick a button. */
  networkAsked?: { until: number };
  /** Until when the next message is taken as the user's webhook secret (/notify). */
  pendingWebhookSecret?: { until: number };
  /** The state of the flow in progress (the conversations plugin's data; src/bot/session.ts). */
  flow?: VersionedState<ConversationData>;
}

/** What the features need; tests build it with the simulator and a fake Telegram. */
export interface BotDeps {
  config: Pick<
    Config,
    | "ADMIN_IDS"
    | "CONFIRM_TTL_SECONDS"
    | "MASS_MAX_ROWS"
    | "MASS_BATCH_SIZE"
    | "MASS_CONFIRM_TOTAL"
    | "TELEGRAM_API_ROOT"
  > &
    Partial<
      Pick<
        Config,
        | "BROADCAST_PER_SECOND"
        | "CHART_UPLOAD_CHAT_ID"
        | "INLINE_CACHE_SECONDS"
        | "RATE_LIMIT_UPDATES"
        | "RATE_LIMIT_SECONDS"
        | "CHAT_BACKLOG"
        | "CHAT_TURN_LEASE_SECONDS"
      >
    >;
  logger: Logger;
  storage: SqlStorage;
  services: ServiceFactory;
  /** The clock; tests move it to expire confirmations. */
  now: () => Date;
  /** Downloads a Telegram file by its file_path (documents sent to the bot). */
  downloadFile?: (filePath: string) => Promise<Buffer>;
  /** The notification watcher's hooks (absent when it is not running). */
  watch?: WatchHooks;
}

type Base = Context & I18nFlavor & { log: Logger };
export type ConvContext = Base;
export type BotContext = ConversationFlavor<Base & SessionFlavor<SessionData>>;
export type BotConversation = Conversation<BotContext, ConvContext>;
