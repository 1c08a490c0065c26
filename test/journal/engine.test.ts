/**
 * The journal on its own, without the bot or Telegram: a claimed action is carried out once; an
 * unknown outcome is read back by its client id and sent again, with that id, only when the service
 * has nothing under it; a refusal is recorded with its reason and never retried; an action whose key
 * is gone ends with a notice saying it cannot be checked; a person told only "Processing…" before a
 * restart hears why the action is late, then its outcome, once each.
 *
 * The action is a stand-in whose "service" is a set of client ids; the words are plain strings.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ActionRegistry, type ActionDefinition } from "../../src/journal/actions.js";
import type { Journal, Notice, OutcomeWords, RecordSettlement } from "../../src/journal/attempt.js";
import { draftProposal, proposalShown, writeProposal } from "../../src/journal/propose.js";
import { reconcileUnfinished } from "../../src/journal/reconcile.js";
import { runAction } from "../../src/journal/run.js";
import type { Translate } from "../../src/domain/translate.js";
import { NetworkError, OutcomeUnknownError, ServiceRefusedError } from "../../src/service/errors.js";
import { Harness, type TestUser } from "../helpers/bot-harness.js";

/** What the stand-in service holds, and how its next sends and reads fail. */
class Service {
  readonly applied = new Set<string>();
  /** Each send, with whether it was a resumed one. */
  readonly sends: { id: string; resumed: boolean }[] = [];
  sendFailures: { err: unknown; applied: boolean }[] = [];
  readFailures: unknown[] = [];
}

const t: Translate = (key) => key;

const words: OutcomeWords<string> = {
  reasonOf: (err) => ({ key: err instanceof ServiceRefusedError ? "refused-by-service" : "cannot-use-key" }),
  outcome(def, op, a, tr) {
    if (a.state === "done") return { text: def.describeDone(tr, op.payload, a.result), keyboard: "done-buttons" };
    if (a.state === "refused") return { text: `refused: ${a.reason.key}` };
    return { text: `unknown: ${a.reason}` };
  },
  unrecorded: (state) => `not recorded yet (${state})`,
  restarted: (reason) => `late: ${reason}`,
  unchecked: (reason) => ({ text: `unchecked: ${reason.key}` }),
};

