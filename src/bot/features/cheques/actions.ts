/**
 * The two irreversible cheque actions behind the shared confirmation step: creating a cheque
 * (reserves its amount) and deleting one (releases it).
 */
import { z } from "zod";
import { outcomeMayBeApplied, ServiceRefusedError } from "../../../service/errors.js";
import { createOnce, type Reconciled, reconcile } from "../../../service/reconcile.js";
import { AssetCode, Callback, Cheque, Decimal } from "../../../service/schemas.js";
import type { ActionDefinition, Json } from "../../shared/confirm.js";
import { chequeState, createdKeyboard, createdText, deletedText } from "./views.js";
import { keptWorth, withWorthThen, Worth } from "../../shared/worth.js";

export const CREATE_KIND = "cheque_create";
export const DELETE_KIND = "cheque_delete";

/** What the user confirmed for a new cheque; re-read from the journal, so checked again here. */
export const CreatePayload = z.object({
  asset: AssetCode,
  amount: Decimal,
  description: z.string().min(1).optional(),
  /** Telegram user id allowed to redeem; absent means anyone with the link. */
  target: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .optional(),
  /** Where the service reports the cheque's changes (users with a webhook secret; see src/notifications). */
  callback: Callback.optional(),
  /** What the summary showed it worth (the result and the receipt say so). */
  worth: Worth.optional(),
});
export type CreatePayload = z.infer<typeof CreatePayload>;

export const DeletePayload = z.object({ chequeId: z.string().min(1) });
export type DeletePayload = z.infer<typeof DeletePayload>;

/** The journal keeps results as JSON; read one back as a cheque (or nothing if it is not one). */
function asCheque(result: Json): Cheque | undefined {
  const parsed = Cheque.safeParse(result);
  return parsed.success ? parsed.data : undefined;
}

const asJson = (cheque: Cheque): Json => cheque as unknown as Json;
const found = (r: Reconciled<Cheque>): Reconciled<Json> =>
  r.done ? { done: true, resource: asJson(r.resource) } : r;

/** Creates the cheque with the operation id as its client id: once, however often it is confirmed or retried. */
export const createChequeAction: ActionDefinition<CreatePayload> = {
  kind: CREATE_KIND,
  idPrefix: "chq",
  async execute({ op, payload, clients }) {
    const p = CreatePayload.parse(payload);
    const cheque = await createOnce({
      send: () =>
        clients.pay.createCheque({
          clientChequeId: op.id,
          asset: p.asset,
          amount: p.amount,
          ...(p.description ? { description: p.description } : {}),
          ...(p.target ? { targetType: "telegram_user_id" as const, target: p.target } : {}),
          ...(p.callback ? { callback: p.callback } : {}),
        }),
      lookup: () => reconcile.cheque(clients.pay, op.id),
    });
    return asJson(cheque);
  },
  async reconcile({ op, clients }) {
    return found(await reconcile.cheque(clients.pay, op.id));
  },
  describeDone(t, payload, result) {
    const cheque = asCheque(result);
    const text = cheque ? createdText(t, cheque) : t("cheques-created-plain");
    return withWorthThen(t, text, payload.amount, keptWorth(payload));
  },
  doneKeyboard(t, _payload, result) {
    const cheque = asCheque(result);
    return cheque ? createdKeyboard(t, cheque) : undefined;
  },
};

/**
 * Deletes (cancels) an active cheque. Deleting has no client id but is idempotent on the cheque:
 * after an unknown outcome or a 409 the cheque is read; already cancelled means done, still active
 * after an unknown outcome means the delete did not land and may be sent again. The delete answers
 * no body, so the cheque is read for what the message shows; if that read fails, the message says
 * only that it was deleted.
 */
export const deleteChequeAction: ActionDefinition<DeletePayload> = {
  kind: DELETE_KIND,
  idPrefix: "chqdel",
  async execute({ payload, clients }) {
    const { chequeId } = DeletePayload.parse(payload);
    const deleteAndRead = async () => {
      await clients.pay.deleteCheque({ chequeId });
      const cheque = await clients.pay.getCheque({ chequeId }).catch(() => undefined);
      return cheque ? asJson(cheque) : {};
    };
    try {
      return await deleteAndRead();
    } catch (err) {
      const conflict =
        err instanceof ServiceRefusedError && (err.reason === "invalid_state" || err.status === 409);
      if (!conflict && !outcomeMayBeApplied(err)) throw err;
      const current = await clients.pay.getCheque({ chequeId });
      if (current.deleted) return asJson(current);
      if (chequeState(current) === "active" && outcomeMayBeApplied(err)) return await deleteAndRead();
      // Redeemed meanwhile: the original refusal explains it.
      throw err;
    }
  },
  async reconcile({ payload, clients }) {
    const { chequeId } = DeletePayload.parse(payload);
    const current = await clients.pay.getCheque({ chequeId });
    return current.deleted ? { done: true, resource: asJson(current) } : { done: false };
  },
  describeDone(t, _payload, result) {
    const cheque = asCheque(result);
    return cheque ? deletedText(t, cheque) : t("cheques-deleted-plain");
  },
};
