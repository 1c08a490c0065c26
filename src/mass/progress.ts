/**
 * The progress message of a running job: a bar, sent / failed / left, rate and time remaining, and
 * Pause / Resume / Cancel buttons. Edited at most once per `progressIntervalMs`, in the background: a
 * slow, failing or hanging edit never holds the job up (the message is only a view of what storage
 * holds).
 */
import { formatNumber, formatPercent } from "../domain/money.js";
import { type Api, GrammyError, InlineKeyboard } from "grammy";
import type { Logger } from "pino";
import type { Translate } from "../domain/translate.js";
import type { MassJob, MassJobStatus, MassStore, RowState } from "./store.js";
import { MASS_JOB_DATA } from "./callback-data.js";
import { massTuning } from "./tuning.js";

const BAR_WIDTH = 20;

export interface ProgressView {
  status: MassJobStatus;
  counts: Record<RowState, number>;
  /** Rows settled per second since this loop started; null before there is a measure. */
  rate: number | null;
  error: string | null;
}

/** A short label for a job in messages. */
export function jobLabel(jobId: string): string {
  return `#${jobId.slice(0, 8)}`;
}

/** The text and buttons of the progress message. */
export function renderProgress(
  t: Translate,
  jobId: string,
  v: ProgressView,
): { text: string; keyboard: InlineKeyboard } {
  const c = v.counts;
  const total = ROW_TOTAL(c);
  const settled = c.completed + c.failed + c.cancelled;
  const left = total - settled;
  const ratio = total === 0 ? 1 : settled / total;
  const filled = Math.round(ratio * BAR_WIDTH);
  const lines = [
    t("mass-progress-title", { job: jobLabel(jobId) }),
    `${"▓".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)} ${formatPercent(String(Math.floor(ratio * 100) / 100), 0)}`,
    t("mass-progress-counts", { sent: c.completed, failed: c.failed, left }),
  ];
  if (c.cancelled > 0) lines.push(t("mass-progress-skipped", { skipped: c.cancelled }));
  if (v.rate !== null && v.rate > 0 && left > 0 && (v.status === "running" || v.status === "cancelling")) {
    lines.push(t("mass-progress-rate", { rate: formatNumber(v.rate.toFixed(1)), eta: formatDuration(left / v.rate) }));
  }
  lines.push(t(statusKey(v.status, c)));
  if (v.error && v.status === "paused")
    lines.push(t("mass-paused-because", { reason: reasonText(t, v.error) }));

  return { text: lines.join("\n"), keyboard: jobButtons(t, jobId, v.status) };
}

/** The status line's key; a finished job says whether it paid all, some or none of its rows. */
function statusKey(status: MassJobStatus, c: Record<RowState, number>): string {
  if (status !== "completed") return `mass-status-${status}`;
  if (c.completed === 0) return "mass-status-completed-none";
  return c.failed > 0 ? "mass-status-completed-some" : "mass-status-completed";
}

/** The buttons a job in `status` offers: Pause or Resume, and Cancel. */
export function jobButtons(t: Translate, jobId: string, status: MassJobStatus): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (status === "running") keyboard.text(t("mass-button-pause"), MASS_JOB_DATA.pause.build({ jobId }));
  if (status === "paused") keyboard.text(t("mass-button-resume"), MASS_JOB_DATA.resume.build({ jobId }));
  if (status === "running" || status === "paused") keyboard.text(t("mass-button-cancel"), MASS_JOB_DATA.cancel.build({ jobId }));
  return keyboard;
}

const ROW_TOTAL = (c: Record<RowState, number>) => Object.values(c).reduce((a, b) => a + b, 0);

/** "1:05", "12:00:07". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Reasons a job pauses or a row fails, as locale keys; anything else shows its kind. */
const KNOWN_REASONS = new Set([
  "insufficient_funds",
  "not_found",
  "validation_error",
  "amount_out_of_range",
  "incorrect_decimal_places",
  "client_id_conflict",
  "unresolved",
  // Rows of jobs run before outages paused jobs may carry it.
  "not_sent_gave_up",
  "job_cancelled",
  "unauthorized",
  "no_key",
  "network_changed",
  "account_changed",
  "service_unavailable",
  "rate_limited",
  "invalid_request",
  "refused",
]);

/** The localized text of a failure reason (a problem kind or one of ours). */
export function reasonText(t: Translate, reason: string): string {
  return KNOWN_REASONS.has(reason)
    ? t(`mass-reason-${reason.replaceAll("_", "-")}`)
    : t("mass-reason-other", { kind: reason });
}

