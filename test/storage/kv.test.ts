import { expect, it } from "vitest";
import { skipUnchangedWrites } from "../../src/storage/kv.js";
import type { KeyValueStore } from "../../src/storage/types.js";
import { describeBackends } from "./backends.js";

interface Session {
  step: string;
  items: number[];
}

describeBackends("kv", (backend) => {
  it("reads, writes, overwrites and deletes within a namespace", async () => {
    const sessions = backend.storage().kv<Session>("session");
    const conversations = backend.storage().kv<Session>("conversation");
    expect(await sessions.read("42")).toBeUndefined();

    await sessions.write("42", { step: "amount", items: [1, 2] });
    expect(await sessions.read("42")).toEqual({ step: "amount", items: [1, 2] });
    expect(await conversations.read("42")).toBeUndefined();

    await sessions.write("42", { step: "confirm", items: [] });
    expect(await sessions.read("42")).toEqual({ step: "confirm", items: [] });
    await conversations.write("42", { step: "other", items: [3] });

    await sessions.delete("42");
    await sessions.delete("never-written");
    expect(await sessions.read("42")).toBeUndefined();
    expect(await conversations.read("42")).toEqual({ step: "other", items: [3] });
  });

  it("is shared by every storage over the same database", async () => {
    await backend.storage().kv<string>("session").write("k", "v");
    const second = await backend.open();
    expect(await second.kv<string>("session").read("k")).toBe("v");
  });

  it("skips writing back a value unchanged since it was read, with the stored text or without it", async () => {
    const stored = backend.storage().kv<Session>("session");
    const writes: string[] = [];
    // The same store seen through its three methods only (no stored text to compare with).
    const plain: KeyValueStore<Session> = {
      read: (key) => stored.read(key),
      write: (key, value) => (writes.push(key), stored.write(key, value)),
      delete: (key) => stored.delete(key),
    };
    const counted: KeyValueStore<Session> = { ...plain, readWithText: (key) => stored.readWithText!(key) };
    for (const store of [skipUnchangedWrites(counted), skipUnchangedWrites(plain)]) {
      writes.length = 0;
      await stored.write("7", { step: "amount", items: [1] });
      const session = (await store.read("7"))!;
      await store.write("7", session);
      expect(writes).toEqual([]);
      session.items.push(2);
      await store.write("7", session);
      expect(writes).toEqual(["7"]);
      expect(await stored.read("7")).toEqual({ step: "amount", items: [1, 2] });
      // A write without a read before it is never skipped.
      await store.write("7", { step: "amount", items: [1, 2] });
      expect(writes).toEqual(["7", "7"]);
    }
  });
});
