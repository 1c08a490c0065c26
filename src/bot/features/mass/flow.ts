/**
 * The /mass conversation: the list (file or pasted) → default asset if some rows lack one → every row
 * validated (all problems reported at once; the operator fixes and resends) → duplicates resolved
 * by an explicit choice → summary with balances (refused with the shortfall when short) → notify
 * recipients or not (and if so, the sender name they see) → the total typed back when above MASS_CONFIRM_TOTAL → the shared confirmation.
 * The list itself never enters conversation state: it lives in the draft job, in storage.
 */
import { randomBytes } from "node:crypto";
import { clientsFor } from "../../../accounts/clients.js";
import { formatAmount, MAX_DECIMALS, money, normaliseAmountInput } from "../../../domain/money.js";
import {
  type AssetRules,
  decodeInput,
  digestRows,
  MAX_DESCRIPTION,
  lacksColumns,
  MAX_INPUT_BYTES,
  needsDefaultAsset,
  type RowError,
  readRows,
  type ValidRow,
  validateRows,
} from "../../../mass/parse.js";
import {
  type AssetLine,
  assetLines,
  DUP_POLICIES,
  type DupPolicy,
  findDuplicates,
  planRows,
  totalsByAsset,
} from "../../../mass/plan.js";
import { resolveOrigins, type RetryCounts, retryList } from "../../../mass/retry.js";
import type { MassStore } from "../../../mass/store.js";
import { hasInvisible } from "../../../domain/user-text.js";
import type { BotContext, BotConversation, BotDeps, ConvContext } from "../../context.js";
import { type ActionRegistry, proposeAction } from "../../shared/confirm.js";
import {
  askAsset,
  askChoice,
  cancelRow,
  choiceKeyboard,
  isCancel,
  leave,
  waitAnswer,
  waitFresh,
} from "../../shared/inputs.js";
import { MASS_ACTION } from "./action.js";
import { downloadDocument, FileTooLargeError } from "./download.js";
import { topUpReply } from "../../shared/top-up.js";
import { duplicatesPreview, duplicatesText, fitsDuplicatePreview, sendDuplicatesFile } from "./duplicates.js";
import { worthsOf } from "../../shared/worth.js";
import { leftOut, type PlanSummary, PREVIEW_RECIPIENTS, shortfallText, summaryText } from "./summary.js";
import { reportProblems } from "./validation-report.js";

export const MASS_CONVERSATION = "mass";

type ListInput =
  | { kind: "document"; fileId: string; size: number | null }
  | { kind: "text"; text: string }
  | { kind: "retry"; jobId: string };
type Refusal = { ok: false; key: string; vars?: Record<string, string | number> };

/** Waits for the list: a document or a pasted text. /cancel and Cancel leave; other commands leave and run. */
async function waitList(conversation: BotConversation): Promise<ListInput> {
  for (;;) {
    const next = await waitFresh(conversation);
    const data = next.callbackQuery?.data;
    const text = next.message?.text;
    if (isCancel(next)) return leave(conversation, next);
    const doc = next.message?.document;
    if (doc) return { kind: "document", fileId: doc.file_id, size: doc.file_size ?? null };
    if (text !== undefined && !text.startsWith("/")) return { kind: "text", text };
    if (text?.startsWith("/") || data !== undefined) return conversation.halt({ next: true });
    await next.reply(next.t("mass-send-list"));
  }
}

/** Asks for the total of one asset to be typed back; returns once it matches. */
async function askTypedTotal(
  conversation: BotConversation,
  ctx: ConvContext,
  line: AssetLine,
  limit: string,
) {
  const vars = {
    asset: line.asset,
    total: formatAmount(line.total, line.asset),
    limit: formatAmount(limit, line.asset),
  };
  await ctx.reply(ctx.t("mass-type-total", vars), { reply_markup: cancelRow(ctx) });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind === "text") {
      const bare = answer.text.replace(new RegExp(`\\s*${line.asset}\\s*$`, "i"), "").trim();
      // The total as the prompt wrote it ("5,491" in English) is taken as it stands, though alone it would be ambiguous.
      if (bare.replace(/\s/g, " ") === formatAmount(line.total).replace(/\s/g, " ")) return;
      const typed = normaliseAmountInput(bare);
      if (typed !== null && money.eq(typed, line.total)) return;
    }
    await answer.ctx.reply(ctx.t("mass-type-total-wrong", vars), { reply_markup: cancelRow(ctx) });
  }
}

