/**
 * createBot(deps, parts): the middleware in order and the router, nothing else. Everything it uses is
 * built by the composition root (src/app.ts; the tests' harness does the same) and handed in.
 */
import { conversations } from "@grammyjs/conversations";
import { Bot } from "grammy";
import { ActionRegistry } from "../journal/actions.js";
import { confirmationExpiry, journalJobs, settlementRecorder } from "../journal/jobs.js";
import { createChatSessions, DEFAULT_TURN_LEASE_MS } from "../storage/chat-sessions.js";
import { CallbackAnswers } from "../telegram/callback-answers.js";
import { telegramLimits } from "../telegram/limits.js";
import { copyableEntities } from "../telegram/copyable-entities.js";
import { registerCommands } from "./commands.js";
import type { BotContext, BotDeps, ConvContext, SessionData } from "./context.js";
import { createContextClass } from "./context-class.js";
import { errorReporter } from "./error-boundary.js";
import { createFeatures } from "./features.js";
import { flowsConversation } from "./flows.js";
import type { BotApp, BotParts, CreateBotOptions } from "./bot-app.js";
import { translations as translationsOf } from "./i18n.js";
import { Router } from "./router.js";
import { fallbackFor } from "./fallback.js";
import { mainMenuOf } from "./main-menu.js";
import { ChatQueue } from "./chat-queue.js";
import {
  DEFAULT_CHAT_BACKLOG,
  DEFAULT_RATE_LIMIT_SECONDS,
  DEFAULT_RATE_LIMIT_UPDATES,
  floodLimit,
  SlowDown,
} from "./flood-limit.js";
import { chatSession, flowStateInSession } from "./session.js";
import { type BotJournal, confirmationComposer, isConfirmationPress, notePressReceipt } from "./shared/confirm.js";
import { confirmationWords } from "./shared/confirm-outcomes.js";
import { keyGate } from "./key-gate.js";
import { rememberPeople } from "./shared/people.js";
import { followServiceChanges } from "./update-effects.js";
import { pruneTakenUpdatesJob, UpdateTracking } from "./update-tracking.js";

export type { BotApp, BotParts, CreateBotOptions } from "./bot-app.js";

