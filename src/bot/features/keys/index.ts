/**
 * Linking the user's own service keys, one per network (production and testnet), both kept: Settings →
 * API key or /connect, pick the network, paste the key. The person acts on one network at a time (the
 * active one, switched with a button here, in /connect and on the balances screen); linking a key makes
 * its network active; /disconnect removes the active network's key only
 * (docs/decisions/023-keys-per-network.md).
 * /connect says where a key comes from, step by step, with the service's bot of each network to open.
 * A key that does not fit (the other network's, one the service refuses) leaves the step open for the
 * next paste. The service's keys carry no mark of their network (docs/decisions/035-connect-button-and-key-replies.md),
 * so the network is asked, and a key of the other one is recognised by asking the service.
 * The key step is deliberately NOT a conversation: conversation state stores the updates it waits
 * for, and the key must never be stored anywhere but encrypted in the users table. The session only
 * remembers which network the next pasted message is for.
 */
import { Composer, InlineKeyboard } from "grammy";
import { type NetworkName, SERVICE_BOT_USERNAMES } from "../../../domain/networks.js";
import { cleanPastedKey, couldBeKey, isOwnKey, looksLikeApiKey } from "../../../domain/secrets.js";
import { inlineUserText } from "../../../domain/user-text.js";
import { UnauthorizedError } from "../../../service/errors.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { UserRecord } from "../../../storage/types.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { menu } from "../../menu-data.js";
import { zoneLabel } from "../../shared/format.js";
import { NOTIFY_DATA } from "../notify/callback-data.js";
import { KEY_DATA } from "./callback-data.js";
import { declare } from "../../entries.js";
import { addLinkKeyButton } from "../../shared/link-key.js";
import { addSwitchButton, otherNetwork } from "../../shared/networks.js";
import { showInPlace } from "../../shared/show.js";

const PENDING_KEY_TTL_MS = 10 * 60 * 1000;

/** The service's own bot of a network, where its keys are issued, and the link that opens it. */
const serviceBot = (network: NetworkName) => `@${SERVICE_BOT_USERNAMES[network]}`;
const serviceBotUrl = (network: NetworkName) => `https://t.me/${SERVICE_BOT_USERNAMES[network]}`;

/** Adds "Open @<bot>" (a link) for `network`'s service bot to `kb`. */
function addOpenBotButton(kb: InlineKeyboard, t: BotContext["t"], network: NetworkName): InlineKeyboard {
  return kb.url(t("keys-open-bot", { bot: serviceBot(network) }), serviceBotUrl(network));
}

type Verification =
  | { ok: true; name: string }
  | { ok: false; reason: "wrong_network" | "invalid" | "unavailable"; other?: NetworkName };


