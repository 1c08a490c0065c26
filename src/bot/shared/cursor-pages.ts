/**
 * Previous / Next over a list the service pages by cursor. Its cursors only go forward and may not
 * fit in callback data, so the cursors of the pages seen are kept per user in the key-value store;
 * page buttons carry only the page number (and, if the feature wants, the token of the list).
 */
import { randomBytes } from "node:crypto";
import type { Storage } from "../../storage/types.js";

/** `cursors[n]` opens page n (null for the first page); `token` names one walk through the list. */
interface SavedPages {
  token?: string;
  cursors: (string | null)[];
}

/** A page about to be read. */
export interface OpenedPage {
  /** The page to show: the one asked for, or 0 when its cursor is not known. */
  index: number;
  /** The service cursor of that page; undefined for the first page. */
  cursor: string | undefined;
  /** Names this walk through the list; a button carrying another token opens the first page. */
  token: string;
  /** Records the cursor of the next page (null: this page is the last). Call once the page is read. */
  remember(nextCursor: string | null): Promise<void>;
}

export interface CursorPages {
  /**
   * Page `page` of the user's list. Page 0 without a token starts a new walk. A page whose cursor was
   * never seen (the store was reset, or a newer walk went less far) or a `token` other than the
   * current one (a button of an older list) opens the first page of a new walk instead.
   */
  open(userId: number, page?: number, token?: string): Promise<OpenedPage>;
}

const newToken = () => randomBytes(4).toString("hex");

/** Cursor pages kept under `namespace` (one per list, so lists do not overwrite each other). */
export function createCursorPages(storage: Pick<Storage, "kv">, namespace: string): CursorPages {
  const store = storage.kv<SavedPages>(namespace);
  return {
    async open(userId, page = 0, token) {
      const key = String(userId);
      const saved = page === 0 && token === undefined ? undefined : await store.read(key);
      const known =
        saved !== undefined &&
        (token === undefined || token === saved.token) &&
        (page === 0 || typeof saved.cursors[page] === "string");
      const index = known ? page : 0;
      const kept: (string | null)[] = known ? [null, ...saved.cursors.slice(1, index + 1)] : [null];
      const current = (known ? saved.token : undefined) ?? newToken();
      return {
        index,
        cursor: kept[index] ?? undefined,
        token: current,
        remember: (nextCursor) =>
          store.write(key, { token: current, cursors: nextCursor ? [...kept, nextCursor] : kept }),
      };
    },
  };
}