/** At most this many characters in a sender name: one short line in the recipient's message. */
export const MAX_SENDER_NAME = 64;

/**
 * A typed sender name with its runs of spaces and line breaks made one space, or null when it is empty,
 * too long, or holds a character that cannot be seen (a control, a text-direction or zero-width
 * character: it could make the name read as something else, and recipients would see it as a mark).
 */
export function parseSenderName(text: string): string | null {
  const name = text.replace(/\p{White_Space}+/gu, " ").replace(/^ | $/g, "");
  if (name.length === 0 || [...name].length > MAX_SENDER_NAME) return null;
  if (hasInvisible(name)) return null;
  return name;
}

/**
 * How recipients' notifications name the sender: typed once, then offered again as a button (the
 * admin's last name). The service's application name is internal and never used for this.
 */
async function askSenderName(
  conversation: BotConversation,
  ctx: ConvContext,
  store: MassStore,
  adminId: number,
): Promise<string> {
  const last = await conversation.external(() => store.lastSenderName(adminId));
  const keyboard = () => choiceKeyboard(ctx, last === undefined ? [] : [{ label: last, value: "last" }], 1);
  await ctx.reply(ctx.t(last === undefined ? "mass-ask-sender" : "mass-ask-sender-again", { max: MAX_SENDER_NAME }), {
    reply_markup: keyboard(),
  });
  for (;;) {
    const answer = await waitAnswer(conversation);
    if (answer.kind === "pick" && answer.value === "last" && last !== undefined) return last;
    const name = answer.kind === "text" ? parseSenderName(answer.text) : null;
    if (name !== null) return name;
    await answer.ctx.reply(ctx.t("mass-sender-invalid", { max: MAX_SENDER_NAME }), { reply_markup: keyboard() });
  }
}

interface Checked {
  valid: ValidRow[];
  errors: RowError[];
  info: { id: string; name: string };
  /** Rows that pay an earlier job's rows again, and those left out (see src/mass/retry.ts). */
  retry?: RetryCounts;
}

/** Parses and validates a draft's list against the service's currencies (all problems, sorted by line). */
async function checkDraftInput(
  deps: BotDeps,
  store: MassStore,
  jobId: string,
  adminId: number,
  defaultAsset?: string,
) {
  const text = await store.draftInput(jobId, adminId);
  if (text === undefined) return undefined;
  const { pay, network } = await clientsFor(deps, adminId);
  const [currencies, info] = await Promise.all([pay.getCurrencies({ kind: "crypto" }), pay.getAppInfo()]);
  const assets = new Map<string, AssetRules>(
    currencies.map((c) => [c.code, { precision: c.precision ?? MAX_DECIMALS, minTransfer: c.minTransfer ?? "0" }]),
  );
  const read = readRows(text);
  const { valid, errors } = validateRows(read.rows, {
    assets,
    ...(defaultAsset ? { defaultAsset } : {}),
    ...(info.ownerId !== null ? { selfId: info.ownerId } : {}),
  });
  const again = await resolveOrigins(store, valid, { adminId, accountId: info.id, network });
  const all = [...read.errors, ...errors, ...again.errors].sort((a, b) => a.line - b.line);
  return {
    valid: again.rows,
    errors: all,
    info: { id: info.id, name: info.name ?? info.id },
    ...(again.counts ? { retry: again.counts } : {}),
  } satisfies Checked;
}

/** How a /mass flow may start: with the unpaid rows of a finished job (its report's Retry button). */
export interface MassStart {
  retryOf?: string;
}

