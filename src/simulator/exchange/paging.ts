/**
 * The Exchange page envelope and the period filter shared by the list operations (orders,
 * withdrawals, transfers).
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

/** Cuts one page out of `items` (already filtered and sorted); pages are numbered from 1. */
export function page<T>(
  items: readonly T[],
  input: { currentPage?: unknown; pageSize?: unknown },
): { records: T[]; meta: PageMeta } {
  const currentPage = typeof input.currentPage === "number" ? input.currentPage : 1;
  const pageSize = typeof input.pageSize === "number" ? input.pageSize : DEFAULT_PAGE_SIZE;
  const start = (currentPage - 1) * pageSize;
  return {
    records: items.slice(start, start + pageSize),
    meta: { currentPage, pageSize, totalNum: items.length, totalPage: Math.ceil(items.length / pageSize) },
  };
}

/** A filter on a record's ISO timestamp for `startAt`..`endAt` (both inclusive); 400 when reversed. */
export function period(input: { startAt?: unknown; endAt?: unknown }): (iso: string) => boolean {
  const start = typeof input.startAt === "string" ? Date.parse(input.startAt) : Number.NEGATIVE_INFINITY;
  const end = typeof input.endAt === "string" ? Date.parse(input.endAt) : Number.POSITIVE_INFINITY;
  if (start > end) {
    throw problems.validation("startAt", "startAt must not be later than endAt.");
  }
  return (iso) => {
    const t = Date.parse(iso);
    return t >= start && t <= end;
  };
}

/** Newest first; ties keep creation order reversed, so the later record still comes first. */
export function newestFirst<T extends { createdAt: string; seq: number }>(a: T, b: T): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.seq - a.seq;
}