/** Checks a key with a private read on `network`; on 401 tries the other network to explain. */
async function verifyKey(deps: BotDeps, network: NetworkName, apiKey: string): Promise<Verification> {
  const probe = async (n: NetworkName) => {
    const { pay } = deps.services.forKey(n, apiKey);
    await pay.getAppBalances();
    const info = await pay.getAppInfo();
    return info.name ?? info.id;
  };
  try {
    return { ok: true, name: await probe(network) };
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) {
      deps.logger.warn({ err }, "key check failed");
      return { ok: false, reason: "unavailable" };
    }
  }
  try {
    await probe(otherNetwork(network));
    return { ok: false, reason: "wrong_network", other: otherNetwork(network) };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/** The networks' lines: which is active, and each one's key. */
function networkStatus(t: BotContext["t"], user: UserRecord): string {
  const lines = [t("keys-status-active", { network: t(`keys-network-${user.network}`) })];
  for (const network of ["production", "testnet"] as const) {
    const label = t(`keys-network-${network}`);
    const name = network === user.network ? user.accountName : undefined;
    lines.push(
      user.linkedNetworks.includes(network)
        ? name
          ? t("keys-status-key", { network: label, name: inlineUserText(name) })
          : t("keys-status-key-unnamed", { network: label })
        : t("keys-status-no-key", { network: label }),
    );
  }
  return lines.join("\n");
}

/**
 * The settings screen: the networks and their keys, the language and the time zone (whose picker,
 * opened from here, comes back here).
 */
export async function settingsScreen(deps: BotDeps, ctx: BotContext): Promise<{ text: string; kb: InlineKeyboard }> {
  const user = await deps.storage.users.ensure(ctx.from!.id);
  const kb = new InlineKeyboard().text(ctx.t("keys-link"), KEY_DATA.connect.build({}));
  if (user.hasKey) kb.text(ctx.t("keys-unlink"), KEY_DATA.disconnect.build({}));
  addSwitchButton(kb.row(), ctx.t, user).row().text(ctx.t("menu-language"), menu("language"));
  const zone = zoneLabel(ctx.t, user.timeZone, deps.now().getTime());
  kb.row().text(ctx.t("notify-zone-button", { zone }), NOTIFY_DATA.settingsZones.build({}));
  kb.row().text(ctx.t("common-back"), menu("main"));
  return { text: `${ctx.t("keys-settings-title")}\n${networkStatus(ctx.t, user)}`, kb };
}

function networkKeyboard(ctx: BotContext, user: UserRecord): InlineKeyboard {
  const kb = new InlineKeyboard()
    .text(ctx.t("keys-network-production"), KEY_DATA.network.build({ network: "production" }))
    .text(ctx.t("keys-network-testnet"), KEY_DATA.network.build({ network: "testnet" }))
    .row();
  addOpenBotButton(addOpenBotButton(kb, ctx.t, "production"), ctx.t, "testnet").row();
  if (user.linkedNetworks.length > 0) addSwitchButton(kb, ctx.t, user).row();
  return kb.text(ctx.t("common-cancel"), KEY_DATA.close.build({}));
}

/** Whether the message is a key by its form, or exactly one of the sender's own stored keys (any form). */
async function isKeyMessage(deps: BotDeps, telegramId: number | undefined, text: string): Promise<boolean> {
  if (looksLikeApiKey(text)) return true;
  if (telegramId === undefined || !couldBeKey(text)) return false;
  for (const network of ["production", "testnet"] as const) {
    const stored = await deps.storage.users.loadKey(telegramId, network).catch(() => undefined);
    if (stored !== undefined && isOwnKey(text, stored.apiKey)) return true;
  }
  return false;
}

export function keysFeature({ deps }: FeatureKit): Feature {
  const composer = new Composer<BotContext>();
  // Runs before conversations, so that a pasted key never becomes part of a conversation's state.
  const early = new Composer<BotContext>();

  // A key pasted in a group: delete it and refuse, whatever else happens.
  early.chatType(["group", "supergroup"]).on("message:text", async (ctx, next) => {
    if (!(await isKeyMessage(deps, ctx.from?.id, ctx.message.text))) return next();
    await ctx
      .deleteMessage()
      .catch((err) => ctx.log.warn({ err }, "could not delete a key posted in a group"));
    await ctx.reply(ctx.t("keys-group-refused"));
  });

  const pm = composer.chatType("private");
  // Works without a key: it is how one is linked.
  const entries = declare(pm, { name: "keys", needsKey: false, helpTopic: "basics" });
  const networkLabel = (ctx: BotContext, network: NetworkName) => ctx.t(`keys-network-${network}`);

  const settingsView = (ctx: BotContext) => settingsScreen(deps, ctx);
  const showSettings = async (ctx: BotContext) => {
    const { text, kb } = await settingsView(ctx);
    await ctx.reply(text, { reply_markup: kb });
  };
  entries.command({ command: "settings", descriptionKey: "cmd-settings" }, showSettings);
  entries.menuButton({ button: "settings", menu: { labelKey: "menu-settings", row: 3, column: 2 } }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showSettings(ctx);
  });
  entries.callback(KEY_DATA.settings, async (ctx) => {
    await ctx.answerCallbackQuery();
    const { text, kb } = await settingsView(ctx);
    await showInPlace(ctx, text, { reply_markup: kb });
  });

  /** The network question, with where a key comes from: asked anew, it ends a key step left open. */
  const askNetwork = async (ctx: BotContext) => {
    const user = await deps.storage.users.ensure(ctx.from!.id);
    const status = user.linkedNetworks.length > 0 ? `${networkStatus(ctx.t, user)}\n\n` : "";
    const howTo = ctx.t("keys-how-to-get", { bot: serviceBot("production"), testBot: serviceBot("testnet") });
    await ctx.reply(`${status}${howTo}\n\n${ctx.t("keys-pick-network")}`, { reply_markup: networkKeyboard(ctx, user) });
    ctx.session.pendingKey = undefined;
    ctx.session.networkAsked = { until: deps.now().getTime() + PENDING_KEY_TTL_MS };
  };

  // Switching the active network: every later read, summary and action uses that network's key.
  entries.callback(KEY_DATA.use, async (ctx) => {
    const network = ctx.match[1] as NetworkName;
    await ctx.answerCallbackQuery();
    await deps.storage.users.setNetwork(ctx.from.id, network);
    await deps.watch?.keyLinked(ctx.from.id).catch((err: unknown) => ctx.log.warn({ err }, "the switched network is not watched yet"));
    ctx.log.info({ network }, "network switched");
    const { text, kb } = await settingsView(ctx);
    const user = await deps.storage.users.get(ctx.from.id);
    // Without a key here, the settings' "Link API key" is the way on.
    const note = ctx.t(user?.hasKey ? `keys-switched-${network}` : `keys-switched-no-key-${network}`);
    await showInPlace(ctx, `${note}\n\n${text}`, { reply_markup: kb });
  });
  entries.command({ command: "connect", descriptionKey: "cmd-connect", featured: true }, askNetwork);
  entries.callback(KEY_DATA.connect, async (ctx) => {
    await ctx.answerCallbackQuery();
    await askNetwork(ctx);
  });

  entries.callback(KEY_DATA.network, async (ctx) => {
    const network = ctx.match[1] as NetworkName;
    await ctx.answerCallbackQuery();
    const prompt = await ctx.reply(ctx.t("keys-send-key", { network: networkLabel(ctx, network), bot: serviceBot(network) }), {
      reply_markup: addOpenBotButton(new InlineKeyboard(), ctx.t, network).row().text(ctx.t("common-cancel"), KEY_DATA.abort.build({})),
    });
    // The prompt's Cancel binds this wait only: once a key is pasted (or another prompt is shown) it is stale.
    ctx.session.pendingKey = { network, until: deps.now().getTime() + PENDING_KEY_TTL_MS, promptId: prompt.message_id };
    ctx.session.networkAsked = undefined;
  });

  // The network question's Cancel asks nothing of anyone: the question goes away.
  entries.callback(KEY_DATA.close, async (ctx) => {
    ctx.session.networkAsked = undefined;
    const closed = await ctx.deleteMessage().then(
      () => true,
      () => false,
    );
    await ctx.answerCallbackQuery(closed ? {} : { text: ctx.t("common-button-outdated") });
  });

  entries.callback(KEY_DATA.abort, async (ctx) => {
    const pending = ctx.session.pendingKey;
    const live =
      pending !== undefined &&
      pending.until > deps.now().getTime() &&
      (pending.promptId === undefined || pending.promptId === ctx.callbackQuery.message?.message_id);
    if (!live) return ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") });
    ctx.session.pendingKey = undefined;
    await ctx.answerCallbackQuery();
    const user = await deps.storage.users.get(ctx.from.id);
    await ctx.reply(ctx.t(user?.hasKey ? "keys-cancelled-kept" : "keys-cancelled-none"));
  });

  const deleteKeyMessage = (ctx: BotContext) =>
    ctx.deleteMessage().catch((err) => ctx.log.warn({ err }, "could not delete the key message"));

  // /connect's network question answers text as every flow's buttons do; anything else ends it (a
  // command, another button, a forwarded message), so what follows is the other thing's own.
  early.chatType("private").use(async (ctx, next) => {
    const asked = ctx.session.networkAsked;
    if (asked === undefined) return next();
    const text = ctx.message?.text;
    if (asked.until <= deps.now().getTime() || text === undefined || text.startsWith("/") || ctx.message?.forward_origin) {
      ctx.session.networkAsked = undefined;
      return next();
    }
    const user = await deps.storage.users.ensure(ctx.from.id);
    if (await isKeyMessage(deps, ctx.from.id, text)) {
      await deleteKeyMessage(ctx);
      await ctx.reply(ctx.t("keys-pasted-early"), { reply_markup: networkKeyboard(ctx, user) });
      return;
    }
    await ctx.reply(ctx.t("common-pick-from-list"), { reply_markup: networkKeyboard(ctx, user) });
  });

  early.chatType("private").on("message:text", async (ctx, next) => {
    const pending = ctx.session.pendingKey;
    const text = ctx.message.text;
    const awaiting = pending !== undefined && pending.until > deps.now().getTime() && !text.startsWith("/");
    if (!awaiting && !(await isKeyMessage(deps, ctx.from.id, text))) return next();
    // Whatever follows, the message that may hold a key leaves the chat first.
    await deleteKeyMessage(ctx);
    if (!awaiting || !pending) {
      await ctx.reply(ctx.t("keys-pasted-outside"), { reply_markup: addLinkKeyButton(new InlineKeyboard(), ctx.t) });
      return;
    }
    ctx.session.pendingKey = undefined;
    const apiKey = cleanPastedKey(text);
    await ctx.reply(ctx.t("keys-checking"));
    const verdict = await verifyKey(deps, pending.network, apiKey);
    if (!verdict.ok) {
      const { network } = pending;
      const other = otherNetwork(network);
      const kb = new InlineKeyboard();
      // The other network's key: one press asks for it there (it is pasted again: nothing keeps it).
      if (verdict.reason === "wrong_network")
        kb.text(ctx.t("keys-link-network", { network: networkLabel(ctx, other) }), KEY_DATA.network.build({ network: other })).row();
      if (verdict.reason === "invalid") addOpenBotButton(kb, ctx.t, network).row();
      kb.text(ctx.t("common-cancel"), KEY_DATA.abort.build({}));
      const vars = { network: networkLabel(ctx, network), other: networkLabel(ctx, other), bot: serviceBot(network) };
      const reply = await ctx.reply(ctx.t(`keys-${verdict.reason.replace("_", "-")}`, vars), { reply_markup: kb });
      // The step stays open: the next message is taken as the key again, until Cancel or a command.
      ctx.session.pendingKey = { network, until: deps.now().getTime() + PENDING_KEY_TTL_MS, promptId: reply.message_id };
      return;
    }
    await deps.storage.users.ensure(ctx.from.id);
    await deps.storage.users.saveKey(ctx.from.id, pending.network, apiKey, verdict.name);
    // Watched at once: an invoice paid a minute from now is announced (not only after the next sync).
    await deps.watch?.keyLinked(ctx.from.id).catch((err: unknown) => ctx.log.warn({ err }, "a new key is not watched yet"));
    ctx.log.info({ network: pending.network }, "key linked");
    const user = await deps.storage.users.get(ctx.from.id);
    const other = otherNetwork(pending.network);
    const linked = ctx.t("keys-linked", { name: inlineUserText(verdict.name), network: ctx.t(`keys-network-${pending.network}`) });
    // The other network's key stays: say so, and how to go back to it.
    if (user?.linkedNetworks.includes(other)) {
      await ctx.reply(`${linked}\n${ctx.t(`keys-linked-kept-${other}`)}`, {
        reply_markup: addSwitchButton(new InlineKeyboard(), ctx.t, user),
      });
    } else await ctx.reply(linked);
  });

  // Removing the key loses the link and every pending confirmation, so it is asked first. The
  // buttons live in the person's private chat, so only they can press them.
  const askDisconnect = async (ctx: BotContext) => {
    const user = await deps.storage.users.get(ctx.from!.id);
    if (!user?.hasKey) {
      await ctx.reply(ctx.t("keys-status-none"), { reply_markup: new InlineKeyboard().text(ctx.t("common-back"), menu("settings")) });
      return;
    }
    // The button names the network: a switch between the question and the press removes nothing else.
    const keeps = user.linkedNetworks.includes(otherNetwork(user.network)) ? `\n${ctx.t(`keys-unlink-keeps-${otherNetwork(user.network)}`)}` : "";
    await ctx.reply(`${ctx.t("keys-unlink-confirm", { network: ctx.t(`keys-network-${user.network}`), name: inlineUserText(user.accountName ?? "-") })}${keeps}`, {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("keys-unlink-yes"), KEY_DATA.unlinkYes.build({ network: user.network }))
        .text(ctx.t("keys-unlink-no"), KEY_DATA.unlinkNo.build({})),
    });
  };
  entries.command({ command: "disconnect", descriptionKey: "cmd-disconnect" }, askDisconnect);
  entries.callback(KEY_DATA.disconnect, async (ctx) => {
    await ctx.answerCallbackQuery();
    await askDisconnect(ctx);
  });
  entries.callback(KEY_DATA.unlinkYes, async (ctx) => {
    const network = ctx.match[1] as NetworkName;
    await ctx.answerCallbackQuery();
    const removed = await deps.storage.users.removeKey(ctx.from.id, network);
    if (removed) ctx.log.info({ network }, "key removed");
    const user = await deps.storage.users.get(ctx.from.id);
    const text = !removed
      ? ctx.t("keys-status-none")
      : user?.hasKey && user.network !== network
        ? ctx.t(`keys-unlinked-now-${user.network}`, { network: ctx.t(`keys-network-${network}`) })
        : ctx.t("keys-unlinked-network", { network: ctx.t(`keys-network-${network}`) });
    // Removed: linking one again is a press away.
    const kb = removed ? addLinkKeyButton(new InlineKeyboard(), ctx.t) : new InlineKeyboard();
    await showInPlace(ctx, text, { reply_markup: kb.text(ctx.t("common-back"), menu("settings")) });
  });
  entries.callback(KEY_DATA.unlinkNo, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, ctx.t("keys-unlink-kept"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), menu("settings")),
    });
  });

  return {
    manifest: entries.manifest,
    composer,
    early,
  };
}