/** The conversation builder. */
export function massConversation(deps: BotDeps, actions: ActionRegistry, store: MassStore) {
  return async (conversation: BotConversation, ctx: ConvContext, start: MassStart = {}): Promise<void> => {
    const adminId = ctx.from?.id;
    const chatId = ctx.chat?.id;
    if (adminId === undefined || chatId === undefined) return;

    // The admin's key was checked by the key gate on the way in (the manifest needs one).
    const setup = await conversation.external(async () => {
      const { pay } = await clientsFor(deps, adminId);
      return { assets: (await pay.getCurrencies({ kind: "crypto" })).map((c) => c.code) };
    });

    let retryOf = start.retryOf;
    if (retryOf === undefined) {
      await ctx.reply(ctx.t("mass-ask-list", { max: deps.config.MASS_MAX_ROWS, description: MAX_DESCRIPTION }), {
        reply_markup: cancelRow(ctx),
      });
    }
    // Until a list passes: each refusal says what to fix, and the next list is awaited.
    for (;;) {
      const input: ListInput = retryOf === undefined ? await waitList(conversation) : { kind: "retry", jobId: retryOf };
      retryOf = undefined;

      const loaded = await conversation.external(async (octx: BotContext) => {
        let text: string;
        if (input.kind === "retry") {
          // The job's unpaid rows, each naming itself: checked below like a report sent back.
          const job = await store.get(input.jobId);
          if (!job || job.adminId !== adminId) return { ok: false, key: "mass-draft-gone" } satisfies Refusal;
          text = retryList(await store.unpaidRows(job.id));
        } else if (input.kind === "document") {
          const tooBig: Refusal = {
            ok: false,
            key: "mass-file-too-big",
            vars: { max: MAX_INPUT_BYTES / 1024 / 1024 },
          };
          if (input.size !== null && input.size > MAX_INPUT_BYTES) return tooBig;
          let bytes: Buffer;
          try {
            bytes = await downloadDocument(octx.api, deps, input.fileId, MAX_INPUT_BYTES);
          } catch (err) {
            if (err instanceof FileTooLargeError) return tooBig;
            octx.log.warn({ err }, "could not download the list");
            return { ok: false, key: "mass-file-unreadable" } satisfies Refusal;
          }
          if (bytes.length > MAX_INPUT_BYTES) return tooBig;
          const decoded = decodeInput(bytes);
          if (decoded === null) return { ok: false, key: "mass-file-not-text" } satisfies Refusal;
          text = decoded;
        } else text = input.text;
        const read = readRows(text);
        if (read.rows.length === 0 && read.errors.length === 0)
          return { ok: false, key: "mass-empty" } satisfies Refusal;
        if (lacksColumns(read.rows)) return { ok: false, key: "mass-no-columns" } satisfies Refusal;
        if (read.rows.length > deps.config.MASS_MAX_ROWS) {
          return {
            ok: false,
            key: "mass-too-many-rows",
            vars: { rows: read.rows.length, max: deps.config.MASS_MAX_ROWS },
          } satisfies Refusal;
        }
        const user = await deps.storage.users.get(adminId);
        const jobId = randomBytes(8).toString("hex");
        await store.createDraft({
          id: jobId,
          adminId,
          chatId,
          network: user?.network ?? "production",
          inputText: text,
          locale: await octx.i18n.getLocale(),
        });
        return { ok: true as const, jobId, needsAsset: needsDefaultAsset(read.rows) };
      });
      if (!loaded.ok) {
        await ctx.reply(ctx.t(loaded.key, loaded.vars ?? {}), { reply_markup: cancelRow(ctx) });
        continue;
      }
      const { jobId } = loaded;

      if (loaded.needsAsset) {
        // Rows that are wrong whatever the currency are reported before the currency is asked for.
        const early = await conversation.external(async (octx: BotContext) => {
          const c = await checkDraftInput(deps, store, jobId, adminId);
          if (!c) return false;
          const errors = c.errors.filter((e) => e.problem !== "asset_missing");
          if (errors.length === 0) return true;
          await store.discard(jobId);
          await reportProblems(octx, errors);
          return false;
        });
        if (!early) continue;
      }

      const defaultAsset = loaded.needsAsset
        ? await askAsset(conversation, ctx, setup.assets, ctx.t("mass-ask-default-asset"))
        : undefined;

      const checked = await conversation.external(async (octx: BotContext) => {
        const c = await checkDraftInput(deps, store, jobId, adminId, defaultAsset);
        if (!c) return { ok: false as const };
        if (c.errors.length > 0) {
          await store.discard(jobId);
          await reportProblems(octx, c.errors);
          return { ok: false as const };
        }
        if (c.valid.length === 0) {
          // Every row names one an earlier job settled.
          await store.discard(jobId);
          const left = c.retry ? leftOut(octx.t, c.retry) : [];
          await octx.reply([octx.t("mass-retry-nothing"), ...left, octx.t("mass-retry-nothing-next")].join("\n"), {
            reply_markup: cancelRow(octx),
          });
          return { ok: false as const };
        }
        const dups = findDuplicates(c.valid);
        // A long list of repeats goes as a file; the question itself stays a short summary.
        if (dups.length > 0 && !fitsDuplicatePreview(dups)) await sendDuplicatesFile(octx, dups);
        return { ok: true as const, duplicates: duplicatesPreview(dups) };
      });
      if (!checked.ok) continue;

      let policy: DupPolicy = "keep";
      if (checked.duplicates.recipients > 0) {
        policy = (await askChoice(
          conversation,
          ctx,
          `${duplicatesText(ctx.t, checked.duplicates)}\n\n${ctx.t("mass-dup-ask")}`,
          DUP_POLICIES.map((p) => ({ label: ctx.t(`mass-dup-${p}`), value: p })),
          1,
        )) as DupPolicy;
      }

      const planned = await conversation.external(async (octx: BotContext) => {
        const c = await checkDraftInput(deps, store, jobId, adminId, defaultAsset);
        if (!c) return { ok: false as const, retry: true };
        if (c.errors.length > 0) {
          // The service's currencies changed since the check: the list is reported again.
          await store.discard(jobId);
          await reportProblems(octx, c.errors);
          return { ok: false as const, retry: true };
        }
        const clients = await clientsFor(deps, adminId);
        const rows = planRows(c.valid, policy);
        const { balances } = await clients.pay.getAppBalances();
        const lines = assetLines(rows, Object.fromEntries(balances.map((b) => [b.asset, b.available])));
        if (lines.some((l) => l.shortfall !== null)) {
          await store.discard(jobId);
          return { ok: false as const, retry: false, lines, network: clients.network };
        }
        const saved = await store.savePlan(jobId, {
          rows,
          digest: digestRows(c.valid),
          dupPolicy: policy,
          totals: totalsByAsset(rows),
          accountId: c.info.id,
          accountName: c.info.name,
          network: clients.network,
        });
        // Replaced meanwhile by a newer list of the same admin.
        if (!saved) return { ok: false as const, retry: false, gone: true };
        const targets = [...new Set(rows.map((r) => r.target))];
        const firstIds = targets.slice(0, PREVIEW_RECIPIENTS).map(Number).filter((id) => Number.isSafeInteger(id));
        const [known, worths] = await Promise.all([
          deps.storage.people.namesOf(firstIds),
          worthsOf(deps, adminId, lines.map((l) => l.asset)),
        ]);
        const summary: PlanSummary = {
          jobId,
          rows: rows.length,
          recipients: targets.length,
          preview: firstIds.map((id) => known.get(id) ?? { id }),
          lines,
          policy,
          duplicates: findDuplicates(c.valid).length,
          accountName: c.info.name,
          network: clients.network,
          ...(c.retry ? { retry: c.retry } : {}),
          ...(worths.length > 0 ? { worths } : {}),
        };
        return { ok: true as const, summary };
      });
      if (!planned.ok) {
        if (planned.retry) continue;
        if ("gone" in planned) return void (await ctx.reply(ctx.t("mass-draft-gone")));
        // A shortfall is a dead end: the way to top up the wallet comes with it.
        const lines = planned.lines ?? [];
        const short = lines.filter((l) => l.shortfall !== null);
        const reply = topUpReply(
          ctx.t,
          planned.network ?? "production",
          shortfallText(ctx.t, lines),
          "pay",
          short.length === 1 ? short[0]!.asset : undefined,
        );
        await ctx.reply(reply.text, { reply_markup: reply.keyboard });
        return;
      }
      const { summary } = planned;

      await ctx.reply(summaryText(ctx.t, summary));
      const notify =
        (await askChoice(
          conversation,
          ctx,
          ctx.t("mass-ask-notify"),
          [
            { label: ctx.t("mass-notify-on"), value: "on" },
            { label: ctx.t("mass-notify-off"), value: "off" },
          ],
          2,
        )) === "on";
      const senderName = notify ? await askSenderName(conversation, ctx, store, adminId) : null;

      // Typed before the Confirm button is shown: a large payout cannot be confirmed by one stray tap.
      const limit = deps.config.MASS_CONFIRM_TOTAL;
      for (const line of summary.lines.filter((l) => money.gt(l.total, limit))) {
        await askTypedTotal(conversation, ctx, line, limit);
      }

      const proposed = await conversation.external(async (octx: BotContext) => {
        const opId = `mj-${jobId}`;
        if (!(await store.setProposal(jobId, opId, notify, senderName))) return false;
        await proposeAction(octx, deps, actions, {
          kind: MASS_ACTION,
          payload: { jobId, notify },
          summary: `${summaryText(octx.t, summary, notify, senderName)}\n\n${octx.t("mass-confirm-hint")}`,
          id: opId,
          namesNetwork: true,
        });
        return true;
      });
      if (!proposed) await ctx.reply(ctx.t("mass-draft-gone"));
      return;
    }
  };
}
