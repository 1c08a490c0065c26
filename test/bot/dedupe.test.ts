/**
 * Several instances on one database: an update delivered to two bots (or twice to one) is handled
 * once, and the bot's reply is not repeated; the outcome shows in the update counts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../helpers/bot-harness.js";
import { BACKENDS, backendName } from "../helpers/mass-flow.js";

describe.each(BACKENDS.map((url) => ({ url, name: backendName(url) })))("update dedupe ($name)", ({ url }) => {
  let h: Harness;
  afterEach(async () => h?.close());

  it("handles an update delivered to two instances and twice to one once", async () => {
    const seen: { type: string; outcome: string }[] = [];
    h = await Harness.create({ databaseUrl: url, botOptions: { onUpdate: (u) => seen.push(u) } });
    const other = h.newApp({
      client: { fetch: h.tg.fetch },
      onUpdate: (u) => seen.push(u),
    });
    const update = {
      update_id: 777,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 5001, type: "private" as const, first_name: "A" },
        from: { id: 5001, is_bot: false, first_name: "A", language_code: "en" },
        text: "/help",
        entities: [{ type: "bot_command" as const, offset: 0, length: 5 }],
      },
    };
    h.tg.api.observe(update);
    await Promise.all([h.app.bot.handleUpdate(update), other.bot.handleUpdate(update), h.app.bot.handleUpdate(update)]);
    expect(h.tg.textsIn(5001)).toHaveLength(1);
    expect(seen.filter((u) => u.outcome === "ok")).toHaveLength(1);
    expect(seen.filter((u) => u.outcome === "duplicate")).toHaveLength(2);
    expect(seen.every((u) => u.type === "message")).toBe(true);
  });
});
