/**
 * One dispatch from an update to the feature whose manifest claims it. An update is reduced to one
 * route key (a command, a callback-data prefix, a main-menu button, a menu text, a deep link, or an
 * update kind) and looked up in a map built from the manifests at start, so it passes a handful of
 * checks and then only its own feature's handlers, never every feature's. What no feature claims, or
 * what its feature passes on, goes to the fallback (grammY's public `Composer.route`).
 */
import { Composer, type Middleware } from "grammy";
import type { BotContext } from "./context.js";
import type { Feature, FeatureManifest } from "./feature.js";

/** A command at the start of a message, with an optional @bot suffix and its argument. */
const COMMAND = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?(?:\s+([\s\S]*))?$/;

/** What an update names: the key the router looks up, and the command or menu button it is. */
export interface RouteEntry {
  key: string;
  /** The command or main-menu button (for the key gate); absent for other updates. */
  entry?: { kind: "command" | "button"; name: string };
}

/** The route key of an update, or undefined when it names nothing a feature may claim. */
export function routeOf(ctx: BotContext, menuTexts: readonly string[]): RouteEntry | undefined {
  const data = ctx.callbackQuery?.data;
  if (data !== undefined) {
    const colon = data.indexOf(":");
    const head = colon < 0 ? data : data.slice(0, colon);
    if (head !== "menu") return { key: `cb:${head}` };
    const button = data.slice(colon + 1);
    return { key: `menu:${button}`, entry: { kind: "button", name: button } };
  }
  if (ctx.inlineQuery) return { key: "update:inline_query" };
  const message = ctx.message;
  if (message === undefined) return undefined;
  if (message.users_shared) return { key: "update:users_shared" };
  const text = message.text;
  if (text === undefined) return undefined;
  if (text.startsWith("/")) {
    const command = COMMAND.exec(text);
    if (command === null) return undefined;
    const name = command[1]!;
    if (name === "start" && command[2]?.trim()) return { key: "deeplink" };
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
    ...new Set([...(m.callbacks ?? []).map((c) => c.prefix), ...(m.callbackPrefixes ?? [])].map((p) => `cb:${p}`)),
    ...(m.menuButtons ?? []).map((b) => `menu:${b}`),
    ...(m.menuTexts ?? []).map((t) => `text:${t}`),
    ...(m.deepLinks?.length ? ["deeplink"] : []),
    ...(m.updates ?? []).map((u) => `update:${u}`),
  ];
}

export class Router {
  readonly #owners = new Map<string, Feature>();
  readonly #menuTexts: string[];

  constructor(readonly features: readonly Feature[]) {
    for (const f of features) {
      for (const key of claimsOf(f.manifest)) {
        const owner = this.#owners.get(key);
        if (owner) throw new Error(`${key} is claimed by both ${owner.manifest.name} and ${f.manifest.name}`);
        this.#owners.set(key, f);
      }
    }
    this.#menuTexts = features.flatMap((f) => f.manifest.menuTexts ?? []);
  }

  /** The feature an update belongs to, and what it names (undefined: no feature claims it). */
  lookup(ctx: BotContext): { feature: Feature; route: RouteEntry } | undefined {
    const route = routeOf(ctx, this.#menuTexts);
    const feature = route && this.#owners.get(route.key);
    return feature && route ? { feature, route } : undefined;
  }

  /** Whether the update's command or main-menu button works only with a linked key. */
  needsKey(ctx: BotContext): boolean {
    const found = this.lookup(ctx);
    if (!found?.route.entry || !found.feature.manifest.needsKey) return false;
    return !(found.feature.manifest.openWithoutKey ?? []).includes(found.route.entry.name);
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
