import { useEffect, useState } from 'react';
import { showToast } from '../../../../ui/toast/toast';
import { takeFlash } from '../../browser/flash';

/** True once the island runs in the browser (false in the server-rendered HTML). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Shows the toast a previous page left for this one ("Password reset, you can now log in"). */
export function useFlashToast(): void {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) void showToast(flash);
  }, []);
}
