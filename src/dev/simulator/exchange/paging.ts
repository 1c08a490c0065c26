/**
 * The Exchange page envelope and the period filter of the list operations (orders, withdrawals,
 * transfers).
 */
import { problems } from "../problems.js";

/** Page size when the client sends none; the contract caps it at 100. */
export const DEFAULT_PAGE_SIZE = 50;

export interface PageMeta {
  currentPage: number;
  pageSize: number;
  totalNum: number;
  totalPage: number;
}

export interface PageQuery {
  currentPage?: number | undefined;
  pageSize?: number | undefined;
}

export interface PeriodQuery {
  startAt?: string | undefined;
  endAt?: string | undefined;
}

/** Cuts one page out of `items` (already filtered and sorted); pages are numbered from 1. */
export function page<T>(items: readonly T[], query: PageQuery): { records: T[]; meta: PageMeta } {
  const currentPage = query.currentPage ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const start = (currentPage - 1) * pageSize;
  return {
    records: items.slice(start, start + pageSize),
    meta: { currentPage, pageSize, totalNum: items.length, totalPage: Math.ceil(items.length / pageSize) },
  };
}

/** A filter on a record's ISO timestamp for `startAt`..`endAt` (both inclusive); 400 when reversed. */
function period(query: PeriodQuery): (iso: string) => boolean {
  const start = query.startAt === undefined ? Number.NEGATIVE_INFINITY : Date.parse(query.startAt);
  const end = query.endAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(query.endAt);
  if (start > end) {
    throw problems.validation("startAt", "startAt must not be later than endAt.");
  }
  return (iso) => {
    const t = Date.parse(iso);
    return t >= start && t <= end;
  };
}

/** Newest first; of records created at the same instant, the later one first. */
export function newestFirst<T extends { createdAt: string; seq: number }>(a: T, b: T): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.seq - a.seq;
}

/** One page of a history: the records `keep` accepts, created within the period, newest first. */
export function historyPage<T extends { createdAt: string; seq: number }>(
  records: readonly T[],
  query: PageQuery & PeriodQuery,
  keep: (record: T) => boolean,
): { records: T[]; meta: PageMeta } {
  const inPeriod = period(query);
  return page(records.filter((r) => inPeriod(r.createdAt) && keep(r)).sort(newestFirst), query);
}
