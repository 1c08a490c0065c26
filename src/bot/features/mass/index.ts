/**
 * Mass transfers (admins only): /mass pays many recipients at once from the admin's linked account
 * through createMassTransfer: a validated list, a confirmed and crash-safe job with a progress
 * message (Pause / Resume / Cancel), a report, optional notifications, and an audit record. Anyone
 * not in ADMIN_IDS sees nothing of it: their /mass and presses fall through to the generic replies.
 */
import { Composer, Context, InlineKeyboard, InputFile } from "grammy";
import { type JobAction, MASS_JOB_DATA, MASS_REPORT_DATA, MASS_RETRY_DATA, parseJobButton } from "../../../mass/callback-data.js";
import { reportDocument } from "../../../mass/report.js";
import { MassRunner } from "../../../mass/runner.js";
import { jobLabel } from "../../../mass/progress.js";
import { retryable } from "../../../mass/retry.js";
import { createMassStore, type MassJobStatus } from "../../../mass/store.js";
import { enterFlow } from "../../flows.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureKit } from "../../feature.js";
import { declare } from "../../entries.js";
import { massTransferAction } from "./action.js";
import { MASS_CONVERSATION, type MassStart, massConversation } from "./flow.js";
import { menu } from "../../menu-data.js";
import { worthOf } from "../../shared/worth.js";

/** The buttons that change a job; Cancel only asks (`stop` is its yes), `keep` its no. */
const TRANSITIONS: Partial<Record<JobAction, { from: MassJobStatus[]; to: MassJobStatus; answer: string }>> = {
  pause: { from: ["running"], to: "paused", answer: "mass-pressed-pause" },
  resume: { from: ["paused"], to: "running", answer: "mass-pressed-resume" },
  stop: { from: ["running", "paused"], to: "cancelling", answer: "mass-pressed-cancel" },
};
/** Statuses a job can still be cancelled in. */
const CANCELLABLE: readonly MassJobStatus[] = ["running", "paused"];

/** Replaces the cancel question with what was decided (its buttons go with it). */
async function editQuestion(ctx: BotContext, text: string): Promise<void> {
  await ctx.editMessageText(text).catch((err: unknown) => ctx.log.debug({ err }, "could not edit the cancel question"));
}

