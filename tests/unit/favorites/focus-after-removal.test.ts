import { describe, expect, it } from 'vitest';
import { focusAfterRemoval } from '../../../src/features/favorites/islands/favorites-list-model';

describe('focus after removing a favourite', () => {
  it('moves to the item that takes its place', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'a')).toBe('b');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'b')).toBe('c');
  });

  it('moves to the previous item after removing the last one', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'c')).toBe('b');
  });

  it('moves to the empty state when nothing is left', () => {
    expect(focusAfterRemoval(['a'], 'a')).toBeNull();
  });
});
