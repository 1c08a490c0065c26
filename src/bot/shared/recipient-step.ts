/**
 * The step that asks who gets the money (a transfer's recipient, the one person who may redeem a
 * cheque): the people this person paid lately as buttons, the "Choose a user" button, a typed id or a
 * forwarded message. waitAnswer only knows text and inline buttons, so this step waits itself and
 * mirrors its rules: /cancel and Cancel leave; another command or button leaves and is handled as
 * usual. The reply keyboard is taken away once the step is over.
 */
import type { KeyboardButton, ReplyKeyboardMarkup } from "grammy/types";
import type { KnownPerson } from "../../domain/people.js";
import { inlineUserText } from "../../domain/user-text.js";
import type { BotConversation, BotDeps, ConvContext } from "../context.js";
import { INPUT_DATA } from "./input-data.js";
import { isCancel, leave, waitFresh } from "./inputs.js";
import { personLabel } from "./people.js";
import {
  parseTypedRecipient,
  RECIPIENT_REQUEST_ID,
  type Recipient,
  type RecipientAnswer,
  recipientFromMessage,
  refuseSelf,
} from "./recipient.js";

/** How many recent people are offered, two to a row. */
export const RECENT_PEOPLE_SHOWN = 6;
/** Done operations read to find them (a person paid twice counts once). */
const RECENT_OPERATIONS_READ = 50;

/**
 * The people `telegramId` last sent money to with operations of `kind` (done ones only), most recent
 * first, each once, named as the bot knows them now (or as the operation recorded them).
 */
export async function recentRecipients(deps: BotDeps, telegramId: number, kind: string): Promise<KnownPerson[]> {
  const done = await deps.storage.operations.listRecent(telegramId, kind, "done", RECENT_OPERATIONS_READ);
  const seen = new Map<number, KnownPerson>();
  for (const op of done) {
    const id = Number(op.payload.target);
    if (!Number.isSafeInteger(id) || id <= 0 || id === telegramId || seen.has(id)) continue;
    const name = typeof op.payload.recipientName === "string" ? op.payload.recipientName : undefined;
    const username = typeof op.payload.recipientUsername === "string" ? op.payload.recipientUsername : undefined;
    seen.set(id, { id, ...(name ? { name } : {}), ...(username ? { username } : {}) });
    if (seen.size === RECENT_PEOPLE_SHOWN) break;
  }
  const known = await deps.storage.people.namesOf([...seen.keys()]);
  return [...seen.values()].map((p) => known.get(p.id) ?? p);
}

/** A recent person's button: their name (clipped) and id, so two of one name differ. */
export function recentLabel(person: KnownPerson): string {
  const name = person.name ?? (person.username ? `@${person.username}` : undefined);
  return name ? `👤 ${inlineUserText(name, 24)} · ${person.id}` : `👤 ${person.id}`;
}

export interface RecipientStep {
  /** The question. */
  prompt: string;
  /** People offered as buttons, most recent first. */
  recent: KnownPerson[];
  /** Offer Skip (nobody in particular), saying `skipped` when chosen: the step then returns undefined. */
  optional?: { skipped: string };
  /** A recipient typed after the command ("/send 123"), tried first. */
  prefill?: string;
}

function recipientKeyboard(ctx: ConvContext, step: RecipientStep): ReplyKeyboardMarkup {
  const rows: KeyboardButton[][] = [
    [
      {
        text: ctx.t("send-pick-user"),
        // Names too: without them Telegram shares only the id and every summary would read "user id …".
        request_users: {
          request_id: RECIPIENT_REQUEST_ID,
          user_is_bot: false,
          max_quantity: 1,
          request_name: true,
          request_username: true,
        },
      },
    ],
  ];
  const recent = step.recent.map((p) => ({ text: recentLabel(p) }));
  for (let i = 0; i < recent.length; i += 2) rows.push(recent.slice(i, i + 2));
  rows.push(step.optional ? [{ text: ctx.t("common-skip") }, { text: ctx.t("common-cancel") }] : [{ text: ctx.t("common-cancel") }]);
  return { keyboard: rows, resize_keyboard: true, one_time_keyboard: true };
}

/**
 * Asks for the recipient. Returns the person (named as Telegram or the bot's memory names them), or
 * undefined when the step is optional and Skip was chosen.
 */
export async function askRecipient(
  deps: BotDeps,
  conversation: BotConversation,
  ctx: ConvContext,
  step: RecipientStep,
): Promise<Recipient | undefined> {
  const self = ctx.from?.id ?? 0;
  const cancelLabel = ctx.t("common-cancel");
  const skipLabel = ctx.t("common-skip");
  const byLabel = new Map(step.recent.map((p) => [recentLabel(p), p]));
  const chosen = async (c: ConvContext, given: Recipient) => {
    // A typed id names nobody: the name the bot remembers for it, if any.
    // (A plain object or null: what `external` returns is kept as JSON.)
    const r =
      given.name || given.username
        ? given
        : ((await conversation.external(
            async () => (await deps.storage.people.namesOf([given.id])).get(given.id) ?? null,
          )) ?? given);
    await c.reply(ctx.t("send-recipient-chosen", { recipient: personLabel(ctx.t, r.id, r) }), {
      reply_markup: { remove_keyboard: true },
    });
    return r;
  };
  const skipped = async (c: ConvContext) => {
    if (c.callbackQuery) await c.answerCallbackQuery();
    await c.reply(step.optional?.skipped ?? "", { reply_markup: { remove_keyboard: true } });
    return undefined;
  };
  if (step.prefill !== undefined) {
    const answer = refuseSelf(parseTypedRecipient(step.prefill), self);
    if (answer.ok) return chosen(ctx, answer.recipient);
    await ctx.reply(ctx.t(`send-recipient-${answer.problem.replaceAll("_", "-")}`));
  }
  await ctx.reply(step.prompt, { reply_markup: recipientKeyboard(ctx, step) });
  for (;;) {
    const next = await waitFresh(conversation);
    const data = next.callbackQuery?.data;
    const message = next.message;
    const text = message?.text?.trim();
    const carried = message ? recipientFromMessage(message) : undefined;
    if (carried === undefined) {
      if (isCancel(next, cancelLabel)) return leave(conversation, next);
      if (step.optional && (text === skipLabel || (data !== undefined && INPUT_DATA.skip.pattern.test(data)))) {
        return skipped(next);
      }
      const recent = text === undefined ? undefined : byLabel.get(text);
      if (recent) return chosen(next, recent);
      // Another command or button: the flow ends and the update is handled outside.
      if (data !== undefined || text?.startsWith("/")) return conversation.halt({ next: true });
    }
    const answer: RecipientAnswer =
      carried ?? (text === undefined ? { ok: false, problem: "not_understood" } : parseTypedRecipient(text));
    const checked = refuseSelf(answer, self);
    if (checked.ok) return chosen(next, checked.recipient);
    await next.reply(ctx.t(`send-recipient-${checked.problem.replaceAll("_", "-")}`), {
      reply_markup: recipientKeyboard(ctx, step),
    });
  }
}
