/**
 * The confirmation step as the person sees it: the summary with Confirm / Cancel under it, the presses,
 * and the outcome shown in place of the buttons. What a press sets going (the journal's claim, the
 * action carried out once, its reconciliation) is the journal's (src/journal/); the words for each
 * outcome are in confirm-outcomes.ts.
 */
import { Composer, type Context, GrammyError, InlineKeyboard, type MiddlewareFn } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { markCodeEntities } from "../../domain/copyable.js";
import type { Translate } from "../../domain/translate.js";
import type {
  ActionDefinition as JournalActionDefinition,
  ActionRegistry as JournalActionRegistry,
  Json,
} from "../../journal/actions.js";
import type { Journal } from "../../journal/attempt.js";
import { ClaimsToUndo } from "../../journal/claim.js";
import { draftProposal, proposalShown, writeProposal } from "../../journal/propose.js";
import { runAction } from "../../journal/run.js";
import { DatabaseUnavailableError } from "../../storage/availability.js";
import type { ClaimOutcome } from "../../storage/types.js";
import type { BotContext, BotDeps } from "../context.js";
import { CONFIRM_DATA } from "./confirm-data.js";

/** Features declare their actions with the bot's buttons (the journal carries them to the notice). */
export type { Json };
export type ActionDefinition<P extends Json = Json> = JournalActionDefinition<P, InlineKeyboardMarkup> & {
  /** Words of its own for the buttons, where Confirm / Cancel would read wrong (cancelling an order). */
  confirmWords?: ConfirmWords;
};

/** Locale keys of a summary's two buttons and of what Cancel's press says. */
export interface ConfirmWords {
  yes: string;
  no: string;
  /** Shown in place of the buttons after the `no` button. */
  declined: string;
}

const DEFAULT_WORDS: ConfirmWords = { yes: "confirm-yes", no: "confirm-no", declined: "confirm-cancelled" };

/** The words of an action's confirmation: its own, or Confirm / Cancel. */
function wordsOf(registry: ActionRegistry, kind: string): ConfirmWords {
  try {
    return (registry.get(kind) as ActionDefinition).confirmWords ?? DEFAULT_WORDS;
  } catch {
    return DEFAULT_WORDS; // a row of a kind no longer registered
  }
}
export type ActionRegistry = JournalActionRegistry<InlineKeyboardMarkup>;
export type BotJournal = Journal<InlineKeyboardMarkup>;

/** Confirm's data or Cancel's, in one test: it runs on every update, before the chat's queue. */
const PRESS = new RegExp(`${CONFIRM_DATA.confirm.pattern.source}|${CONFIRM_DATA.cancel.pattern.source}`);

/** A press of a summary's Confirm or Cancel button. */
export function isConfirmationPress(ctx: { callbackQuery?: { data?: string } | undefined }): boolean {
  const data = ctx.callbackQuery?.data;
  return data !== undefined && PRESS.test(data);
}

/** Starts the expiry line under a summary; the line is dropped once the summary is answered. */
const EXPIRY_MARK = "\n\n⏱ ";

/** Confirm and Cancel for operation `id`; an id the buttons cannot carry is a mistake in the feature. */
export function confirmKeyboard(t: Translate, id: string, words: ConfirmWords = DEFAULT_WORDS): InlineKeyboard {
  const confirm = CONFIRM_DATA.confirm.tryBuild({ id });
  if (confirm === undefined) throw new Error(`operation id ${JSON.stringify(id)} does not fit a button's data`);
  return new InlineKeyboard().text(t(words.yes), confirm).text(t(words.no), CONFIRM_DATA.cancel.build({ id }));
}

export interface Proposal<P extends Json> {
  kind: string;
  payload: P;
  /** The summary shown above the buttons: what, to whom, amount, fee, what stays. */
  summary: string;
  /** A client id chosen earlier (e.g. derived); a fresh one otherwise. */
  id?: string;
  /** The summary names the network itself (e.g. a mass transfer's title): no network line is added. */
  namesNetwork?: boolean;
}

/**
 * Writes the proposed operation and shows its summary with Confirm / Cancel. Returns the operation
 * id (the client id). Call it from outside a conversation or inside `conversation.external`.
 */
