import { track } from '../../features/analytics/client';
import type { ToastApi } from './toast-api';
/**
 * Toast facade (spec §2/§8): success/error toasts at the top, hidden after 4000 ms.
 * React and sonner are loaded on the first toast only, so catalogue pages that never show one ship
 * no React at all (the per-page JS budget is < 20 KB before interaction).
 */
export type ToastType = 'success' | 'error';

export interface ToastInput {
  type: ToastType;
  title: string;
  description?: string;
}

export type { ToastApi } from './toast-api';

export type ToasterLoader = () => Promise<ToastApi>;

export function createToastFacade(load: ToasterLoader): (input: ToastInput) => Promise<void> {
  let api: Promise<ToastApi> | undefined;
  return async (input) => {
    // Memoised so concurrent first toasts mount one Toaster; a failed load may be retried later.
    api ??= load().catch((error: unknown) => {
      api = undefined;
      throw error;
    });
    const toast = await api;
    toast[input.type](input.title, input.description ? { description: input.description } : undefined);
  };
}

const loadBrowserToaster: ToasterLoader = async () => {
  const { mountToaster } = await import('./mount-toaster');
  return mountToaster(document);
};

/** Shows a toast; the first call mounts the Toaster island. */
const showBrowserToast = createToastFacade(loadBrowserToaster);

/** Shows a toast; the first call mounts the Toaster island. Errors customers see are counted (analytics, after consent). */
export const showToast = (input: ToastInput): Promise<void> => {
  if (input.type === 'error') track('error_shown', { message: input.title.slice(0, 120) });
  return showBrowserToast(input);
};
