/**
 * One dispatch from an update to the feature whose manifest claims it. An update is reduced to one
 * route key (a command, a callback-data prefix, a main-menu button, a menu text, a deep link, or an
 * update kind: an inline query, a shared user, a forwarded message) and looked up in a map built from the manifests at start, so it passes a handful of
 * checks and then only its own feature's handlers, never every feature's. What no feature claims, or
 * what its feature passes on, goes to the fallback (grammY's public `Composer.route`).
 */
import { Composer, type Middleware } from "grammy";
import type { BotContext } from "./context.js";
import type { Feature, FeatureManifest } from "./feature.js";

/** A command at the start of a message, with an optional @bot suffix and its argument. */
const COMMAND = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/;

/** What an update names: the key the router looks up, and the entry it is (for the key gate). */
export interface RouteEntry {
  key: string;
  /**
   * The command, main-menu button, button's data, deep-link kind or update kind; absent for a menu
   * text (a reply keyboard's label starts nothing that needs a key).
   */
  entry?: { kind: "command" | "button" | "callback" | "deeplink" | "update"; name: string };
}

/** What the key gate holds an update to: a linked key, and what to say without one. */
export interface KeyNeed {
  /** Only admins are held to it (the feature does not exist for anyone else). */
  adminOnly: boolean;
  /** Locale key of the reply instead of the gate's usual one. */
  noKeyReply?: string;
}

/** The route key of an update, or undefined when it names nothing a feature may claim. */
export function routeOf(ctx: BotContext, menuTexts: readonly string[]): RouteEntry | undefined {
  const data = ctx.callbackQuery?.data;
  if (data !== undefined) {
    const colon = data.indexOf(":");
    const head = colon < 0 ? data : data.slice(0, colon);
    if (head !== "menu") return { key: `cb:${head}`, entry: { kind: "callback", name: data } };
    const button = data.slice(colon + 1);
    return { key: `menu:${button}`, entry: { kind: "button", name: button } };
  }
  if (ctx.inlineQuery) return { key: "update:inline_query", entry: { kind: "update", name: "inline_query" } };
  const message = ctx.message;
  if (message === undefined) return undefined;
  if (message.users_shared) return { key: "update:users_shared", entry: { kind: "update", name: "users_shared" } };
  // A forwarded message is about its author, whatever it says (even a "/command" it quotes).
  if (message.forward_origin) return { key: "update:forward", entry: { kind: "update", name: "forward" } };
  const text = message.text;
  if (text === undefined) return undefined;
  if (text.startsWith("/")) {
    const command = COMMAND.exec(text);
    if (command === null) return undefined;
    const name = command[1]!;
    const payload = name === "start" ? command[2]?.trim() : undefined;
    if (payload) return { key: "deeplink", entry: { kind: "deeplink", name: payload.split("_")[0]! } };
    return { key: `cmd:${name}`, entry: { kind: "command", name } };
  }
  const typed = text.trim();
  for (const key of menuTexts) if (ctx.t(key) === typed) return { key: `text:${key}` };
  return undefined;
}

/** Every route key a manifest claims. */
export function claimsOf(m: FeatureManifest): string[] {
  return [
    ...[...(m.commands ?? []), ...(m.adminCommands ?? [])].map((c) => `cmd:${c.command}`),
    ...(m.aliases ?? []).map((a) => `cmd:${a}`),
    ...new Set((m.callbacks ?? []).map((c) => `cb:${c.prefix}`)),
    ...(m.menuButtons ?? []).map((b) => `menu:${b}`),
    ...(m.menuTexts ?? []).map((t) => `text:${t}`),
    ...(m.deepLinks?.length ? ["deeplink"] : []),
    ...(m.updates ?? []).map((u) => `update:${u}`),
  ];
}

/** What a manifest asks of a person without a key for one of its entries (undefined: nothing). */
export function keyNeedOf(m: FeatureManifest, entry: NonNullable<RouteEntry["entry"]>): KeyNeed | undefined {
  const adminOnly = m.adminOnly === true;
  if (entry.kind === "deeplink") {
    const link = m.deepLinks?.find((l) => l.kind === entry.name);
    if (!link?.needsKey) return undefined;
    return { adminOnly, ...(link.noKeyReply ? { noKeyReply: link.noKeyReply } : {}) };
  }
  if (!m.needsKey) return undefined;
  const open =
    entry.kind === "callback"
      ? (m.openCallbacks ?? []).some((head) => entry.name === head || entry.name.startsWith(`${head}:`))
      : (m.openWithoutKey ?? []).includes(entry.name);
  return open ? undefined : { adminOnly };
}

type Found = { feature: Feature; route: RouteEntry };

export class Router {
  readonly #owners = new Map<string, Feature>();
  readonly #menuTexts: string[];
  /** Every command some feature answers for anyone (listed or alias; no admin's), for "did you mean /x?". */
  readonly commands: string[];
  /** Where it keeps an update's lookup: on the update's context, gone with it. */
  readonly #found = Symbol("route of the update");

  constructor(readonly features: readonly Feature[]) {
    for (const f of features) {
      for (const key of claimsOf(f.manifest)) {
        const owner = this.#owners.get(key);
        if (owner) throw new Error(`${key} is claimed by both ${owner.manifest.name} and ${f.manifest.name}`);
        this.#owners.set(key, f);
      }
    }
    this.#menuTexts = features.flatMap((f) => f.manifest.menuTexts ?? []);
    this.commands = features
      .filter((f) => !f.manifest.adminOnly)
      .flatMap((f) => [...(f.manifest.commands ?? []).map((c) => c.command), ...(f.manifest.aliases ?? [])]);
  }

  /**
   * The feature an update belongs to, and what it names (undefined: no feature claims it). Found once
   * per update: the key gate and the dispatch both ask.
   */
  lookup(ctx: BotContext): Found | undefined {
    const held = ctx as unknown as Record<symbol, Found | null | undefined>;
    const known = held[this.#found];
    if (known !== undefined) return known ?? undefined;
    const route = routeOf(ctx, this.#menuTexts);
    const feature = route && this.#owners.get(route.key);
    const found = feature && route ? { feature, route } : undefined;
    held[this.#found] = found ?? null;
    return found;
  }

  /** Whether the update's entry works only with a linked key, as its feature's manifest says. */
  needsKey(ctx: BotContext): KeyNeed | undefined {
    const found = this.lookup(ctx);
    const entry = found?.route.entry;
    return entry && keyNeedOf(found.feature.manifest, entry);
  }

  /** The dispatch: the owning feature's Composer, then (if it passes the update on) `fallback`. */
  middleware(fallback: Middleware<BotContext>): Composer<BotContext> {
    const routes: Record<string, Middleware<BotContext>> = {};
    for (const [key, feature] of this.#owners) routes[key] = feature.composer;
    const composer = new Composer<BotContext>();
    composer.route((ctx) => this.lookup(ctx)?.route.key, routes);
    composer.use(fallback);
    return composer;
  }
}
