/**
 * A feature's entries, declared where they are handled: each call registers the grammY handler on the
 * feature's Composer and records the entry in the feature's manifest, so what the router, the key
 * gate, the command menus, /help and the main menu read is what was registered, never a second table.
 */
import type { CallbackQueryMiddleware, ChatTypeContext, CommandMiddleware, Composer, Context, Filter, Middleware } from "grammy";
import type { DeclaredCodec } from "../telegram/callback-data.js";
import type { BotContext } from "./context.js";
import type { DeepLink, FeatureManifest, OtherUpdate } from "./feature.js";
import { menu } from "./menu-data.js";

/** What a feature says of itself that no single handler carries. */
export interface Declaration {
  name: string;
  /** Whether its entries work only with a linked key (see FeatureManifest.needsKey). */
  needsKey: boolean;
  /** The /help topic its commands go under (`wallet`, `documents`, `exchange`, `notices`, `basics`); none: "More". */
  helpTopic?: string;
  /** Answers admins (ADMIN_IDS) only. */
  adminOnly?: boolean;
}

/** The grammY filter of each kind of update no command, button or menu text names. */
const UPDATE_FILTERS = {
  inline_query: "inline_query",
  users_shared: "message:users_shared",
  forward: "message:forward_origin",
} as const satisfies Record<OtherUpdate, string>;
type UpdateFilter<K extends OtherUpdate> = (typeof UPDATE_FILTERS)[K];

export interface CommandEntry {
  command: string;
  /** Locale key of its description in the command menu and /help. */
  descriptionKey: string;
  /** Other names it answers to, unlisted (`/balances` for `/balance`). */
  aliases?: string[];
  /** Listed only for admins. */
  admin?: boolean;
  /** Works without a linked key in a feature that otherwise needs one. */
  openWithoutKey?: boolean;
  /** Named on /help's first screen under its topic. */
  featured?: boolean;
}

/** A place on the main menu: its label and where it stands (rows from the top, columns from the left). */
export interface MenuSpot {
  labelKey: string;
  row: number;
  column: number;
}

export interface MenuButtonEntry {
  /** The button's name: its data is `menu:<button>`. */
  button: string;
  /** Where it stands on the main menu; none: it is pressed from other screens only. */
  menu?: MenuSpot;
  openWithoutKey?: boolean;
}

export interface CallbackEntry {
  codec: DeclaredCodec | readonly DeclaredCodec[];
  /** Works without a linked key in a feature that otherwise needs one. */
  open?: boolean;
  /** A place on the main menu whose press is this data (`menu` buttons are declared with menuButton). */
  menu?: MenuSpot & { data: string };
}

/** A context that speaks the person's language (menu texts are matched in it). */
type Speaking = Context & { t(key: string): string };

export interface Entries<C extends Speaking> {
  /** What the feature answers: everything registered through it so far. */
  readonly manifest: FeatureManifest;
  command(entry: CommandEntry, ...handlers: CommandMiddleware<C>[]): void;
  menuButton(entry: MenuButtonEntry, ...handlers: CallbackQueryMiddleware<C>[]): void;
  /** Its buttons: a codec (or several for one handler); the handlers get presses whose data it reads. */
  callback(entry: DeclaredCodec | readonly DeclaredCodec[] | CallbackEntry, ...handlers: CallbackQueryMiddleware<C>[]): void;
  /** Updates of another kind (an inline query, a shared user, a forwarded message). */
  update<K extends OtherUpdate>(kind: K, ...handlers: Middleware<Filter<C, UpdateFilter<K>>>[]): void;
  /**
   * A reply keyboard's label (a locale key) pressed when no flow is running to take it; it needs no key
   * (it starts nothing).
   */
  menuText(key: string, ...handlers: Middleware<C>[]): void;
  /** Deep links (`/start <kind>_…`): the handlers get /start with a payload. */
  deepLinks(links: DeepLink[], ...handlers: CommandMiddleware<C>[]): void;
  /** The same entries, registered on another of the feature's composers (a filtered one, say). */
  within<D extends Speaking>(composer: Composer<D>): Entries<D>;
}

/** Entries on a feature's private-chat composer, as the parts of a feature pass them around. */
export type PrivateEntries = Entries<ChatTypeContext<BotContext, "private">>;

/** Starts a feature's entries on its Composer (usually its private-chat one). */
export function declare<C extends Speaking>(composer: Composer<C>, declaration: Declaration): Entries<C> {
  const { name, needsKey, helpTopic, adminOnly } = declaration;
  const manifest: FeatureManifest = { name, needsKey, ...(helpTopic ? { helpTopic } : {}), ...(adminOnly ? { adminOnly } : {}) };
  return entriesOn(composer, manifest);
}

function entriesOn<C extends Speaking>(composer: Composer<C>, m: FeatureManifest): Entries<C> {
  // A command and a main-menu button may share a name (`/rates`, `menu:rates`): one entry opens both.
  const open = (entry: string) => {
    const list = (m.openWithoutKey ??= []);
    if (!list.includes(entry)) list.push(entry);
  };
  const place = (spot: MenuSpot, data: string) =>
    (m.mainMenu ??= []).push({ labelKey: spot.labelKey, row: spot.row, column: spot.column, data });
  return {
    manifest: m,
    command(entry, ...handlers) {
      const { command, descriptionKey, aliases = [], admin, openWithoutKey, featured } = entry;
      (admin ? (m.adminCommands ??= []) : (m.commands ??= [])).push({ command, descriptionKey, ...(featured ? { featured } : {}) });
      if (aliases.length > 0) (m.aliases ??= []).push(...aliases);
      if (openWithoutKey) open(command);
      composer.command([command, ...aliases], ...handlers);
    },
    menuButton(entry, ...handlers) {
      (m.menuButtons ??= []).push(entry.button);
      if (entry.openWithoutKey) open(entry.button);
      if (entry.menu) place(entry.menu, menu(entry.button));
      composer.callbackQuery(menu(entry.button), ...handlers);
    },
    callback(entry, ...handlers) {
      const spec: CallbackEntry = "codec" in entry ? entry : { codec: entry };
      const codecs: readonly DeclaredCodec[] = "pattern" in spec.codec ? [spec.codec] : spec.codec;
      m.callbacks = [...(m.callbacks ?? []), ...codecs];
      if (spec.open) (m.openCallbacks ??= []).push(...codecs.map((c) => c.head));
      if (spec.menu) place(spec.menu, spec.menu.data);
      composer.callbackQuery(codecs.map((c) => c.pattern), ...handlers);
    },
    update(kind, ...handlers) {
      (m.updates ??= []).push(kind);
      // The handlers' context is the filter's (the signature says so); TypeScript cannot follow a generic kind.
      composer.on(UPDATE_FILTERS[kind], ...(handlers as never[]));
    },
    menuText(key, ...handlers) {
      (m.menuTexts ??= []).push(key);
      composer.filter((ctx) => ctx.message?.text?.trim() === ctx.t(key), ...handlers);
    },
    deepLinks(links, ...handlers) {
      (m.deepLinks ??= []).push(...links);
      composer.command("start", ...handlers);
    },
    within: (other) => entriesOn(other, m),
  };
}
