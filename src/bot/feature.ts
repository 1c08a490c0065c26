/**
 * What a feature contributes: its Composer, its conversations, its commands (for setMyCommands and
 * /help) and the irreversible actions it proposes through the shared confirmation step.
 */
import type { Api, Composer, InlineKeyboard } from "grammy";
import type { Translate } from "../domain/translate.js";
import type { DeclaredCodec } from "../telegram/callback-data.js";
import type { Jobs } from "../jobs/types.js";
import type { Outbox } from "../outbox/worker.js";
import type { BotContext, BotDeps } from "./context.js";
import type { Flow } from "./flows.js";
import type { Languages } from "./i18n.js";
import type { ActionRegistry } from "./shared/confirm.js";

export interface FeatureCommand {
  command: string;
  /** Locale key of the command's description. */
  descriptionKey: string;
  /** Named on /help's first screen under its topic. */
  featured?: boolean;
}

/** A button of the main menu: its label, its place (rows from the top, columns from the left) and its data. */
export interface MenuPlace {
  labelKey: string;
  row: number;
  column: number;
  data: string;
}

/** The updates of a Telegram bot that no command, button or menu text names (`forward`: a forwarded message). */
export type OtherUpdate = "inline_query" | "users_shared" | "forward";

/**
 * What a feature answers, recorded as it registers its handlers (entries.ts): the router sends an
 * update to the one feature whose manifest claims it, the key gate reads from here which entries need
 * a linked key, and the command menus, /help and the main menu are built from it. Two features never
 * claim the same entry.
 */
export interface FeatureManifest {
  name: string;
  /** Commands listed in the command menu and /help. */
  commands?: FeatureCommand[];
  /**
   * The /help topic its commands go under (`wallet`, `documents`, `exchange`, `notices`, `basics`),
   * when start's table of topics does not name it; neither: under "More".
   */
  helpTopic?: string;
  /** Commands shown only to admins (ADMIN_IDS). */
  adminCommands?: FeatureCommand[];
  /** Commands it also answers under another name, unlisted (`/balances` for `/balance`). */
  aliases?: string[];
  /** Its buttons' callback data codecs; their first segment is the prefix it claims. */
  callbacks?: readonly DeclaredCodec[];
  /** Main-menu buttons it answers (`balances` for `menu:balances`). */
  menuButtons?: string[];
  /** Its places on the main menu. */
  mainMenu?: MenuPlace[];
  /** Reply-keyboard labels (locale keys) it answers when no flow is running. */
  menuTexts?: string[];
  /** Kinds of deep-link payload (`/start <kind>_…`) it opens, each with whether it needs a key. */
  deepLinks?: DeepLink[];
  /** Updates of other kinds it takes. */
  updates?: OtherUpdate[];
  /**
   * Whether its commands, main-menu buttons, callback buttons and other updates work only with a
   * linked key (the key gate answers them otherwise); its menu texts are never held back.
   * `openWithoutKey` names the commands and main-menu buttons that work without one, `openCallbacks`
   * the heads of the buttons that do (a codec's head or a prefix: `bal:use` opens `bal:use:testnet`).
   */
  needsKey: boolean;
  openWithoutKey?: string[];
  openCallbacks?: string[];
  /** Answers admins (ADMIN_IDS) only: for anyone else it does not exist, and the key gate lets them by. */
  adminOnly?: boolean;
}

/** A kind of deep link a feature opens (`send` for `/start send_<id>`). */
export interface DeepLink {
  kind: string;
  /** Opens only with a linked key. */
  needsKey?: boolean;
  /** Locale key of the reply to someone without a key, instead of the key gate's usual one. */
  noKeyReply?: string;
}

export interface Feature {
  manifest: FeatureManifest;
  composer: Composer<BotContext>;
  /** Middleware that must see updates before any conversation does (e.g. deleting pasted keys). */
  early?: Composer<BotContext>;
  /** Middleware that runs before a running flow resumes (e.g. /cancel, which leaves it). */
  beforeFlows?: Composer<BotContext>;
  conversations?: Flow[];
  /** Work to resume at start after a crash (e.g. a mass-transfer job). */
  resume?: () => Promise<void>;
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
  /** The languages the bot speaks (the folders of locales/), each named in itself. */
  languages: Languages;
  /** The main menu, built from every feature's declared places (read once all features are made). */
  mainMenu(t: Translate): InlineKeyboard;
  /** Background work: register handlers, enqueue; never an engine directly. */
  jobs: Jobs;
  /** Messages owed outside an update: written in the transaction of the change that owes them. */
  outbox: Outbox;
}

export type FeatureFactory = (kit: FeatureKit) => Feature;
