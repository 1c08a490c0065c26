/**
 * Cursor paging over append-only lists, newest first. The cursor is the position of the next record
 * to look at, so records added after the first page never shift later pages.
 */
import { problems } from "./problems.js";

export const DEFAULT_LIMIT = 20;

/** The Payments page as the real service sends it: `pagination.next` is null on the last page. */
export interface CursorPage<T> {
  items: T[];
  pagination: { total: number; next: string | null };
}

/** One page of `items` (oldest first in storage) read from the newest end, keeping those `keep` accepts. */
export function pageNewestFirst<T>(
  items: readonly T[],
  query: { cursor?: string | undefined; limit?: number | undefined },
  keep: (item: T) => boolean = () => true,
): CursorPage<T> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  let i = query.cursor === undefined ? items.length - 1 : decodeCursor(query.cursor, items.length);
  const page: T[] = [];
  for (; i >= 0 && page.length < limit; i--) {
    const item = items[i] as T;
    if (keep(item)) page.push(item);
  }
  // A next page exists only if some older record passes the filter: the last page says null.
  while (i >= 0 && !keep(items[i] as T)) i--;
  const total = items.reduce((n, item) => (keep(item) ? n + 1 : n), 0);
  return { items: page, pagination: { total, next: i >= 0 ? encodeCursor(i) : null } };
}

/**
 * A filter on a record's ISO timestamp for a list's `fromDate`..`toDate` (both inclusive, either may
 * be absent; the bounds may carry an offset). A record without a time passes only an open filter.
 */
export function within(from: string | undefined, to: string | undefined): (iso: string | null) => boolean {
  const start = from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(from);
  const end = to === undefined ? Number.POSITIVE_INFINITY : Date.parse(to);
  if (start > end) throw problems.validation("fromDate", "fromDate must not be later than toDate.");
  return (iso) => {
    if (iso === null) return from === undefined && to === undefined;
    const t = Date.parse(iso);
    return t >= start && t <= end;
  };
}

function encodeCursor(position: number): string {
  return Buffer.from(`p${position}`).toString("base64url");
}

function decodeCursor(cursor: string, length: number): number {
  const match = /^p(0|[1-9][0-9]*)$/.exec(Buffer.from(cursor, "base64url").toString());
  const position = match ? Number(match[1]) : Number.NaN;
  if (!(position >= 0 && position < length)) throw problems.validation("cursor", "The cursor is not valid.");
  return position;
}
