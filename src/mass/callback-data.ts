/**
 * The buttons under a mass-transfer job's progress message. The engine builds them; the bot's mass
 * feature answers them (and declares them in its manifest).
 */
import { callbackData, text } from "../telegram/callback-data.js";

/** A job's id: 8 random bytes in hex. */
const jobId = text("[0-9a-f]", 16, 16);

export const MASS_JOB_DATA = {
  pause: callbackData("mass:pause", { jobId }),
  resume: callbackData("mass:resume", { jobId }),
  /** Asks whether to cancel; `stop` (yes) cancels, `keep` (no) leaves the job as it is. */
  cancel: callbackData("mass:cancel", { jobId }),
  stop: callbackData("mass:stop", { jobId }),
  keep: callbackData("mass:keep", { jobId }),
};

export type JobAction = keyof typeof MASS_JOB_DATA;

/** Under a finished job's report: pay its failed and unsent rows again (a new job, confirmed as any). */
export const MASS_RETRY_DATA = callbackData("mass:retry", { jobId });
/** Under a finished job's report: its report CSV once more (the first may be lost in a long chat). */
export const MASS_REPORT_DATA = callbackData("mass:csv", { jobId });

/** The action and job a button's data names, or undefined when it is not a job button's. */
export function parseJobButton(data: string): { action: JobAction; jobId: string } | undefined {
  for (const action of Object.keys(MASS_JOB_DATA) as JobAction[]) {
    const values = MASS_JOB_DATA[action].parse(data);
    if (values) return { action, jobId: values.jobId };
  }
  return undefined;
}