/** The mass-transfer feature. */
export function massFeature(kit: FeatureKit): Feature {
  const { deps, actions, api, translatorFor, jobs, outbox } = kit;
  const store = createMassStore(deps.storage.db, deps.now);
  const worthOfPerson = (telegramId: number, asset: string) => worthOf(deps, telegramId, asset);
  const runner = new MassRunner({ deps, store, api, translatorFor, jobs, outbox, worthOf: worthOfPerson });
  actions.register(massTransferAction(deps, store, runner));

  const isAdmin = (ctx: BotContext) => ctx.from !== undefined && deps.config.ADMIN_IDS.includes(ctx.from.id);
  const composer = new Composer<BotContext>();
  const entries = declare(composer.chatType("private").filter(isAdmin), {
    name: "mass",
    needsKey: true,
    adminOnly: true,
    helpTopic: "admin",
  });
  const early = new Composer<BotContext>();

  // The main menu is shared, so admins get their entry point under the /start greeting (a wrapper
  // around the start feature's answer, not an entry of this feature).
  early
    .chatType("private")
    .filter(isAdmin)
    .filter(Context.has.command("start"), async (ctx, next) => {
      await next();
      await ctx.reply(ctx.t("mass-admin-entry"), {
        reply_markup: new InlineKeyboard().text(ctx.t("mass-menu-button"), menu("mass")),
      });
    });

  const enter = async (ctx: BotContext) => {
    await ctx.conversation.exitAll();
    await enterFlow(ctx, MASS_CONVERSATION);
  };
  entries.command({ command: "mass", descriptionKey: "mass-cmd", admin: true, featured: true }, enter);
  entries.menuButton({ button: "mass" }, async (ctx) => {
    await ctx.answerCallbackQuery();
    await enter(ctx);
  });

  // Job buttons live on the admin's progress message; checked against the job's admin below.
  // A job under way can always be paused, resumed or cancelled from its progress message.
  entries.within(composer.filter(isAdmin)).callback({ codec: Object.values(MASS_JOB_DATA), open: true }, async (ctx) => {
    const { action, jobId } = parseJobButton(ctx.callbackQuery.data)!;
    const job = await store.get(jobId);
    if (!job || job.adminId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("mass-foreign"), show_alert: true });
      return;
    }
    const label = jobLabel(jobId);
    if (action === "cancel") {
      // One tap never stops a payout: the question says what a cancel would leave unsent.
      if (!CANCELLABLE.includes(job.status)) {
        await ctx.answerCallbackQuery({ text: ctx.t("mass-button-stale") });
        return;
      }
      await ctx.answerCallbackQuery();
      const { queued } = await store.counts(jobId);
      const running = job.status === "running";
      await ctx.reply(ctx.t(running ? "mass-cancel-ask-running" : "mass-cancel-ask-paused", { job: label, count: queued }), {
        reply_markup: new InlineKeyboard()
          .text(ctx.t("mass-cancel-yes"), MASS_JOB_DATA.stop.build({ jobId }))
          .text(ctx.t(running ? "mass-cancel-keep-going" : "mass-cancel-keep-paused"), MASS_JOB_DATA.keep.build({ jobId })),
      });
      return;
    }
    if (action === "keep") {
      const kept = CANCELLABLE.includes(job.status);
      await ctx.answerCallbackQuery({ text: ctx.t(kept ? "mass-pressed-keep" : "mass-button-stale") });
      if (kept) await editQuestion(ctx, ctx.t(job.status === "paused" ? "mass-cancel-kept-paused" : "mass-cancel-kept", { job: label }));
      return;
    }
    const step = TRANSITIONS[action]!;
    const changed = await store.setStatus(jobId, step.from, step.to, action === "resume" ? { error: null } : {});
    await ctx.answerCallbackQuery({ text: ctx.t(changed ? step.answer : "mass-button-stale") });
    if (!changed) return;
    ctx.log.info({ jobId, action }, "mass-transfer job button");
    if (action === "stop") await editQuestion(ctx, ctx.t("mass-cancel-done", { job: label }));
    // A run picks the change up before its next batch; a paused job has no run, so queue one.
    runner.start(jobId);
  });

  // Under a finished job's report: its failed and unsent rows, summarised and confirmed as a new job
  // (it opens a new payout, so it needs the key, as /mass does).
  entries.callback(MASS_RETRY_DATA, async (ctx) => {
    const { jobId } = MASS_RETRY_DATA.parse(ctx.callbackQuery.data)!;
    const job = await store.get(jobId);
    if (!job || job.adminId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("mass-foreign"), show_alert: true });
      return;
    }
    const { failed, unsent } = retryable(await store.unpaidRows(jobId));
    if (failed + unsent === 0) {
      await ctx.answerCallbackQuery({ text: ctx.t("mass-retry-none"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.conversation.exitAll();
    await enterFlow(ctx, MASS_CONVERSATION, { retryOf: jobId } satisfies MassStart);
  });

  // Under a finished job's report: its CSV again, rebuilt from the rows as they stand.
  entries.callback(MASS_REPORT_DATA, async (ctx) => {
    const { jobId } = MASS_REPORT_DATA.parse(ctx.callbackQuery.data)!;
    const job = await store.get(jobId);
    if (!job || job.adminId !== ctx.from.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("mass-foreign"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    const { fileName, content, caption } = reportDocument(ctx.t, jobId, await store.allRows(jobId));
    await ctx.replyWithDocument(new InputFile(Buffer.from(content, "utf8"), fileName), { caption });
  });

  return {
    manifest: entries.manifest,
    composer,
    early,
    conversations: [{ id: MASS_CONVERSATION, builder: massConversation(deps, actions, store) }],
    resume: () => runner.resumeAll(),
  };
}
