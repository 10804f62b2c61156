import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import { localeFromPath } from '../../platform/i18n/locales';
import { translator } from '../../platform/i18n/messages';
import { shellMessages } from '../layout/messages';
import type { ToastApi } from './toast-api';

/** Spec §2/§9: top, 4000 ms, offsets 60 (top) and 40 (bottom), on phones as well. */
export const TOASTER_PROPS = {
  position: 'top-center',
  duration: 4000,
  offset: { top: 60, bottom: 40 },
  mobileOffset: { top: 60, bottom: 40 },
} as const;

export const TOAST_ROOT_ID = 'toasts';

/** Mounts sonner's Toaster into #toasts (created if the page lacks it) and returns sonner's API. */
export function mountToaster(doc: Document): ToastApi {
  let container = doc.getElementById(TOAST_ROOT_ID);
  if (!container) {
    container = doc.createElement('div');
    container.id = TOAST_ROOT_ID;
    doc.body.append(container);
  }
  const locale = localeFromPath(doc.location?.pathname ?? '/');
  const t = translator(shellMessages, locale);
  createRoot(container).render(<Toaster {...TOASTER_PROPS} containerAriaLabel={t('toastRegion')} />);
  return toast;
}
