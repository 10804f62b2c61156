/** The slice of Web Storage the favorites code needs; injectable so tests need no browser. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * This tab's sessionStorage, or undefined when the browser refuses it (privacy mode): favorites
 * state is per tab and per moment, and needs no life beyond the tab.
 */
export function tabStorage(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readJson(storage: KeyValueStorage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the next page simply asks the server again.
  }
}

export function remove(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be read back either.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
