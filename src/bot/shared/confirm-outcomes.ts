/**
 * What the person is told about a confirmed action, in their language: done (the action's own words
 * and buttons), refused (why, with a way to link a key when that is why), not settled yet (why, and
 * that it is checked and carried out), and the notes the journal adds after a restart or an outage.
 */
import type { InlineKeyboardMarkup } from "grammy/types";
import type { OutcomeWords } from "../../journal/attempt.js";
import { describeError } from "./errors.js";
import { failureKeyboard } from "./link-key.js";

export const confirmationWords: OutcomeWords<InlineKeyboardMarkup> = {
  reasonOf: describeError,
  outcome(def, op, a, t) {
    switch (a.state) {
      case "done": {
        const keyboard = def.doneKeyboard?.(t, op.payload, a.result);
        return { text: def.describeDone(t, op.payload, a.result), ...(keyboard ? { keyboard } : {}) };
      }
      case "refused": {
        const keyboard = failureKeyboard(t, a.reason);
        return { text: t("confirm-refused", { reason: t(a.reason.key, a.reason.vars) }), ...(keyboard ? { keyboard } : {}) };
      }
      case "unknown":
        return { text: t(`confirm-outcome-${a.reason}`) };
    }
  },
  unrecorded: (state, t) => t(`confirm-unrecorded-${state}`),
  restarted: (reason, t) => `${t("confirm-restarted")}\n${t(`confirm-outcome-${reason}`)}`,
  unchecked(reason, t) {
    const keyboard = failureKeyboard(t, reason);
    return { text: t("confirm-unchecked", { reason: t(reason.key, reason.vars) }), ...(keyboard ? { keyboard } : {}) };
  },
};
