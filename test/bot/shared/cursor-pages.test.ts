import { describe, expect, it } from "vitest";
import { createCursorPages } from "../../../src/bot/shared/cursor-pages.js";
import type { KeyValueStore } from "../../../src/storage/types.js";

/** A key-value store in memory; `saved` shows what is kept per namespace and key. */
function memoryStorage() {
  const saved = new Map<string, unknown>();
  const kv = <T>(namespace: string): KeyValueStore<T> => ({
    read: async (key) => saved.get(`${namespace}/${key}`) as T | undefined,
    write: async (key, value) => void saved.set(`${namespace}/${key}`, value),
    delete: async (key) => void saved.delete(`${namespace}/${key}`),
  });
  return { saved, storage: { kv } };
}

/** Walks forward from the first page; each page's next cursor is "c<page + 1>". */
async function walk(pages: ReturnType<typeof createCursorPages>, userId: number, upTo: number) {
  let token = "";
  for (let page = 0; page <= upTo; page++) {
    const at = await pages.open(userId, page, page === 0 ? undefined : token);
    expect(at.index).toBe(page);
    token = at.token;
    await at.remember(`c${page + 1}`);
  }
  return token;
}

describe("createCursorPages", () => {
  it("opens the pages seen by their cursors, and forgets the ones after the page shown", async () => {
    const { saved, storage } = memoryStorage();
    const pages = createCursorPages(storage, "test-pages");
    const token = await walk(pages, 7, 2);
    expect(saved.get("test-pages/7")).toEqual({ token, cursors: [null, "c1", "c2", "c3"] });

    const back = await pages.open(7, 1);
    expect([back.index, back.cursor, back.token]).toEqual([1, "c1", token]);
    await back.remember("c2");
    expect(saved.get("test-pages/7")).toEqual({ token, cursors: [null, "c1", "c2"] });

    const first = await pages.open(7, 0, token);
    expect([first.index, first.cursor, first.token]).toEqual([0, undefined, token]);
    await first.remember(null);
    expect(saved.get("test-pages/7")).toEqual({ token, cursors: [null] });
  });

  it("opens the first page of a new list for a page never reached or another list's token", async () => {
    const { storage } = memoryStorage();
    const pages = createCursorPages(storage, "test-pages");
    const token = await walk(pages, 7, 1);

    const unknown = await pages.open(7, 5);
    expect([unknown.index, unknown.cursor]).toEqual([0, undefined]);
    expect(unknown.token).not.toBe(token);

    await walk(pages, 7, 1);
    const older = await pages.open(7, 1, token);
    expect([older.index, older.cursor]).toEqual([0, undefined]);
  });

  it("keeps users and namespaces apart, and reads the records kept before the tokens", async () => {
    const { saved, storage } = memoryStorage();
    saved.set("old-pages/7", { cursors: [null, "x1"] });
    const pages = createCursorPages(storage, "old-pages");
    expect((await pages.open(7, 1)).cursor).toBe("x1");
    expect((await pages.open(8, 1)).index).toBe(0);
    expect((await createCursorPages(storage, "other-pages").open(7, 1)).index).toBe(0);
  });
});
