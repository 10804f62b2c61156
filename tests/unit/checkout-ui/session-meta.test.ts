import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureSessionId, IRCLICKID_KEY, randomUuid, readIrClickId, resetPageSessionId, SESSION_ID_KEY } from '../../../src/features/checkout/browser/session-meta';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const broken = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the session id every order call carries (spec §3, §4)', () => {
  beforeEach(() => resetPageSessionId());

  it('is created and stored when none is stored', () => {
    const storage = memoryStorage();
    const id = ensureSessionId(storage, () => 'new-id');
    expect(id).toBe('new-id');
    expect(storage.data.get(SESSION_ID_KEY)).toBe('new-id');
  });

  it('is reused once stored, without creating another', () => {
    const storage = memoryStorage({ [SESSION_ID_KEY]: 'kept-id' });
    const create = vi.fn(() => 'other');
    expect(ensureSessionId(storage, create)).toBe('kept-id');
    expect(create).not.toHaveBeenCalled();
  });

  it('replaces a blank stored value', () => {
    const storage = memoryStorage({ [SESSION_ID_KEY]: '   ' });
    expect(ensureSessionId(storage, () => 'fresh')).toBe('fresh');
  });

  it('stays the same for the page when storage refuses to keep it', () => {
    const create = vi.fn().mockReturnValueOnce('first').mockReturnValueOnce('second');
    expect(ensureSessionId(broken, create)).toBe('first');
    expect(ensureSessionId(broken, create)).toBe('first');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('falls back to a version 4 UUID built from random bytes', () => {
    const id = randomUuid({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => array });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the click-tracking id (irClickId) read from session storage', () => {
  it('is the stored value', () => {
    expect(readIrClickId(memoryStorage({ [IRCLICKID_KEY]: 'Qx1-abc' }))).toBe('Qx1-abc');
  });

  it('is null when absent, blank or unreadable', () => {
    expect(readIrClickId(memoryStorage())).toBeNull();
    expect(readIrClickId(memoryStorage({ [IRCLICKID_KEY]: ' ' }))).toBeNull();
    expect(readIrClickId(broken)).toBeNull();
    expect(readIrClickId(undefined)).toBeNull();
  });
});
