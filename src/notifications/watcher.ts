/**
 * The watcher: polls, for each user with a key, only what can change — their active invoices, active
 * cheques and open orders — and feeds what it reads to the change detector. Each (user, kind) slot
 * is polled again after an interval that grows with the time since something of that kind last
 * changed (a fresh invoice often, a month-old one rarely), within configured bounds. A user's calls
 * per minute are bounded so that one user's hundreds of objects cannot starve the others, and a 429
 * from the service pauses all polling for the time it asks. A round reads its users' keys and its
 * slots' last-seen objects in one query each and reschedules its slots in one statement
 * (docs/decisions/069); the keys are decrypted for the round and never kept between rounds.
 *
 * All calls together are bounded too (`callsPerMinute`): a round takes no more slots than the budget
 * allows (the rest stay due, soonest first), and when the slots' configured intervals would need more
 * calls than that, the longest and idle intervals are stretched so that they fit (`fitIntervals`):
 * a fresh object keeps its short interval, a month-quiet one is polled more rarely, predictably.
 *
 * Several instances share the users (`share`, see partition.ts): each polls its own and spends its
 * part of the global budget; the intervals are fitted by each to all slots and the whole budget.
 */
import type { Logger } from "pino";
import { isNotFound, RateLimitedError, UnauthorizedError } from "../service/errors.js";
import type { ServiceClients, ServiceFactory } from "../service/factory.js";
import type { InvoicePayment } from "../service/schemas.js";
import type { UsersRepo } from "../storage/types.js";
import {
  type NoticeDraft,
  initialState,
  isOpen,
  noticesFor,
  type ObjectState,
  nextState,
  objectId,
  takesSeveralPayments,
  type Watched,
  type WatchKind,
  withPayments,
} from "./detect.js";
import { type Slot, slotKey, type WatchStore } from "./store.js";

export interface WatcherOptions {
  /** Shortest and longest time between two polls of one slot. */
  minIntervalMs: number;
  maxIntervalMs: number;
  /** Between polls of a slot with nothing open (only to discover objects created elsewhere). */
  idleIntervalMs: number;
  /** Service calls one user's slots may make per minute. */
  userCallsPerMinute: number;
  /** Service calls the watcher makes per minute in all (intervals of quiet slots stretch to fit). */
  callsPerMinute: number;
  /** Users polled at once. */
  concurrency: number;
  /** Slots taken per round. */
  batch: number;
}

export interface WatcherDeps {
  store: WatchStore;
  users: Pick<UsersRepo, "loadActiveKeys">;
  services: ServiceFactory;
  log: Logger;
  now: () => number;
  options: WatcherOptions;
  /**
   * This instance's part of the users when several instances share them (partition.ts): a round polls
   * only its users, and its part of the global budget (`callsPerMinute` divided by the live count).
   * Undefined (or returning undefined: not placed yet, as in a single instance's tests): every user, the whole budget.
   */
  share?: () => { index: number; count: number } | undefined;
}

/** The share of the global budget the long intervals are fitted into; the rest serves fresh slots and reads. */
const STEADY_SHARE = 0.8;
/** Polls are this fraction of the time since the slot's last activity (within min and max). */
const AGE_DIVISOR = 10;
const PAGE_LIMIT = 100;
/** Payments read for a paid-invoice notice: an invoice closes after `numPayments` of them. */
const PAYMENTS_READ = 1000;

/** The global budget's bucket (user ids are positive). */
const GLOBAL = 0;

class BudgetExhausted extends Error {
  constructor(readonly waitMs: number) {
    super("user call budget exhausted");
  }
}

/** A token bucket per user: `perMinute` calls, refilled continuously. */
class CallBudget {
  readonly #buckets = new Map<number, { tokens: number; at: number }>();
  constructor(private perMinute: number) {}

