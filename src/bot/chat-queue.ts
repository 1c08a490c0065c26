/**
 * A chat's updates one at a time, lowest update id first, with a bounded backlog. It takes the place
 * of the runner's `sequentialize`, which parks every update of a busy chat, however many: the runner
 * keeps at most 500 updates in flight, so one chat's burst filled them all and everybody else waited
 * behind it. Here a chat holds at most its update being handled plus `backlog` waiting; an update
 * past that is dropped (`dropped` answers it and tells the person to slow down), never kept in memory.
 * Across instances, the chat's turn in the database orders them further (src/storage/chat-sessions.ts).
 */
import type { Context, MiddlewareFn } from "grammy";

export interface ChatQueueOptions<C extends Context> {
  /** Most updates of one chat waiting behind the one being handled. */
  backlog: number;
  /** Called for an update dropped because its chat's backlog is full. */
  dropped: (ctx: C) => Promise<void>;
}

interface Waiting {
  updateId: number;
  go: () => void;
}

/** The chat an update belongs to (its sender's, for updates without a chat such as inline queries). */
function chatOf(ctx: Context): string | undefined {
  const id = ctx.chat?.id ?? ctx.from?.id;
  return id === undefined ? undefined : String(id);
}

export class ChatQueue<C extends Context> {
  /** For each chat with an update being handled, the updates waiting behind it, by update id. */
  readonly #lines = new Map<string, Waiting[]>();
  #parked = 0;

  constructor(private readonly options: ChatQueueOptions<C>) {}

  /** Updates waiting behind their chat's current one, in all chats. */
  get parked(): number {
    return this.#parked;
  }

  readonly middleware: MiddlewareFn<C> = async (ctx, next) => {
    const chat = chatOf(ctx);
    if (chat === undefined) return next();
    const line = this.#lines.get(chat);
    if (line === undefined) this.#lines.set(chat, []);
    else {
      if (line.length >= this.options.backlog) return this.options.dropped(ctx);
      this.#parked++;
      await new Promise<void>((go) => enter(line, { updateId: ctx.update.update_id, go }));
      this.#parked--;
    }
    try {
      await next();
    } finally {
      const waiting = this.#lines.get(chat)!;
      const following = waiting.shift();
      if (following) following.go();
      else this.#lines.delete(chat);
    }
  };
}

/** Puts `w` in its place by update id (usually last: ids grow). */
function enter(line: Waiting[], w: Waiting): void {
  let i = line.length;
  while (i > 0 && line[i - 1]!.updateId > w.updateId) i--;
  line.splice(i, 0, w);
}
