import type { KeyValueStorage } from '../../../src/features/favorites/model/tab-storage';

/** A Map-backed stand-in for sessionStorage. */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}
