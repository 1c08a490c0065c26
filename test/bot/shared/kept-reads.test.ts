/**
 * Reads kept a while: one call for everyone asking at once and within the time, a new call after it
 * (on the bot's clock), and a failed read never kept.
 */
import { describe, expect, it } from "vitest";
import { keptReads } from "../../../src/bot/shared/kept-reads.js";

describe("kept reads", () => {
  it("share a read in flight and within the time, read again after it, per key", async () => {
    let now = 1_000_000;
    const calls: string[] = [];
    const read = keptReads({ now: () => new Date(now) }, 30_000, async (key: string) => {
      calls.push(key);
      return { key, n: calls.length };
    });
    const [a, b] = await Promise.all([read("production"), read("production")]);
    expect(a).toEqual({ key: "production", n: 1 });
    expect(b).toBe(a);
    now += 29_999;
    expect(await read("production")).toBe(a);
    expect(await read("testnet")).toEqual({ key: "testnet", n: 2 });
    now += 2;
    expect(await read("production")).toEqual({ key: "production", n: 3 });
    expect(calls).toEqual(["production", "testnet", "production"]);
  });

  it("keeps no failed read: the next one asks again", async () => {
    let fail = true;
    let calls = 0;
    const read = keptReads({ now: () => new Date(0) }, 60_000, async () => {
      calls++;
      if (fail) throw new Error("service unavailable");
      return { ok: true };
    });
    await expect(read("production")).rejects.toThrow("service unavailable");
    fail = false;
    expect(await read("production")).toEqual({ ok: true });
    expect(await read("production")).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});
