/**
 * Proposing an action: the operation row, keyed by the action's client id, is written before the
 * Confirm button is shown, on the network the person acts on now (kept on the row until it is done).
 * The bot shows the summary between the steps (src/bot/shared/confirm.ts, proposeAction).
 */
import { NoKeyError } from "../accounts/clients.js";
import { newClientId } from "../domain/ids.js";
import type { NetworkName } from "../domain/networks.js";
import type { ActionRegistry, JournalDeps, Json } from "./actions.js";

/** An action about to be proposed: its client id and the network it is to be carried out on. */
export interface Draft {
  kind: string;
  id: string;
  telegramId: number;
  chatId: number;
  network: NetworkName;
  payload: Json;
  /** The other person whose history shows it too (the action's `counterparty`). */
  counterparty?: number;
  /** When the proposal expires unanswered (CONFIRM_TTL_SECONDS from now). */
  expiresAt: Date;
}

/**
 * Chooses the client id (`id` when one was chosen earlier, e.g. derived; a fresh one otherwise) and
 * reads the person's network; throws NoKeyError when no key is linked for it. Nothing is written.
 */
export async function draftProposal(
  deps: JournalDeps,
  actions: ActionRegistry<unknown>,
  p: { kind: string; telegramId: number; chatId: number; payload: Json; id?: string },
): Promise<Draft> {
  const def = actions.get(p.kind);
  const stored = await deps.storage.users.get(p.telegramId);
  if (!stored?.hasKey) throw new NoKeyError();
  const expiresAt = new Date(deps.now().getTime() + deps.config.CONFIRM_TTL_SECONDS * 1000);
  return {
    kind: def.kind,
    id: p.id ?? newClientId(def.idPrefix),
    telegramId: p.telegramId,
    chatId: p.chatId,
    network: stored.network,
    payload: p.payload,
    expiresAt,
    ...withCounterparty(def.counterparty?.(p.payload)),
  };
}

/**
 * Writes the proposed operation. `expiredText` is what its summary becomes if nobody answers it,
 * written now, in the language of the summary: whichever instance sees it expire edits it to this.
 */
export async function writeProposal(deps: JournalDeps, draft: Draft, expiredText: string): Promise<void> {
  await deps.storage.operations.propose({
    id: draft.id,
    telegramId: draft.telegramId,
    chatId: draft.chatId,
    kind: draft.kind,
    network: draft.network,
    payload: draft.payload,
    messageId: null,
    expiresAt: draft.expiresAt,
    expiredText,
    ...withCounterparty(draft.counterparty),
  });
}

const withCounterparty = (id: number | undefined) => (id === undefined ? {} : { counterparty: id });

/** The summary is shown as message `messageId`: noted on the row, and its expiry watched. */
export async function proposalShown(deps: JournalDeps, actions: ActionRegistry<unknown>, draft: Draft, messageId: number): Promise<void> {
  await deps.storage.operations.setMessageId(draft.id, messageId);
  actions.watchExpiry(draft.id, draft.expiresAt);
}
