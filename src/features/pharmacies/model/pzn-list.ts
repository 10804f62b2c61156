import { isValidPzn, normalizePzn } from '../../catalog/client';

/** One availability call covers a whole product list page; more is a client bug or abuse. */
export const MAX_PZNS_PER_REQUEST = 100;

/**
 * PZNs from a query (`?pzn=a&pzn=b`, `?pzn=a,b` or both) or a body list: normalised (old 7-digit
 * numbers get their leading zero), de-duplicated in first-seen order. Null when any is invalid,
 * none is given, or there are more than the limit.
 */
export function parsePznList(values: readonly string[], { allowEmpty = false } = {}): string[] | null {
  const pzns = [...new Set(values.flatMap((value) => value.split(',')).map(normalizePzn).filter((value) => value !== ''))];
  if (pzns.length === 0 && !allowEmpty) return null;
  if (pzns.length > MAX_PZNS_PER_REQUEST) return null;
  return pzns.every(isValidPzn) ? pzns : null;
}

/** Distinct, non-empty PZNs in first-seen order (a product can appear twice on one page). */
export function distinctPzns(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const pzn = value?.trim();
    if (pzn) seen.add(pzn);
  }
  return [...seen];
}

/** Requests for a list: one per page normally, more only beyond the server's per-request limit. */
export function chunk<T>(items: readonly T[], size: number = MAX_PZNS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
