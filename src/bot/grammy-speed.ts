/**
 * Two of grammY 1.46's composition helpers allocate per update for every handler a Composer has,
 * whether the update reaches it or not; at a few hundred handlers that was about half of the memory a
 * `/start` allocates, and with it much of the time spent collecting garbage and running microtasks.
 * Both are replaced here with versions that behave the same and allocate only for the handlers an
 * update actually passes. Imported once, before any Composer is built (src/bot/index.ts); grammY is
 * pinned, and test/bot/grammy-speed.test.ts checks the behaviour the bot relies on.
 *
 * - `Composer.branch`, behind every filter (`chatType`, `command`, `on`, `callbackQuery`, `filter`),
 *   built a new Composer for each update at each filter. Here the branches are built once; a
 *   Composer's handlers are still looked up when it runs, so handlers added after the branch count.
 * - `Composer.use` nested each new handler around the previous ones, so entering a Composer entered
 *   all its handlers' wrappers at once. Here a Composer's handlers are a list walked one by one, with
 *   the same `next` rules (calling it twice fails, an error rejects the update's promise).
 */
import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";

type Predicate = (ctx: Context) => boolean | Promise<boolean>;

function run(middleware: Middleware<Context>): MiddlewareFn<Context> {
  return typeof middleware === "function" ? middleware : (ctx, next) => middleware.middleware()(ctx, next);
}

Composer.prototype.branch = function branch(
  this: Composer<Context>,
  predicate: Predicate,
  trueMiddleware: Middleware<Context> | Middleware<Context>[],
  falseMiddleware: Middleware<Context> | Middleware<Context>[],
) {
  const onTrue = run(Array.isArray(trueMiddleware) ? new Composer(...trueMiddleware) : trueMiddleware);
  const onFalse = run(Array.isArray(falseMiddleware) ? new Composer(...falseMiddleware) : falseMiddleware);
  return this.use((ctx, next) => {
    const verdict = predicate(ctx);
    return verdict instanceof Promise
      ? verdict.then((yes) => (yes ? onTrue : onFalse)(ctx, next))
      : (verdict ? onTrue : onFalse)(ctx, next);
  });
} as Composer<Context>["branch"];

const HANDLERS = Symbol("handlers in order");
/** A Composer's private fields, as grammY 1.46 names them. */
type Listed = { handler: MiddlewareFn<Context>; [HANDLERS]?: MiddlewareFn<Context>[] };

/**
 * Runs `handlers` in order: each gets a `next` that runs the rest, then the caller's `next`. As with
 * grammY's own, `next` and the whole always give a promise: an error, even a synchronous one, rejects,
 * and a handler's `next` fails when called twice.
 */
function inOrder(handlers: MiddlewareFn<Context>[]): MiddlewareFn<Context> {
  return (ctx, last) => {
    const step = (i: number): unknown => {
      if (i === handlers.length) return last();
      // The last handler gets the caller's own `next`, as with grammY's nesting.
      if (i === handlers.length - 1) return handlers[i]!(ctx, last);
      let nextCalled = false;
      return handlers[i]!(ctx, () => {
        if (nextCalled) return Promise.reject(new Error("`next` already called before!"));
        nextCalled = true;
        return settled(() => step(i + 1));
      });
    };
    return settled(() => step(0));
  };
}

/** The promise `run` returns (a resolved one for a plain value; a rejected one when it throws). */
function settled(run: () => unknown): Promise<void> {
  try {
    const result = run();
    return result instanceof Promise ? (result as Promise<void>) : DONE;
  } catch (err) {
    return Promise.reject(err);
  }
}

const DONE = Promise.resolve();

const originalHandler = new Composer<Context>().middleware();

Composer.prototype.use = function use(this: Composer<Context>, ...middleware: Middleware<Context>[]) {
  const composer = new Composer(...middleware);
  const self = this as unknown as Listed;
  let handlers = self[HANDLERS];
  if (handlers === undefined) {
    // What the constructor made stays first (nothing when it was given no middleware).
    handlers = self.handler === originalHandler ? [] : [self.handler];
    self[HANDLERS] = handlers;
    self.handler = inOrder(handlers);
  }
  handlers.push(run(composer));
  return composer;
} as Composer<Context>["use"];
