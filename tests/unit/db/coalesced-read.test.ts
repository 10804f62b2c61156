import { describe, expect, it } from 'vitest';
import { coalescedRead } from '../../../src/platform/db/coalesced-read';

/** A read source whose answers the test releases one at a time. */
function source() {
  const pending: ((value: number) => void)[] = [];
  let reads = 0;
  const read = () => {
    reads++;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { read, reads: () => reads, answer: (value: number) => pending.shift()!(value) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRead', () => {
  it('never answers a caller with a read that began before it called, and shares the next read', async () => {
    const db = source();
    const version = coalescedRead(db.read);
    const first = version();
    // These arrive while the first read is under way: they might miss a change committed just now.
    const second = version();
    const third = version();
    expect(db.reads()).toBe(1);
    db.answer(1);
    expect(await first).toBe(1);
    await settle();
    expect(db.reads()).toBe(2);
    db.answer(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
  });

  it('reads again for a caller arriving after the last read ended, and recovers from a failed read', async () => {
    const failing = coalescedRead(async () => {
      throw new Error('database down');
    });
    await expect(failing()).rejects.toThrow('database down');

    const db = source();
    const version = coalescedRead(db.read);
    const first = version();
    db.answer(1);
    await first;
    const later = version();
    expect(db.reads()).toBe(2);
    db.answer(3);
    expect(await later).toBe(3);
  });
});