describe("the journal without the bot", () => {
  let h: Harness;
  let user: TestUser;
  let service: Service;
  let journal: Journal<string>;
  let notices: { id: string; notice: Notice<string> }[];
  let watched: string[];

  beforeEach(async () => {
    h = await Harness.create();
    ({ user } = await h.linkedUser({ pay: { USDT: "5" } }));
    service = new Service();
    notices = [];
    watched = [];
    const probe: ActionDefinition<{ n: number }, string> = {
      kind: "probe",
      idPrefix: "prb",
      async execute({ op, resumed }) {
        service.sends.push({ id: op.id, resumed: resumed === true });
        const failure = service.sendFailures.shift();
        if (failure?.applied !== false) service.applied.add(op.id);
        if (failure) throw failure.err;
        return { id: op.id };
      },
      async reconcile({ op }) {
        const failure = service.readFailures.shift();
        if (failure) throw failure;
        return service.applied.has(op.id) ? { done: true, resource: { id: op.id } } : { done: false };
      },
      describeDone: (_t, payload, result) => `done ${String(result.id)} (${payload.n})`,
      doneKeyboard: () => "done-buttons",
    };
    const actions = new ActionRegistry<string>((id) => watched.push(id));
    actions.register(probe);
    // As settlementRecorder does: the notice only with the write that settled the row.
    const record: RecordSettlement<string> = async (op, s, notice) => {
      const ops = h.storage.operations;
      const written =
        s.state === "done"
          ? await ops.markDone(op.id, s.result)
          : s.state === "refused"
            ? await ops.markRefused(op.id, s.error)
            : await ops.markUnknown(op.id, s.error);
      if (written && notice) notices.push({ id: op.id, notice });
    };
    journal = { deps: h.deps, actions, record, words };
  });
  afterEach(async () => h?.close());

  /** A proposal written, shown and confirmed: the row claimed (pending), as a Confirm press leaves it. */
  async function confirmed() {
    const draft = await draftProposal(h.deps, journal.actions, { kind: "probe", telegramId: user.id, chatId: user.id, payload: { n: 7 } });
    await writeProposal(h.deps, draft, "not confirmed in time");
    await proposalShown(h.deps, journal.actions, draft, 1);
    const claim = await h.storage.operations.claim(draft.id, user.id, h.deps.now());
    if (!claim.claimed) throw new Error(`not claimed: ${claim.reason}`);
    return claim.operation;
  }
  const stateOf = async (id: string) => (await h.storage.operations.get(id))?.state;

  it("carries out a confirmed action once; a second claim finds it taken", async () => {
    const op = await confirmed();
    expect(op.id).toMatch(/^prb-/);
    expect(watched).toEqual([op.id]);
    const outcome = await runAction(journal, op, t);
    expect(outcome).toEqual({ state: "done", text: `done ${op.id} (7)`, keyboard: "done-buttons" });
    expect(await stateOf(op.id)).toBe("done");
    expect(await h.storage.operations.claim(op.id, user.id, h.deps.now())).toMatchObject({ claimed: false, reason: "already" });
    expect(await reconcileUnfinished(journal, async () => t)).toBe(0);
    expect(service.sends).toEqual([{ id: op.id, resumed: false }]);
  });

  it("reads back an outcome lost on the way: applied, it is done without a second send", async () => {
    service.sendFailures.push({ err: new OutcomeUnknownError("placeOrder", "timeout"), applied: true });
    const op = await confirmed();
    expect(await runAction(journal, op, t)).toEqual({ state: "unknown", text: "unknown: connection-lost" });
    expect(await stateOf(op.id)).toBe("unknown");
    expect(await reconcileUnfinished(journal, async () => t)).toBe(1);
    expect(await reconcileUnfinished(journal, async () => t)).toBe(0);
    expect(service.sends).toHaveLength(1);
    expect(await stateOf(op.id)).toBe("done");
    expect(notices).toEqual([{ id: op.id, notice: { text: `done ${op.id} (7)`, keyboard: "done-buttons" } }]);
  });

  it("sends again, with the same client id, what the service does not have", async () => {
    service.sendFailures.push({ err: new NetworkError("placeOrder", "refused"), applied: false });
    const op = await confirmed();
    expect(await runAction(journal, op, t)).toMatchObject({ state: "unknown", text: "unknown: not-sent" });
    expect(await reconcileUnfinished(journal, async () => t)).toBe(1);
    expect(service.sends).toEqual([
      { id: op.id, resumed: false },
      { id: op.id, resumed: true },
    ]);
    expect(service.applied).toEqual(new Set([op.id]));
    expect(notices.map((n) => n.notice.text)).toEqual([`done ${op.id} (7)`]);
  });

  it("records a refusal of the write with its reason and never sends it again", async () => {
    service.sendFailures.push({
      err: new ServiceRefusedError("placeOrder", 400, "insufficient_funds", undefined, {}),
      applied: false,
    });
    const op = await confirmed();
    expect(await runAction(journal, op, t)).toEqual({ state: "refused", text: "refused: refused-by-service" });
    expect(await h.storage.operations.get(op.id)).toMatchObject({ state: "refused", error: "refused-by-service" });
    expect(await reconcileUnfinished(journal, async () => t)).toBe(0);
    expect(service.sends).toHaveLength(1);
  });

  it("after a restart, tells why a confirmed action is late, then its outcome, once each", async () => {
    // Claimed, then the process died before sending: the person saw only "Processing…".
    const op = await confirmed();
    service.readFailures.push(new NetworkError("getAsset", "unreachable"));
    expect(await reconcileUnfinished(journal, async () => t)).toBe(0);
    expect(await stateOf(op.id)).toBe("unknown");
    expect(await reconcileUnfinished(journal, async () => t)).toBe(1);
    expect(notices.map((n) => n.notice.text)).toEqual(["late: unreachable", `done ${op.id} (7)`]);
    expect(service.sends).toEqual([{ id: op.id, resumed: true }]);
  });

  it("ends an unfinished action whose key is gone: it can be neither read nor sent", async () => {
    const op = await confirmed();
    await h.storage.users.removeKey(user.id);
    expect(await reconcileUnfinished(journal, async () => t)).toBe(1);
    expect(await h.storage.operations.get(op.id)).toMatchObject({ state: "refused", error: "cannot-use-key" });
    expect(notices).toEqual([{ id: op.id, notice: { text: "unchecked: cannot-use-key" } }]);
    expect(service.sends).toEqual([]);
  });
});
