/**
 * The confirmed action: Confirm moves the planned draft to running (atomically, only through the
 * confirmation it is bound to), writes the audit record and starts the runner in the background.
 * Its `op.id` is not a client id sent to the service: each row has its own, fixed at planning.
 */
import { money } from "../../../domain/money.js";
import type { MassRunner } from "../../../mass/runner.js";
import type { MassStore } from "../../../mass/store.js";
import { ServiceRefusedError } from "../../../service/errors.js";
import type { BotDeps } from "../../context.js";
import type { ActionDefinition } from "../../shared/confirm.js";

export const MASS_ACTION = "mass_transfer";

export type MassPayload = { jobId: string; notify: boolean } & Record<string, unknown>;

/** A refusal that proves nothing happened, in the shared confirmation's terms. */
const refused = (kind: string, info: Record<string, unknown> = {}) =>
  new ServiceRefusedError("createMassTransfer", 409, kind, undefined, info);

const STARTED = ["running", "paused", "cancelling", "completed", "cancelled"];

/** The mass_transfer action for the shared confirmation component. */
export function massTransferAction(
  deps: BotDeps,
  store: MassStore,
  runner: MassRunner,
): ActionDefinition<MassPayload> {
  return {
    kind: MASS_ACTION,
    idPrefix: "mj",

    async execute({ op, payload, clients }) {
      const job = await store.get(payload.jobId);
      const admin = deps.config.ADMIN_IDS.includes(op.telegramId);
      if (!job || !admin || job.adminId !== op.telegramId || job.operationId !== op.id)
        throw refused("invalid_state");
      if (STARTED.includes(job.status)) return { jobId: job.id, rows: job.rowsTotal };
      if (job.status !== "draft") throw refused("invalid_state");
      // The balance may have moved since the summary: refuse rather than start a payout that cannot finish.
      const { balances } = await clients.pay.getAppBalances();
      for (const [asset, total] of Object.entries(job.totals)) {
        const available = balances.find((b) => b.asset === asset)?.available ?? "0";
        if (money.lt(available, total)) throw refused("insufficient_funds", { asset, available });
      }
      if (!(await store.start(job.id, op.id, op.telegramId))) {
        const now = await store.get(job.id);
        if (now && STARTED.includes(now.status)) return { jobId: job.id, rows: job.rowsTotal };
        throw refused("invalid_state");
      }
      runner.start(job.id);
      return { jobId: job.id, rows: job.rowsTotal };
    },

    /**
     * After a crash between Confirm and the start: the confirmed job is carried out, not dropped (its
     * rows' client ids make sending safe whenever it happens). Only a draft this confirmation is
     * bound to is started.
     */
    async reconcile({ op, payload }) {
      const job = await store.get(payload.jobId);
      if (!job) return { done: false };
      if (job.status === "draft" && job.operationId === op.id) await store.start(job.id, op.id, op.telegramId);
      const now = await store.get(job.id);
      if (!now || !STARTED.includes(now.status)) return { done: false };
      runner.start(job.id);
      return { done: true, resource: { jobId: job.id, rows: job.rowsTotal } };
    },

    describeDone: (t, _payload, result) => t("mass-started", { rows: Number(result.rows ?? 0) }),
  };
}