  /** Changes the rate (an instance's part of the global budget as instances come and go). */
  setRate(perMinute: number, now: number): void {
    if (perMinute === this.perMinute) return;
    // Refill at the old rate up to now, then cap at the new one.
    this.#buckets.forEach((b) => {
      b.tokens = Math.min(perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
      b.at = now;
    });
    this.perMinute = perMinute;
  }

  take(user: number, now: number): void {
    const b = this.#buckets.get(user) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    if (b.tokens < 1) {
      this.#buckets.set(user, b);
      throw new BudgetExhausted(Math.ceil(((1 - b.tokens) * 60_000) / this.perMinute));
    }
    b.tokens -= 1;
    this.#buckets.set(user, b);
  }

  /** Calls `user` may make now. */
  available(user: number, now: number): number {
    const b = this.#buckets.get(user);
    return b === undefined ? this.perMinute : Math.min(this.perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
  }

  #prunedAt = 0;

  /** Drops buckets that have refilled completely (they behave like new ones); at most once a minute. */
  prune(now: number): void {
    if (now - this.#prunedAt < 60_000) return;
    this.#prunedAt = now;
    // forEach: iterating the entries would allocate a pair per user on every pass.
    this.#buckets.forEach((b, user) => {
      if (now - b.at > 60_000) this.#buckets.delete(user);
    });
  }
}

/** A round's users' keys, read together. */
type RoundKeys = Awaited<ReturnType<UsersRepo["loadActiveKeys"]>>;
/** A round's slots' open objects as stored, by `slotKey`. */
type RoundObjects = Awaited<ReturnType<WatchStore["openObjectsOf"]>>;

/** A round's decisions about its slots, written together when the round ends. */
type Rescheduled = { telegramId: number; kind: WatchKind; dueAt: number; nextPollAt: number; activeAt?: number };

export class Watcher {
  /** Service calls made since start (the benchmark and the log report it). */
  calls = 0;
  /** How much the longest and idle intervals are lengthened to fit the global budget (1: not at all). */
  stretch = 1;
  #pausedUntil = 0;
  /** Where the next poll starts reading invoices' payments (see #withPaymentsRead). */
  #paymentsRotation = 0;
  readonly #budget: CallBudget;
  /** The global budget: one bucket shared by all users. */
  readonly #global: CallBudget;

  constructor(private readonly d: WatcherDeps) {
    this.#budget = new CallBudget(d.options.userCallsPerMinute);
    this.#global = new CallBudget(d.options.callsPerMinute);
  }

  /**
   * Fits the intervals to the global budget: with `open` slots polled every longest interval, the rest
   * every idle interval, and one more call per poll for each open invoice that takes several payments
   * (`paymentReads`), the calls a minute they need must stay within STEADY_SHARE of the budget;
   * otherwise both intervals are lengthened by the same factor. Returns that factor. A configuration
   * that cannot be met is logged at warn each time the factor changes (at start, and as users come),
   * with the intervals actually polled and the budget that would meet it.
   */
  fitIntervals(counts: { slots: number; open: number; paymentReads?: number }): number {
    const { maxIntervalMs, idleIntervalMs, callsPerMinute } = this.d.options;
    const needed = this.callsNeeded(counts);
    const stretch = Math.max(1, needed / (callsPerMinute * STEADY_SHARE));
    if (Math.abs(stretch - this.stretch) > 0.01) {
      const figures = { ...counts, needed: Math.round(needed), callsPerMinute, stretch };
      if (stretch > 1) {
        this.d.log.warn(
          {
            ...figures,
            longestIntervalSeconds: Math.round((maxIntervalMs * stretch) / 1000),
            idleIntervalSeconds: Math.round((idleIntervalMs * stretch) / 1000),
            callsPerMinuteToMeetIt: Math.ceil(needed / STEADY_SHARE),
          },
          "watcher configuration cannot be met: intervals stretched to fit WATCH_CALLS_PER_MINUTE",
        );
      } else {
        this.d.log.info(figures, "watcher intervals as configured");
      }
    }
    this.stretch = stretch;
    return stretch;
  }

