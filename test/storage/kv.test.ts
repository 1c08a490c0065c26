import { expect, it } from "vitest";
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
});
