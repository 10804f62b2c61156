import { MAX_PZNS_PER_REQUEST } from '../model/pzn-limit';

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