  /** Service calls a minute the configured intervals need for these slots (without the reads of changes). */
  callsNeeded(counts: { slots: number; open: number; paymentReads?: number }): number {
    const { maxIntervalMs, idleIntervalMs } = this.d.options;
    const idle = Math.max(0, counts.slots - counts.open);
    return ((counts.open + (counts.paymentReads ?? 0)) * 60_000) / maxIntervalMs + (idle * 60_000) / idleIntervalMs;
  }

  /** The next interval of a slot last active at `activeAt`. */
  intervalFor(activeAt: number, now: number, anyOpen: boolean): number {
    const { minIntervalMs, maxIntervalMs, idleIntervalMs } = this.d.options;
    const byAge = Math.min(maxIntervalMs * this.stretch, Math.max(minIntervalMs, (now - activeAt) / AGE_DIVISOR));
    return Math.round(anyOpen ? byAge : Math.max(byAge, idleIntervalMs * this.stretch));
  }

  /** One round: polls the slots that are due, as many as the global budget allows. Returns how many. */
  async round(): Promise<number> {
    const now = this.d.now();
    if (now < this.#pausedUntil) return 0;
    const share = this.d.share?.();
    // The global budget is the instances' together: each spends its part.
    this.#global.setRate(this.d.options.callsPerMinute / Math.max(1, share?.count ?? 1), now);
    // About one call per slot; what the budget cannot take now stays due, soonest first, for later rounds.
    const room = Math.floor(this.#global.available(GLOBAL, now));
    if (room < 1) return 0;
    const due = await this.d.store.dueSlots(now, Math.min(this.d.options.batch, room), share);
    const byUser = new Map<number, Slot[]>();
    for (const s of due) {
      const slots = byUser.get(s.telegramId);
      if (slots) slots.push(s);
      else byUser.set(s.telegramId, [s]);
    }
    // The round's keys and last-seen objects in one read each, not one per user and slot. Should the
    // database not answer, the round ends here with its slots still due.
    const [keys, known] = await Promise.all([
      this.d.users.loadActiveKeys([...byUser.keys()], (telegramId, err) =>
        this.d.log.warn({ err, telegramId }, "watcher could not read a stored key"),
      ),
      this.d.store.openObjectsOf(due),
    ]);
    const queue = [...byUser.values()];
    const done: Rescheduled[] = [];
    const worker = async () => {
      for (let slots = queue.shift(); slots; slots = queue.shift()) await this.#pollUser(slots, keys, known, done);
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.d.options.concurrency, queue.length) }, worker));
    } finally {
      // The round's bookkeeping together; a crash before it only makes these slots due again.
      await this.d.store.rescheduleMany(done);
    }
    this.#budget.prune(this.d.now());
    return due.length;
  }

  async #pollUser(slots: Slot[], keys: RoundKeys, known: RoundObjects, done: Rescheduled[]): Promise<void> {
    const user = slots[0]?.telegramId;
    if (user === undefined) return;
    const later = (slot: Slot, nextPollAt: number, activeAt?: number) =>
      done.push({
        telegramId: user,
        kind: slot.kind,
        dueAt: slot.nextPollAt,
        nextPollAt,
        ...(activeAt === undefined ? {} : { activeAt }),
      });
    const stored = keys.get(user);
    if (stored === undefined) {
      // The key was removed since the slots were made (the next sync drops them), or cannot be read.
      for (const s of slots) later(s, this.d.now() + this.d.options.maxIntervalMs);
      return;
    }
    const clients = this.d.services.forKey(stored.network, stored.apiKey);
    for (const slot of slots) {
      if (this.d.now() < this.#pausedUntil) {
        later(slot, this.#pausedUntil);
        continue;
      }
      const [nextPollAt, activeAt] = await this.#pollSlot(slot, clients, known.get(slotKey(user, slot.kind)) ?? new Map());
      later(slot, nextPollAt, activeAt);
    }
  }

  /** Polls one slot; returns when to poll it next, and its time of last activity when the poll read it. */
  async #pollSlot(slot: Slot, clients: ServiceClients, known: Map<string, ObjectState>): Promise<[number, number?]> {
    const { log } = this.d;
    const user = slot.telegramId;
    try {
      const { changed, anyOpen } = await this.#pollKind(slot, clients, known);
      const now = this.d.now();
      const activeAt = changed ? now : slot.activeAt;
      return [now + this.intervalFor(activeAt, now, anyOpen), activeAt];
    } catch (err) {
      const now = this.d.now();
      if (err instanceof BudgetExhausted) return [now + err.waitMs];
      if (err instanceof RateLimitedError) {
        this.#pausedUntil = Math.max(this.#pausedUntil, now + err.retryAfterMs);
        log.info({ retryAfterMs: err.retryAfterMs }, "service rate limit: watcher paused");
        return [this.#pausedUntil];
      }
      // A revoked key: try rarely; /connect with a new key makes the slot fresh again.
      if (err instanceof UnauthorizedError) return [now + this.d.options.idleIntervalMs];
      log.warn({ err, telegramId: user, kind: slot.kind }, "watcher could not poll");
      return [now + this.d.options.minIntervalMs * 3];
    }
  }

  /**
   * Completes paid-invoice notices from the invoice's payments (who paid, what was paid). A 429 or an
   * exhausted budget is thrown, so nothing is stored and the slot reads it all again later; any other
   * failure to read them still announces the payment, without the payer.
   */
  async #complete(user: number, notices: NoticeDraft[], clients?: ServiceClients): Promise<NoticeDraft[]> {
    if (clients === undefined) return notices;
    const out: NoticeDraft[] = [];
    for (const n of notices) {
      if (n.payload.type !== "invoice-paid") {
        out.push(n);
        continue;
      }
      const { invoiceId } = n.payload;
      try {
        out.push({ ...n, payload: withPayments(n.payload, await this.#payments(user, invoiceId, clients)) });
      } catch (err) {
        if (err instanceof BudgetExhausted || err instanceof RateLimitedError) throw err;
        this.d.log.warn({ err, telegramId: user, invoiceId }, "watcher could not read an invoice's payments");
        out.push(n);
      }
    }
    return out;
  }

  /** Spends one call of the user's budget and one of the global budget, then makes it. */
  async #call<T>(user: number, fn: () => Promise<T>): Promise<T> {
    const now = this.d.now();
    this.#budget.take(user, now);
    this.#global.take(GLOBAL, now);
    this.calls++;
    return fn();
  }

  /**
   * Lists what is open now, reads back what disappeared from the list, feeds everything to the detector.
   * `known`: the slot's open objects as stored when the round began (a state stored since only makes
   * the guarded write fail and compare again; an object stored since is seen at the slot's next poll).
   */
  async #pollKind(slot: Slot, c: ServiceClients, known: Map<string, ObjectState>): Promise<{ changed: boolean; anyOpen: boolean }> {
    const user = slot.telegramId;
    const listed = await this.#listOpen(user, slot.kind, c);
    let changed = false;
    let anyOpen = false;
    const seen = new Set<string>();
    for (const w of listed) {
      seen.add(objectId(w));
      anyOpen ||= isOpen(w);
      // A new invoice that takes several payments, whose payments the budget left unread: remembered
      // only once they are read, so that none made before then goes untold.
      const unread = w.kind === "invoice" && w.payments === undefined && isOpen(w) && takesSeveralPayments(w.object);
      if (unread && !known.has(objectId(w))) continue;
      changed = (await this.observe(user, w, slot.baseline, known.get(objectId(w)), c)) || changed;
    }
    for (const id of known.keys()) {
      if (seen.has(id)) continue;
      const w = await this.#read(user, slot.kind, id, c);
      if (w === undefined) await this.d.store.close(user, slot.kind, id);
      else {
        changed = (await this.observe(user, w, slot.baseline, known.get(id), c)) || changed;
        anyOpen ||= isOpen(w);
      }
    }
    return { changed, anyOpen };
  }

  async #listOpen(user: number, kind: WatchKind, c: ServiceClients): Promise<Watched[]> {
    if (kind === "order") {
      const page = await this.#call(user, () => c.exchange.getActiveOrders({}));
      return page.orders.map((object) => ({ kind, object }));
    }
    const out: Watched[] = [];
    let cursor: string | undefined;
    do {
      const at = cursor;
      if (kind === "invoice") {
        const page = await this.#call(user, () =>
          c.pay.getInvoices({ status: "active", limit: PAGE_LIMIT, ...(at ? { cursor: at } : {}) }),
        );
        out.push(...page.items.map((object) => ({ kind, object })));
        cursor = page.pagination.next ?? undefined;
      } else {
        const page = await this.#call(user, () =>
          c.pay.getCheques({ state: "active", limit: PAGE_LIMIT, ...(at ? { cursor: at } : {}) }),
        );
        out.push(...page.items.map((object) => ({ kind, object })));
        cursor = page.pagination.next ?? undefined;
      }
    } while (cursor !== undefined);
    return kind === "invoice" ? this.#withPaymentsRead(user, out, c) : out;
  }

  /**
   * The invoice does not say how many payments it has had: active ones that take several are read with
   * their payments (one more call each, in the budgets), so each new payment is announced. When the
   * user's budget runs out first, the rest are left without (their count is kept, see nextState) and the
   * poll goes on; each poll starts at a different one (a counter over all polls), so none is always left out.
   */
  async #withPaymentsRead(user: number, listed: Watched[], c: ServiceClients): Promise<Watched[]> {
    const several = listed.flatMap((w, at) =>
      w.kind === "invoice" && w.object.status === "active" && takesSeveralPayments(w.object) ? [at] : [],
    );
    const start = several.length === 0 ? 0 : this.#paymentsRotation++ % several.length;
    const out = [...listed];
    for (let i = 0; i < several.length; i++) {
      const at = several[(start + i) % several.length] as number;
      const w = out[at] as Extract<Watched, { kind: "invoice" }>;
      try {
        out[at] = { ...w, payments: await this.#payments(user, w.object.id, c) };
      } catch (err) {
        if (err instanceof BudgetExhausted) break;
        throw err;
      }
    }
    return out;
  }

  /** An invoice's payments (newest first, as many as an invoice can take). */
  async #payments(user: number, invoiceId: string, c: ServiceClients): Promise<InvoicePayment[]> {
    const page = await this.#call(user, () => c.pay.getInvoicePayments({ invoiceId, limit: PAYMENTS_READ }));
    return page.items;
  }

  /** One object by id; undefined when the service no longer knows it. */
  async #read(user: number, kind: WatchKind, id: string, c: ServiceClients): Promise<Watched | undefined> {
    try {
      if (kind === "invoice") return { kind, object: await this.#call(user, () => c.pay.getInvoice({ invoiceId: id })) };
      if (kind === "cheque") return { kind, object: await this.#call(user, () => c.pay.getCheque({ chequeId: id })) };
      return { kind, object: await this.#call(user, () => c.exchange.getOrder({ orderId: id })) };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * Feeds one object to the change detector. An object first seen after the slot's first round is new:
   * it is compared with the state it was created in (so a fill before the first look is announced);
   * on the first round everything is only remembered. `stored` is the state just read with the slot's
   * open objects (saves a read; a stale one only makes the guarded write fail and read again). `clients`
   * read what the object itself does not say (an invoice's payers). True when something changed.
   */
  async observe(
    user: number,
    w: Watched,
    afterBaseline: boolean,
    stored?: ObjectState,
    clients?: ServiceClients,
  ): Promise<boolean> {
    const { store } = this.d;
    const id = objectId(w);
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = attempt === 0 && stored !== undefined ? stored : await store.objectState(user, w.kind, id);
      const after = nextState(before, w);
      if (before !== undefined && JSON.stringify(before) === JSON.stringify(after)) return false;
      const from = before ?? (afterBaseline ? initialState(w) : after);
      const notices = await this.#complete(user, noticesFor(from, w), clients);
      if (await store.commit(user, w.kind, id, before, after, isOpen(w), notices, this.d.now())) return true;
      // Another source stored a newer state meanwhile: compare again with that.
    }
    return false;
  }
}
