/**
 * createBot(deps): the middleware order, the error boundary and the list of features. Tests build it
 * with the simulator and a fake Telegram; main.ts with the real ones.
 */
import "./grammy-speed.js";
import { type ConversationBuilder, conversations, createConversation } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import { Bot, type BotConfig, Composer, type Context, GrammyError, HttpError, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { createInProcessJobs } from "../jobs/in-process.js";
import type { Jobs } from "../jobs/types.js";
import { createOutbox, type Outbox } from "../outbox/worker.js";
import { createOperationsRepo } from "../storage/operations.js";
import { createUpdateTaker, pruneTakenUpdates } from "../storage/updates.js";
import { skipUnchangedWrites } from "../storage/kv.js";
import { CallbackAnswers } from "../telegram/callback-answers.js";
import { BroadcastPacer, broadcastApi, DEFAULT_BROADCAST_PER_SECOND } from "../telegram/broadcast-pacer.js";
import type { BotContext, BotDeps, ConvContext, SessionData } from "./context.js";
import { chatSession, createContextClass, flowStateInSession } from "./session.js";
import type { Feature, FeatureCommand, FeatureFactory, FeatureKit } from "./feature.js";
import { alertsFeature } from "./features/alerts/index.js";
import { balancesFeature } from "./features/balances/index.js";
import { chequesFeature } from "./features/cheques/index.js";
import { fundingFeature } from "./features/funding/index.js";
import { inlineFeature } from "./features/inline/index.js";
import { invoicesFeature } from "./features/invoices/index.js";
import { linksFeature } from "./features/links/index.js";
import { keysFeature } from "./features/keys/index.js";
import { marketFeature } from "./features/market/index.js";
import { massFeature } from "./features/mass/index.js";
import { notifyFeature } from "./features/notify/index.js";
import { ordersFeature } from "./features/orders/index.js";
import { sendFeature } from "./features/send/index.js";
import { startFeature } from "./features/start/index.js";
import { mainMenu } from "./features/start/menu.js";
import { tradeFeature } from "./features/trade/index.js";
import { withdrawFeature } from "./features/withdraw/index.js";
import { createI18n, pickLocale, SUPPORTED_LOCALES } from "./i18n.js";
import {
  ActionRegistry,
  CANCEL_PATTERN,
  CONFIRM_PATTERN,
  confirmationComposer,
  notePressReceipt,
  reconcileUnfinished,
  type RecordSettlement,
} from "./shared/confirm.js";
import type { Translate } from "../domain/translate.js";
import { describeError, errorText } from "./shared/errors.js";
import { keyGate } from "./shared/key-gate.js";

/** Least time between two error messages to one chat. */
const ERROR_MESSAGE_INTERVAL_MS = 10_000;

/** Updates whose failure was already reported (the boundary and bot.catch may both see one). */
const reported = new WeakSet<object>();

function isConfirmationPress(ctx: Context): boolean {
  const data = ctx.callbackQuery?.data;
  return data !== undefined && (CONFIRM_PATTERN.test(data) || CANCEL_PATTERN.test(data));
}

/** Telegram's refusal of an answer to a press that is too old or was answered already. */
export function isStaleCallbackAnswer(err: GrammyError): boolean {
  return err.method === "answerCallbackQuery" && /query is too old|query ID is invalid/i.test(err.description);
}

/** Features in the order their handlers run. Add a feature here and nowhere else. */
const FEATURES: FeatureFactory[] = [
  // Before keys: its early step takes a webhook secret the user was asked for (not a stray key).
  notifyFeature,
  alertsFeature,
  keysFeature,
  balancesFeature,
  chequesFeature,
  sendFeature,
  invoicesFeature,
  withdrawFeature,
  ordersFeature,
  tradeFeature,
  marketFeature,
  fundingFeature,
  linksFeature,
  inlineFeature,
  massFeature,
];

export interface CreateBotOptions {
  token: string;
  /** Skips getMe (tests, and faster start when known). */
  botInfo?: UserFromGetMe;
  client?: BotConfig<BotContext>["client"];
  /**
   * API transformers (auto-retry) for bot.api, for API calls inside conversations and for broadcasts.
   * Never a pacer: replies to a person are not paced; broadcasts have their own (BroadcastPacer).
   */
  apiTransformers?: Transformer[];
  /** The job engine (main passes pg-boss on PostgreSQL); default: jobs in this process. */
  jobs?: Jobs;
  /**
   * The periodic reconciliation leaves unfinished operations younger than this alone: this or another
   * instance may still be sending them (default 2 minutes).
   */
  reconcileMinAgeMs?: number;
  /** Told of each update's type, outcome and handling time (for metrics). */
  onUpdate?: (u: { type: string; outcome: "ok" | "error" | "duplicate"; seconds: number }) => void;
}

/** Jobs of the bot itself: periodic reconciliation and pruning of the taken-updates table. */
export const RECONCILE_JOB = "journal.reconcile";
export const PRUNE_UPDATES_JOB = "updates.prune";
/** Without a configured window: longer than a send takes with the default timeouts (3 × 15 s + 60 s). */
const DEFAULT_SEND_WINDOW_MS = 120_000;
/** Taken update ids are kept this long (Telegram redelivers for much less). */
const UPDATE_IDS_KEPT_MS = 24 * 3600 * 1000;

export interface BotApp {
  bot: Bot<BotContext>;
  actions: ActionRegistry;
  features: Feature[];
  /** A translate function in the user's language, for messages sent outside an update. */
  translatorFor(telegramId: number): Promise<Translate>;
  /** setMyCommands per language, plus the admin commands for each admin's chat. */
  registerCommands(): Promise<void>;
  /** Settles operations left pending or unknown for at least `minAgeMs`; returns how many were settled. */
  reconcileUnfinished(minAgeMs?: number): Promise<number>;
  /** Work to resume at start (e.g. mass-transfer jobs interrupted by a crash). */
  resume(): Promise<void>;
  jobs: Jobs;
  outbox: Outbox;
  /** Resolves once no update is being handled (for a clean shutdown after polling stopped). */
  idle(): Promise<void>;
}

export function createBot(deps: BotDeps, options: CreateBotOptions): BotApp {
  const client = {
    ...(deps.config.TELEGRAM_API_ROOT ? { apiRoot: deps.config.TELEGRAM_API_ROOT } : {}),
    ...options.client,
  };
  const bot = new Bot<BotContext>(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client,
    ContextConstructor: createContextClass(deps.logger),
  });
  const answers = new CallbackAnswers();
  for (const t of options.apiTransformers ?? []) bot.api.config.use(t);
  bot.api.config.use(answers.transformer);
  const pacer = new BroadcastPacer(
    () => deps.config.BROADCAST_PER_SECOND ?? DEFAULT_BROADCAST_PER_SECOND,
    deps.logger,
  );
  const broadcast = broadcastApi(options.token, client, pacer, options.apiTransformers);
  const i18n = createI18n<Context>(deps.storage.users);
  const actions = new ActionRegistry();
  const jobs = options.jobs ?? createInProcessJobs({ logger: deps.logger });
  // The outbox is the one sender of messages to many chats, through the broadcast pacer.
  const outbox = createOutbox({ db: deps.storage.db, api: broadcast, jobs, logger: deps.logger, now: deps.now });
  const kit: FeatureKit = { deps, actions, api: bot.api, broadcastApi: broadcast, translatorFor, jobs, outbox };
  const features = FEATURES.map((make) => make(kit));
  // /help: every command by name, in the person's language; admin commands for admins only.
  const helpCommands = (telegramId: number): FeatureCommand[] => [
    ...features.flatMap((f) => f.commands ?? []),
    ...(deps.config.ADMIN_IDS.includes(telegramId) ? features.flatMap((f) => f.adminCommands ?? []) : []),
  ];
  const start = startFeature(kit, helpCommands);
  features.unshift(start);

  const failed = new WeakSet<object>();
  const duplicates = new WeakSet<object>();
  // Counts every update by type and outcome, with its handling time.
  bot.use(async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const type = Object.keys(ctx.update).find((k) => k !== "update_id") ?? "unknown";
      const outcome = duplicates.has(ctx) ? "duplicate" : failed.has(ctx) ? "error" : "ok";
      options.onUpdate?.({ type, outcome, seconds: (performance.now() - started) / 1000 });
    }
  });
  // Updates in flight, so that a shutdown lets them finish before storage closes.
  let inFlight = 0;
  const whenIdle: (() => void)[] = [];
  bot.use(async (_ctx, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      if (--inFlight === 0) for (const resolve of whenIdle.splice(0)) resolve();
    }
  });
  // A confirmation's expiry is judged by when its press arrived, before any queue.
  bot.use(notePressReceipt(deps.now));
  // Every press is answered at once, even while its handler waits for the service or a queue.
  bot.use(answers.middleware(bot.api));
  // The error boundary: the user always gets a localized reply, the log gets the error.
  // Everything below runs inside it.
  const guarded = bot.errorBoundary((err) => reportError(err.error, err.ctx as BotContext));
  // Each update once, across instances and redeliveries: the first to record its id handles it. An
  // update alone in flight records its id at once; several in flight share one insert per turn.
  const takeUpdate = createUpdateTaker(deps.storage.db);
  guarded.use(async (ctx, next) => {
    if (await takeUpdate(ctx.update.update_id, deps.now().getTime(), inFlight === 1)) return next();
    duplicates.add(ctx);
    ctx.log.info("update already taken; skipped");
    // The instance that took it may have died before answering: answering a press again is harmless.
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
  });
  // Confirm and Cancel presses are answered at once, never queued behind the chat's other updates:
  // the claim in the journal is atomic, so they need no ordering, and they touch neither the session
  // nor conversation state (so running beside a flow's update cannot overwrite it).
  const presses = guarded.filter(isConfirmationPress);
  presses.use(i18n.middleware() as never);
  presses.use(confirmationComposer(deps, actions));
  const core = guarded.filter((ctx) => !isConfirmationPress(ctx));
  core.use(sequentialize((ctx) => [ctx.chat?.id, ctx.from?.id].filter((v) => v !== undefined).map(String)));
  core.use(chatSession(skipUnchangedWrites(deps.storage.kv<SessionData>("session")), () => ({})));
  core.use(i18n.middleware() as never);
  for (const f of features) if (f.early) core.use(f.early);
  core.use(keyGate(deps, features));

  core.use(
    conversations<BotContext, ConvContext>({
      storage: flowStateInSession,
      plugins: [
        (ctx, next) => {
          ctx.log = deps.logger.child({ update_id: ctx.update.update_id, conversation: true });
          for (const t of options.apiTransformers ?? []) ctx.api.config.use(t);
          ctx.api.config.use(answers.transformer);
          return next();
        },
        i18n.middleware() as never,
      ],
    }),
  );
  // /cancel outside the conversations' own waits: leaves whatever flow is active.
  core.chatType("private").command("cancel", async (ctx) => {
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t("common-cancelled"), { reply_markup: mainMenu(ctx.t) });
  });
  core.use(flowsConversation(features));
  for (const f of features) core.use(f.composer);

  // Last: anything nobody handled.
  core.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("common-button-outdated") }));
  core
    .chatType("private")
    .on("message", (ctx) => ctx.reply(ctx.t("common-unknown-message"), { reply_markup: mainMenu(ctx.t) }));

  bot.catch((err) => reportError(err.error, err.ctx));

  /** Chats told about an error recently: one update's failure (or a storm of them) never floods a chat. */
  const toldRecently = new Map<number, number>();

  async function reportError(cause: unknown, ctx: BotContext): Promise<void> {
    failed.add(ctx);
    // The boundary and bot.catch may both see one failure: it is reported once per update.
    if (reported.has(ctx)) return;
    reported.add(ctx);
    const log = ctx.log ?? deps.logger;
    if (cause instanceof GrammyError || cause instanceof HttpError) {
      // A failed call to Telegram was itself an answer or a message to this person: telling them
      // about it would be one more call that fails, or a message they do not need.
      if (cause instanceof GrammyError && isStaleCallbackAnswer(cause))
        log.debug({ method: cause.method }, "callback answered too late (the press is still handled)");
      else if (cause instanceof GrammyError)
        log.warn({ err: cause, method: cause.method }, "Telegram refused a call");
      else log.warn({ err: cause }, "Telegram could not be reached");
      // A press whose handler failed on another call still gets its spinner stopped.
      if (ctx.callbackQuery && !(cause instanceof GrammyError && cause.method === "answerCallbackQuery"))
        await ctx.answerCallbackQuery().catch(() => undefined);
      return;
    }
    const message = describeError(cause);
    if (message.key === "error-generic") log.error({ err: cause }, "unhandled error");
    // Expected situations (no key, a refusal by the service): no stack, not an operator's concern.
    else log.info({ reason: message.key, error: cause instanceof Error ? cause.name : typeof cause }, "request refused");
    try {
      const t: Translate =
        typeof ctx.t === "function"
          ? ctx.t
          : (key, vars) => i18n.t(pickLocale(ctx.from?.language_code), key, vars);
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      const chatId = ctx.chat?.id;
      if (chatId === undefined) return;
      const now = Date.now();
      // An answer to what the person just did (no key, a refusal) is always given; a failure of ours
      // is told once per chat in a while, however many updates hit it.
      const expected = message.key !== "error-generic" && message.key !== "error-service-unavailable";
      if (!expected && (toldRecently.get(chatId) ?? 0) > now) {
        log.info({ chatId }, "not repeating an error message to this chat so soon");
        return;
      }
      if (toldRecently.size > 10_000) toldRecently.clear();
      if (!expected) toldRecently.set(chatId, now + ERROR_MESSAGE_INTERVAL_MS);
      await ctx.reply(errorText(t, cause));
    } catch (replyErr) {
      log.warn({ err: replyErr }, "could not tell the user about an error");
    }
  }

  async function translatorFor(telegramId: number, fallback?: string): Promise<Translate> {
    const user = telegramId ? await deps.storage.users.get(telegramId) : undefined;
    const locale = pickLocale(user?.language ?? fallback);
    return (key, vars) => i18n.t(locale, key, vars);
  }

  async function registerCommands(): Promise<void> {
    const describe = (locale: string, list: FeatureCommand[]) =>
      list.map((c) => ({ command: c.command, description: i18n.t(locale, c.descriptionKey) }));
    const everyone = features.flatMap((f) => f.commands ?? []);
    const admin = [...everyone, ...features.flatMap((f) => f.adminCommands ?? [])];
    await bot.api.setMyCommands(describe("en", everyone));
    for (const locale of SUPPORTED_LOCALES) {
      await bot.api.setMyCommands(describe(locale, everyone), { language_code: locale });
    }
    for (const adminId of deps.config.ADMIN_IDS) {
      const user = await deps.storage.users.get(adminId);
      await bot.api
        .setMyCommands(describe(pickLocale(user?.language), admin), {
          scope: { type: "chat", chat_id: adminId },
        })
        .catch((err) =>
          deps.logger.warn({ err, adminId }, "could not set admin commands (has the admin started the bot?)"),
        );
    }
  }

  // An outcome and the notice telling its user, in one transaction (the outbox sends it). The notice
  // is written only with the outcome's own write: a second settler of the same row tells nobody.
  const record: RecordSettlement = async (op, settlement, notice) => {
    const queued = await deps.storage.db.transaction().execute(async (trx) => {
      const ops = createOperationsRepo(trx);
      const written =
        settlement.state === "done"
          ? await ops.markDone(op.id, settlement.result)
          : settlement.state === "refused"
            ? await ops.markRefused(op.id, settlement.error)
            : await ops.markUnknown(op.id, settlement.error);
      if (!written || !notice) return false;
      const { text, keyboard } = notice;
      await outbox.write(trx, [{ chatId: op.chatId, text, ...(keyboard ? { replyMarkup: keyboard } : {}) }]);
      return true;
    });
    if (queued) outbox.kick();
  };
  const reconcile = (minAgeMs = 0) => reconcileUnfinished(deps, actions, translatorFor, record, minAgeMs);

  jobs.handle(RECONCILE_JOB, async () => {
    const settled = await reconcile(options.reconcileMinAgeMs ?? DEFAULT_SEND_WINDOW_MS);
    if (settled > 0) deps.logger.info({ settled }, "settled operations left unfinished");
    await deps.storage.operations.expireStale(deps.now());
  });
  jobs.every(RECONCILE_JOB, 1);
  jobs.handle(PRUNE_UPDATES_JOB, async () => {
    await pruneTakenUpdates(deps.storage.db, deps.now().getTime() - UPDATE_IDS_KEPT_MS);
  });
  jobs.every(PRUNE_UPDATES_JOB, 60);

  return {
    bot,
    actions,
    features,
    translatorFor,
    registerCommands,
    reconcileUnfinished: reconcile,
    resume: async () => {
      for (const f of features) await f.resume?.();
      // Whatever the outbox still owes from before a restart.
      outbox.kick();
    },
    jobs,
    outbox,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenIdle.push(resolve))),
  };
}

