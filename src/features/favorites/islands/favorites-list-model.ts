/**
 * Where focus goes after an item leaves the list: the next item's remove button, else the previous
 * one's, else (the list is now empty) the empty state. Null target means "the empty state".
 */
export function focusAfterRemoval(pzns: readonly string[], removed: string): string | null {
  const index = pzns.indexOf(removed);
  const rest = pzns.filter((pzn) => pzn !== removed);
  if (rest.length === 0) return null;
  if (index < 0) return rest[0] ?? null;
  return rest[Math.min(index, rest.length - 1)] ?? null;
}