export async function proposeAction<P extends Json>(
  ctx: BotContext,
  deps: BotDeps,
  registry: ActionRegistry,
  proposal: Proposal<P>,
): Promise<string> {
  const user = ctx.from;
  const chat = ctx.chat;
  if (!user || !chat) throw new Error("proposeAction needs a user and a chat");
  const draft = await draftProposal(deps, registry, {
    kind: proposal.kind,
    telegramId: user.id,
    chatId: chat.id,
    payload: proposal.payload,
    ...(proposal.id === undefined ? {} : { id: proposal.id }),
  });
  // Built before the row is written, so an id the buttons cannot carry leaves no row behind.
  const keyboard = confirmKeyboard(ctx.t, draft.id, wordsOf(registry, proposal.kind));
  const ttl = deps.config.CONFIRM_TTL_SECONDS;
  // Every summary says which network the action goes to: the one recorded on the row, kept until it is done.
  const network = proposal.namesNetwork ? "" : `\n\n${ctx.t("confirm-network", { network: draft.network })}`;
  const summary = `${proposal.summary}${network}`;
  await writeProposal(deps, draft, `${summary}\n\n${ctx.t("confirm-expired-unanswered")}`);
  const text = `${summary}${EXPIRY_MARK}${ctx.t("confirm-expires", { seconds: ttl })}`;
  const sent = await ctx.reply(text, { reply_markup: keyboard });
  await proposalShown(deps, registry, draft, sent.message_id);
  return draft.id;
}

/**
 * When the bot received a press: Telegram's callback query carries no time of its own, so a
 * confirmation's expiry is judged by this, the earliest the bot can know of the press (a press made
 * while the bot was down counts from its delivery). Kept on the update object, like userOnArrival.
 */
const RECEIVED_AT = Symbol("press received at");
type WithReceipt = { [RECEIVED_AT]?: Date };

/** Notes the time each button press arrives (before any queue or storage); other updates pass. */
export function notePressReceipt(now: () => Date): MiddlewareFn<Context> {
  return (ctx, next) => {
    if (ctx.callbackQuery) (ctx.update as WithReceipt)[RECEIVED_AT] = now();
    return next();
  };
}

/** Answers the press; a refused or failed answer (late, Telegram unreachable) never stops the handler. */
async function answerPress(ctx: BotContext, other?: { text: string; show_alert?: boolean }): Promise<void> {
  try {
    await ctx.answerCallbackQuery(other);
  } catch (err) {
    ctx.log.debug({ err }, "press answer refused or failed (the press is still handled)");
  }
}