/** The one conversation the plugin knows: it runs the feature flow its first argument names. */
const FLOWS = "flows";

/**
 * Every feature flow as one registered conversation. The plugin runs each registered conversation's
 * middleware on every update (about 2 µs each, a fifth of `/start`'s work with a dozen flows); one
 * registration costs the same whatever the number of flows. `ctx.conversation.enter(id, ...args)`
 * keeps its meaning: it enters this conversation with the flow's id in front of its arguments.
 */
function flowsConversation(features: Feature[]): Composer<BotContext> {
  const flows = new Map<string, ConversationBuilder<BotContext, ConvContext>>();
  for (const f of features) {
    for (const c of f.conversations ?? []) {
      if (flows.has(c.id)) throw new Error(`two flows are named ${c.id}`);
      flows.set(c.id, c.builder);
    }
  }
  const run: ConversationBuilder<BotContext, ConvContext> = async (conversation, ctx, ...args) => {
    const [id, ...rest] = args as [string, ...unknown[]];
    const flow = flows.get(id);
    if (flow === undefined) throw new Error(`no flow is named ${String(id)}`);
    return flow(conversation, ctx, ...rest);
  };
  const composer = new Composer<BotContext>();
  composer.use((ctx, next) => {
    const controls = ctx.conversation;
    const enter = controls.enter.bind(controls);
    controls.enter = (id: string, ...args: unknown[]) => {
      if (!flows.has(id)) throw new Error(`no flow is named ${id}`);
      return enter(FLOWS, id, ...args);
    };
    return next();
  });
  composer.use(createConversation(run, { id: FLOWS }));
  return composer;
}
