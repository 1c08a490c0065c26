/**
 * Linking the user's own service key: Settings → API key or /connect, pick the network, paste the key.
 * The key step is deliberately NOT a conversation: conversation state stores the updates it waits
 * for, and the key must never be stored anywhere but encrypted in the users table. The session only
 * remembers which network the next pasted message is for.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { NetworkName } from "../../../domain/networks.js";
import { cleanPastedKey, couldBeKey, isOwnKey, looksLikeApiKey } from "../../../domain/secrets.js";
import { inlineUserText } from "../../../domain/user-text.js";
import { UnauthorizedError } from "../../../service/errors.js";
import type { BotContext, BotDeps } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { KEY_DATA } from "./callback-data.js";
import { manifest } from "./manifest.js";
import { showInPlace } from "../../shared/show.js";
import { menu } from "../../menu-data.js";

const PENDING_KEY_TTL_MS = 10 * 60 * 1000;

type Verification =
  | { ok: true; name: string }
  | { ok: false; reason: "wrong_network" | "invalid" | "unavailable"; other?: NetworkName };

const otherNetwork = (n: NetworkName): NetworkName => (n === "production" ? "testnet" : "production");

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

function networkKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("keys-network-production"), KEY_DATA.network.build({ network: "production" }))
    .text(ctx.t("keys-network-testnet"), KEY_DATA.network.build({ network: "testnet" }))
    .row()
    .text(ctx.t("common-cancel"), KEY_DATA.abort.build({}));
}

/** Whether the message is a key by its form, or exactly the sender's own stored key (any form). */
async function isKeyMessage(deps: BotDeps, telegramId: number | undefined, text: string): Promise<boolean> {
  if (looksLikeApiKey(text)) return true;
  if (telegramId === undefined || !couldBeKey(text)) return false;
  const stored = await deps.storage.users.loadKey(telegramId).catch(() => undefined);
  return stored !== undefined && isOwnKey(text, stored.apiKey);
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

  const showSettings = async (ctx: BotContext) => {
    const user = await deps.storage.users.ensure(ctx.from!.id);
    const text = user.hasKey
      ? ctx.t("keys-status-linked", {
          network: ctx.t(`keys-network-${user.network}`),
          name: inlineUserText(user.accountName ?? "-"),
        })
      : ctx.t("keys-status-none");
    const kb = new InlineKeyboard().text(ctx.t("keys-link"), KEY_DATA.connect.build({}));
    if (user.hasKey) kb.text(ctx.t("keys-unlink"), KEY_DATA.disconnect.build({}));
    kb.row().text(ctx.t("menu-language"), menu("language"));
    await ctx.reply(`${ctx.t("keys-settings-title")}\n${text}`, { reply_markup: kb });
  };
  pm.command("settings", showSettings);
  pm.callbackQuery(menu("settings"), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showSettings(ctx);
  });

  const askNetwork = (ctx: BotContext) =>
    ctx.reply(ctx.t("keys-pick-network"), { reply_markup: networkKeyboard(ctx) });
  pm.command("connect", askNetwork);
  pm.callbackQuery(KEY_DATA.connect.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await askNetwork(ctx);
  });

  pm.callbackQuery(KEY_DATA.network.pattern, async (ctx) => {
    const network = ctx.match[1] as NetworkName;
    ctx.session.pendingKey = { network, until: deps.now().getTime() + PENDING_KEY_TTL_MS };
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("keys-send-key", { network: ctx.t(`keys-network-${network}`) }), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-cancel"), KEY_DATA.abort.build({})),
    });
  });

  pm.callbackQuery(KEY_DATA.abort.build({}), async (ctx) => {
    ctx.session.pendingKey = undefined;
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("common-cancelled"));
  });

  early.chatType("private").on("message:text", async (ctx, next) => {
    const pending = ctx.session.pendingKey;
    const text = ctx.message.text;
    const awaiting = pending !== undefined && pending.until > deps.now().getTime() && !text.startsWith("/");
    if (!awaiting && !(await isKeyMessage(deps, ctx.from.id, text))) return next();
    // Whatever follows, the message that may hold a key leaves the chat first.
    await ctx.deleteMessage().catch((err) => ctx.log.warn({ err }, "could not delete the key message"));
    if (!awaiting || !pending) {
      await ctx.reply(ctx.t("keys-pasted-outside"));
      return;
    }
    ctx.session.pendingKey = undefined;
    const apiKey = cleanPastedKey(text);
    await ctx.reply(ctx.t("keys-checking"));
    const verdict = await verifyKey(deps, pending.network, apiKey);
    if (!verdict.ok) {
      const vars = {
        network: ctx.t(`keys-network-${pending.network}`),
        other: ctx.t(`keys-network-${verdict.other ?? "testnet"}`),
      };
      await ctx.reply(ctx.t(`keys-${verdict.reason.replace("_", "-")}`, vars));
      return;
    }
    await deps.storage.users.ensure(ctx.from.id);
    await deps.storage.users.saveKey(ctx.from.id, pending.network, apiKey, verdict.name);
    ctx.log.info({ network: pending.network }, "key linked");
    await ctx.reply(
      ctx.t("keys-linked", { name: inlineUserText(verdict.name), network: ctx.t(`keys-network-${pending.network}`) }),
    );
  });

  // Removing the key loses the link and every pending confirmation, so it is asked first. The
  // buttons live in the person's private chat, so only they can press them.
  const askDisconnect = async (ctx: BotContext) => {
    const user = await deps.storage.users.get(ctx.from!.id);
    if (!user?.hasKey) {
      await ctx.reply(ctx.t("keys-status-none"), { reply_markup: new InlineKeyboard().text(ctx.t("common-back"), menu("settings")) });
      return;
    }
    await ctx.reply(ctx.t("keys-unlink-confirm", { network: ctx.t(`keys-network-${user.network}`), name: inlineUserText(user.accountName ?? "-") }), {
      reply_markup: new InlineKeyboard()
        .text(ctx.t("keys-unlink-yes"), KEY_DATA.unlinkYes.build({}))
        .text(ctx.t("keys-unlink-no"), KEY_DATA.unlinkNo.build({})),
    });
  };
  pm.command("disconnect", askDisconnect);
  pm.callbackQuery(KEY_DATA.disconnect.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await askDisconnect(ctx);
  });
  pm.callbackQuery(KEY_DATA.unlinkYes.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    const removed = await deps.storage.users.removeKey(ctx.from.id);
    if (removed) ctx.log.info("key removed");
    await showInPlace(ctx, ctx.t(removed ? "keys-unlinked" : "keys-status-none"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), menu("settings")),
    });
  });
  pm.callbackQuery(KEY_DATA.unlinkNo.build({}), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showInPlace(ctx, ctx.t("keys-unlink-kept"), {
      reply_markup: new InlineKeyboard().text(ctx.t("common-back"), menu("settings")),
    });
  });

  return {
    manifest,
    composer,
    early,
  };
}