/**
 * The progress message of one job. The runner hands it views and never waits for Telegram: at most
 * one edit is in flight, at most one every `progressIntervalMs`, and views that arrive meanwhile are
 * coalesced (the newest wins). An edit that hangs or is retried through a Telegram outage holds back
 * only the next view, never a batch.
 */
export class ProgressMessage {
  /** When the last edit was handed to Telegram. */
  #lastShown = 0;
  /** When the last view was rendered (renders cost two reads; one per interval is enough). */
  #lastRender = 0;
  /** The text last handed to Telegram, or about to be. */
  #lastText = "";
  /** The newest view not handed to Telegram yet. */
  #wanted: { text: string; keyboard: InlineKeyboard } | null = null;
  #inFlight = false;
  #timer: NodeJS.Timeout | null = null;
  #startedAt = Date.now();
  #settledAtStart: number | null = null;

  constructor(
    private readonly api: Api,
    private readonly store: MassStore,
    private readonly job: Pick<MassJob, "id" | "chatId">,
    private messageId: number | null,
    private readonly t: Translate,
    private readonly log: Logger,
  ) {}

  /** A new run of the job measures its rate from now (a pause in between is not sending). */
  beginRun(): void {
    this.#startedAt = Date.now();
    this.#settledAtStart = null;
  }

  /**
   * Renders from storage and queues the view. Skipped when the last render was too recent, unless
   * `force` (a change of status: the view is queued and shown once the interval allows). Returns
   * once the view is queued: what Telegram does with it is never waited for.
   */
  async update(force = false): Promise<void> {
    if (!force && Date.now() - this.#lastRender < massTuning.progressIntervalMs) return;
    this.#lastRender = Date.now();
    const [job, counts] = await Promise.all([this.store.get(this.job.id), this.store.counts(this.job.id)]);
    if (!job) return;
    const settled = counts.completed + counts.failed + counts.cancelled;
    this.#settledAtStart ??= settled;
    const seconds = (Date.now() - this.#startedAt) / 1000;
    const rate =
      seconds > 0.5 && settled > this.#settledAtStart ? (settled - this.#settledAtStart) / seconds : null;
    const view = renderProgress(this.t, this.job.id, { status: job.status, counts, rate, error: job.error });
    if (view.text === (this.#wanted?.text ?? this.#lastText)) return;
    this.#wanted = view;
    this.#pump();
  }

  /** Hands the newest view to Telegram when nothing is in flight and the interval has passed. */
  #pump(): void {
    if (this.#inFlight || this.#timer !== null || this.#wanted === null) return;
    const wait = this.#lastShown + massTuning.progressIntervalMs - Date.now();
    if (wait > 0) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#pump();
      }, wait);
      this.#timer.unref();
      return;
    }
    const view = this.#wanted;
    this.#wanted = null;
    this.#inFlight = true;
    this.#lastShown = Date.now();
    this.#lastText = view.text;
    void this.#show(view.text, view.keyboard).then((shown) => {
      // A view Telegram never took is not the one shown: the next update shows it, even unchanged.
      if (!shown && this.#lastText === view.text) this.#lastText = "";
      this.#inFlight = false;
      this.#pump();
    });
  }

  /** Edits the message (or sends a new one where it is gone); whether Telegram took the view. Never throws. */
  async #show(text: string, keyboard: InlineKeyboard): Promise<boolean> {
    try {
      if (this.messageId !== null) {
        await this.api.editMessageText(this.job.chatId, this.messageId, text, { reply_markup: keyboard });
        return true;
      }
    } catch (err) {
      if (err instanceof GrammyError && /not modified/i.test(err.description)) return true;
      // The message is gone (deleted, too old to edit): show a new one below.
      if (
        !(err instanceof GrammyError && /not found|can't be edited|MESSAGE_ID_INVALID/i.test(err.description))
      ) {
        this.log.warn({ err, jobId: this.job.id }, "could not edit the progress message");
        return false;
      }
    }
    try {
      const sent = await this.api.sendMessage(this.job.chatId, text, { reply_markup: keyboard });
      this.messageId = sent.message_id;
      await this.store.setProgressMessage(this.job.id, sent.message_id);
      return true;
    } catch (err) {
      this.log.warn({ err, jobId: this.job.id }, "could not send the progress message");
      return false;
    }
  }
}
