import type { ToastInput } from '../../../ui/toast/toast';

/**
 * A toast that must survive a page change ("Password reset, you can now log in" is shown on the
 * login page the reset leads to). Kept in sessionStorage: it belongs to this tab and this moment.
 */
const FLASH_KEY = 'apobote.flash';

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): SessionLike | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function setFlash(input: ToastInput, storage: SessionLike | undefined = tabStorage()): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    // Without storage the toast is simply not shown on the next page.
  }
}

/** Returns the pending toast once and forgets it. */
export function takeFlash(storage: SessionLike | undefined = tabStorage()): ToastInput | null {
  try {
    const raw = storage?.getItem(FLASH_KEY);
    if (!raw) return null;
    storage?.removeItem(FLASH_KEY);
    const value = JSON.parse(raw) as Partial<ToastInput>;
    if ((value.type !== 'success' && value.type !== 'error') || typeof value.title !== 'string') return null;
    return { type: value.type, title: value.title, ...(typeof value.description === 'string' ? { description: value.description } : {}) };
  } catch {
    return null;
  }
}
