/**
 * Claims of a Confirm whose write failed for want of the database: the server may have written one and
 * lost only its reply. Each is undone (pending → proposed, while the row still shows that claim) as
 * soon as the database answers, or at once when the confirmation is pressed again here, so that
 * nothing is carried out after the person was told it was not sent.
 */
import type { Logger } from "pino";
import type { JournalDeps } from "./actions.js";
import { onceDatabaseAnswers } from "./attempt.js";

export class ClaimsToUndo {
  readonly #claims = new Map<string, { telegramId: number; at: Date }>();
  constructor(private readonly deps: JournalDeps) {}

  /** Notes a claim that may have been written, and undoes it once the database answers. */
  add(id: string, telegramId: number, at: Date, log: Logger): void {
    this.#claims.set(id, { telegramId, at });
    void onceDatabaseAnswers(log, () => this.now(id, log));
  }

  /** Undoes the claim of `id` noted here, if any; throws DatabaseUnavailableError while it cannot. */
  async now(id: string, log: Logger = this.deps.logger): Promise<void> {
    const claim = this.#claims.get(id);
    if (claim === undefined) return;
    const undone = await this.deps.storage.operations.unclaim(id, claim.telegramId, claim.at);
    this.#claims.delete(id);
    if (undone) log.info({ operationId: id }, "a claim written during the database outage was undone");
  }
}