export function createBot(deps: BotDeps, parts: BotParts, options: CreateBotOptions): BotApp {
  const { languages, jobs, outbox, translatorFor } = parts;
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
  // Every text and caption within Telegram's limits, the cut said in the chat's language.
  const fitted = telegramLimits(translatorFor);
  // Tap-to-copy marks become code entities on every Api the bot sends with, the outbox's broadcast
  // Api included (docs/decisions/030-tap-to-copy-marks.md).
  const transformers = [...(options.apiTransformers ?? []), copyableEntities];
  parts.broadcastApi.config.use(copyableEntities);
  for (const t of transformers) bot.api.config.use(t);
  bot.api.config.use(answers.transformer, fitted);
  const expiry = confirmationExpiry({
    deps,
    jobs,
    outbox,
    ...(options.confirmExpiryGraceMs === undefined ? {} : { graceMs: options.confirmExpiryGraceMs }),
  });
  const actions: BotJournal["actions"] = new ActionRegistry(expiry.watch);
  const features = createFeatures({ deps, actions, api: bot.api, broadcastApi: parts.broadcastApi, translatorFor, languages, jobs, outbox });
  const router = new Router(features);
  const errors = errorReporter(deps.logger, languages);
  // Outcomes written with their notices: by the reconciliation, and by a Confirm once the database is back.
  const journal: BotJournal = { deps, actions, record: settlementRecorder(deps.storage.db, outbox), words: confirmationWords };
  const updates = new UpdateTracking(errors.failed, options.onUpdate);
  const translations = translationsOf(languages, deps.storage.users) as never;
  const { config } = deps;
  const slowDown = new SlowDown(translatorFor, deps.now, updates.markDropped);
  const chats = new ChatQueue<BotContext>({ backlog: config.CHAT_BACKLOG ?? DEFAULT_CHAT_BACKLOG, dropped: slowDown.drop });
  const sessions = createChatSessions<SessionData>(deps.storage, {
    leaseMs: config.CHAT_TURN_LEASE_SECONDS === undefined ? DEFAULT_TURN_LEASE_MS : config.CHAT_TURN_LEASE_SECONDS * 1000,
  });

  bot.use(updates.measure);
  // A confirmation's expiry is judged by when its press arrived, before any queue.
  bot.use(notePressReceipt(deps.now));
  // Every press is answered at once, even while its handler waits for the service or a queue.
  bot.use(answers.middleware(bot.api));
  // Whether an update asked the service for a change, for the error boundary's message.
  bot.use(followServiceChanges);
  // Everything below runs inside the error boundary.
  const guarded = bot.errorBoundary((err) => errors.report(err.error, err.ctx as BotContext));
  // A person's flood is dropped here, before it costs a database write or a place in a queue; Confirm
  // and Cancel presses are never dropped.
  guarded.use(
    floodLimit({
      updates: config.RATE_LIMIT_UPDATES ?? DEFAULT_RATE_LIMIT_UPDATES,
      seconds: config.RATE_LIMIT_SECONDS ?? DEFAULT_RATE_LIMIT_SECONDS,
      slowDown,
      exempt: isConfirmationPress,
    }),
  );
  guarded.use(updates.onceEach(deps.storage.db, deps.now));
  // Confirm and Cancel presses are answered at once, never queued behind the chat's other updates:
  // the claim in the journal is atomic, and they touch neither the session nor a flow's state.
  const presses = guarded.filter(isConfirmationPress);
  presses.use(translations);
  presses.use(confirmationComposer(deps, journal));
  const core = guarded.filter((ctx) => !isConfirmationPress(ctx));
  // A result picked from our own inline mode arrives "via @bot": the person's message to whoever they
  // share it with, not a request to us. Nothing answers it.
  core.use((ctx, next) => (ctx.message?.via_bot?.id === ctx.me.id ? undefined : next()));
  // One update of a chat at a time, lowest id first, a bounded backlog (chat-queue.ts); across
  // instances the chat's turn in the database (the session, below) orders them further.
  core.use(chats.middleware);
  // Names of the people an update carries, so they can be shown beside their ids (shared/people.ts).
  core.use(rememberPeople(deps.storage.people));
  core.use(chatSession(sessions, () => ({})));
  core.use(translations);
  for (const f of features) if (f.early) core.use(f.early);
  core.use(keyGate(deps, router));
  core.use(
    conversations<BotContext, ConvContext>({
      storage: flowStateInSession,
      plugins: [
        (ctx, next) => {
          ctx.log = deps.logger.child({ update_id: ctx.update.update_id, conversation: true });
          for (const t of transformers) ctx.api.config.use(t);
          ctx.api.config.use(answers.transformer, fitted);
          return next();
        },
        translations,
      ],
    }),
  );
  for (const f of features) if (f.beforeFlows) core.use(f.beforeFlows);
  // A running flow sees its chat's updates first; what it leaves goes to its feature, or the fallback.
  core.use(flowsConversation(features.flatMap((f) => f.conversations ?? [])));
  core.use(router.middleware(fallbackFor(router.commands, mainMenuOf(features))));
  bot.catch((err) => errors.report(err.error, err.ctx));

  const { reconcileMinAgeMs } = options;
  const reconcile = journalJobs({ journal, translatorFor, jobs, expiry, ...(reconcileMinAgeMs === undefined ? {} : { reconcileMinAgeMs }) });
  pruneTakenUpdatesJob(jobs, deps.storage.db, deps.now);
  return {
    bot,
    actions,
    features,
    registerCommands: () => registerCommands(bot.api, languages, features, deps),
    reconcileUnfinished: reconcile,
    resume: async () => {
      for (const f of features) await f.resume?.();
      // Summaries whose expiry timers a restart lost.
      await expiry.resume();
      // Whatever the outbox still owes from before a restart.
      outbox.kick();
    },
    idle: () => updates.idle(),
    backlog: () => ({ parked: chats.parked, dropped: slowDown.dropped }),
  };
}
