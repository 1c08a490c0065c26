import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.js";
import { showInPlace } from "../../../src/bot/shared/show.js";

const refusal = (description: string) =>
  new GrammyError("edit refused", { ok: false, error_code: 400, description }, "editMessageText", {});

/** A context whose edits do what `edit` does; records what was edited and replied. */
function fakeContext(opts: { pressed: boolean; edit?: () => void }) {
  const calls: string[] = [];
  const ctx = {
    callbackQuery: opts.pressed ? { message: { message_id: 1 } } : undefined,
    editMessageText: async (text: string) => {
      opts.edit?.();
      calls.push(`edit ${text}`);
    },
    reply: async (text: string) => void calls.push(`reply ${text}`),
    log: { debug: () => {} },
  };
  return { ctx: ctx as unknown as BotContext, calls };
}

describe("showInPlace", () => {
  it("edits the pressed message, or replies when nothing was pressed or editing is not wanted", async () => {
    const pressed = fakeContext({ pressed: true });
    await showInPlace(pressed.ctx, "a");
    await showInPlace(pressed.ctx, "b", {}, { edit: false });
    expect(pressed.calls).toEqual(["edit a", "reply b"]);

    const typed = fakeContext({ pressed: false });
    await showInPlace(typed.ctx, "c");
    expect(typed.calls).toEqual(["reply c"]);
  });

  it("leaves an unchanged message as it is, and replies when the message cannot be edited", async () => {
    const same = fakeContext({
      pressed: true,
      edit: () => {
        throw refusal("Bad Request: message is not modified");
      },
    });
    await showInPlace(same.ctx, "a");
    expect(same.calls).toEqual([]);

    const old = fakeContext({
      pressed: true,
      edit: () => {
        throw refusal("Bad Request: message can't be edited");
      },
    });
    await showInPlace(old.ctx, "b");
    expect(old.calls).toEqual(["reply b"]);
  });
});