/** Handles Confirm and Cancel presses for every action. */
export function confirmationComposer(deps: BotDeps, journal: BotJournal): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const undo = new ClaimsToUndo(deps);

  composer.callbackQuery(CONFIRM_DATA.confirm.pattern, async (ctx) => {
    const { id } = CONFIRM_DATA.confirm.parse(ctx.callbackQuery.data)!;
    const received = (ctx.update as WithReceipt)[RECEIVED_AT] ?? deps.now();
    let claim: ClaimOutcome;
    try {
      // A press again after an outage: a claim of it this process could not confirm is undone first.
      await undo.now(id);
      claim = await deps.storage.operations.claim(id, ctx.from.id, received);
    } catch (err) {
      if (!(err instanceof DatabaseUnavailableError)) throw err;
      await claimNotWritten(ctx, undo, id, received);
      return;
    }
    if (!claim.claimed) {
      const state = claim.operation?.state;
      const key =
        claim.reason === "already" && (state === "pending" || state === "unknown")
          ? "confirm-in-progress"
          : `confirm-${claim.reason}`;
      await answerPress(ctx, { text: ctx.t(key), show_alert: claim.reason !== "already" });
      // A summary already edited to say it expired (by the expiry sweep) is left as it is.
      if (claim.reason === "expired" && showsExpiryLine(ctx)) await showOutcome(ctx, ctx.t("confirm-expired"));
      return;
    }
    // The action does not wait for Telegram: the answer and the "Processing…" line go out beside it.
    const answered = answerPress(ctx, { text: ctx.t("confirm-processing") });
    const processing = showOnSummary(ctx, `⏳ ${ctx.t("confirm-processing")}`);
    const outcome = await runAction(journal, claim.operation, ctx.t);
    await Promise.all([answered, processing]);
    await showOutcome(ctx, outcome.text, outcome.keyboard);
  });

  composer.callbackQuery(CONFIRM_DATA.cancel.pattern, async (ctx) => {
    const { id } = CONFIRM_DATA.cancel.parse(ctx.callbackQuery.data)!;
    const op = await deps.storage.operations.get(id);
    if (!op || op.telegramId !== ctx.from.id) {
      await answerPress(ctx, { text: ctx.t(op ? "confirm-foreign" : "confirm-missing"), show_alert: true });
      return;
    }
    const cancelled = await deps.storage.operations.cancel(id, ctx.from.id);
    if (cancelled) {
      const declined = ctx.t(wordsOf(journal.actions, op.kind).declined);
      await answerPress(ctx, { text: declined });
      await showOutcome(ctx, declined);
      return;
    }
    // A Cancel left on a summary that was confirmed (or cancelled, or expired) cancels nothing: say so,
    // and say what did happen when it matters (carried out, or being carried out).
    const state = (await deps.storage.operations.get(id))?.state;
    const key =
      state === "done"
        ? "confirm-cancel-too-late-done"
        : state === "pending" || state === "unknown"
          ? "confirm-cancel-too-late-running"
          : "common-button-outdated";
    await answerPress(ctx, { text: ctx.t(key), show_alert: key !== "common-button-outdated" });
  });

  return composer;
}

/** Whether the pressed message still shows a summary's expiry line (its answer is not shown yet). */
function showsExpiryLine(ctx: BotContext): boolean {
  const message = ctx.callbackQuery?.message;
  return message !== undefined && "text" in message && message.text?.includes(EXPIRY_MARK) === true;
}

/**
 * Confirm could not be recorded for want of the database, so nothing was sent: the person is told so,
 * and the confirmation stays open until it expires (a claim written with its reply lost is undone).
 */
async function claimNotWritten(ctx: BotContext, undo: ClaimsToUndo, id: string, received: Date): Promise<void> {
  const log = ctx.log.child({ operationId: id });
  log.info("Confirm not recorded: the database is unavailable; nothing was sent");
  undo.add(id, ctx.from!.id, received, log);
  await answerPress(ctx);
  try {
    await ctx.reply(ctx.t("confirm-db-unavailable"));
  } catch (err) {
    log.warn({ err }, "could not tell that the database is unavailable");
  }
}

/**
 * Puts `status` under the summary in place of its expiry line and buttons (or `keyboard`). True when
 * the summary shows it; false when it could not be edited (gone, too old, Telegram unreachable).
 */
async function showOnSummary(ctx: BotContext, status: string, keyboard?: InlineKeyboardMarkup): Promise<boolean> {
  const message = ctx.callbackQuery?.message;
  if (!message || !("text" in message) || message.text === undefined) return false;
  // Telegram sends the message as it was when pressed: the summary, then its expiry line.
  // Its tap-to-copy values come back as code entities: marked again, they stay code after the edit.
  const shown = markCodeEntities(message.text, message.entities);
  const summary = shown.split(EXPIRY_MARK)[0] ?? shown;
  try {
    await ctx.editMessageText(`${summary}\n\n${status}`, { reply_markup: keyboard ?? { inline_keyboard: [] } });
    return true;
  } catch (err) {
    // Shown already (a repeated edit) is as good as shown.
    if (err instanceof GrammyError && /not modified/i.test(err.description)) return true;
    ctx.log.info({ err }, "could not edit the summary message");
    return false;
  }
}

/** Tells the outcome under the summary, or as a message of its own when the summary cannot be edited. */
async function showOutcome(ctx: BotContext, text: string, keyboard?: InlineKeyboardMarkup): Promise<void> {
  if (await showOnSummary(ctx, text, keyboard)) return;
  try {
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  } catch (err) {
    ctx.log.warn({ err }, "could not tell the outcome of a confirmed action");
  }
}
