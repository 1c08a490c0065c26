/**
 * The kinds of irreversible action the journal carries out, each registered once by its feature: how
 * to send it with its fixed client id, how to read it back by that id, and what to tell once it is done.
 */
import type { Logger } from "pino";
import type { UserClients } from "../accounts/clients.js";
import type { Translate } from "../domain/translate.js";
import type { ServiceFactory } from "../service/factory.js";
import type { Reconciled } from "../service/reconcile.js";
import type { SqlStorage } from "../storage/index.js";
import type { OperationRecord } from "../storage/types.js";

export type Json = Record<string, unknown>;

/** What the journal needs of the bot's dependencies (the bot's own satisfy it). */
export interface JournalDeps {
  config: { CONFIRM_TTL_SECONDS: number };
  logger: Logger;
  storage: SqlStorage;
  services: ServiceFactory;
  /** The clock; tests move it to expire confirmations. */
  now: () => Date;
  /** The notification watcher's hint that a cheque or an order was just made (absent when it is not running). */
  watch?: {
    /** `result`: what the service answered (the cheque or order made), watched from its creation. */
    actionDone(telegramId: number, actionKind: string, result?: Json): Promise<void>;
    /** A done action moved money to its other person (`counterparty`): they are told, once. */
    transferReceived(t: { operationId: string; to: number; from: number; asset: string; amount: string; description?: string }): Promise<void>;
  };
}

export interface ActionRun<P extends Json> {
  op: OperationRecord;
  payload: P;
  clients: UserClients;
  /**
   * True when reconciliation carries the action out after `reconcile` found it not done (a crash or an
   * unknown outcome came first): an action of several steps then reads each earlier step back by its
   * client id before sending it, so only a missing step is sent.
   */
  resumed?: boolean;
}

/**
 * One kind of irreversible action. `execute` must use `op.id` as the client id (or be idempotent).
 * `K` is the buttons' type: the journal only carries them from the action to the notice.
 */
export interface ActionDefinition<P extends Json = Json, K = unknown> {
  kind: string;
  /** Prefix of generated client ids (letters and digits). */
  idPrefix: string;
  execute(run: ActionRun<P>): Promise<Json>;
  /** Reads the outcome by client id after an unknown outcome or a crash. */
  reconcile(run: ActionRun<P>): Promise<Reconciled<Json>>;
  /** What the user sees once it is done. */
  describeDone(t: Translate, payload: P, result: Json): string;
  doneKeyboard?(t: Translate, payload: P, result: Json): K | undefined;
  /** The other person whose history shows it too (a transfer's recipient); none when absent. */
  counterparty?(payload: P): number | undefined;
}

export class ActionRegistry<K = unknown> {
  readonly #defs = new Map<string, ActionDefinition<Json, K>>();
  /**
   * @param watchExpiry told of each proposal once its summary is shown, so that the summary is edited
   * when it expires unanswered (never throws; a failure is left to the periodic sweep).
   */
  constructor(readonly watchExpiry: (id: string, expiresAt: Date) => void = () => undefined) {}
  register<P extends Json>(def: ActionDefinition<P, K>): void {
    if (this.#defs.has(def.kind)) throw new Error(`action ${def.kind} registered twice`);
    this.#defs.set(def.kind, def as unknown as ActionDefinition<Json, K>);
  }
  get(kind: string): ActionDefinition<Json, K> {
    const def = this.#defs.get(kind);
    if (!def) throw new Error(`unknown action kind ${kind}`);
    return def;
  }
}
