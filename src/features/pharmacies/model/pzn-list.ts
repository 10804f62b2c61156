import { isValidPzn, normalizePzn } from '../../catalog';
import { MAX_PZNS_PER_REQUEST } from './pzn-limit';

export { MAX_PZNS_PER_REQUEST };

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
