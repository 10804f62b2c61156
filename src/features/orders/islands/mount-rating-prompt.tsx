import { createRoot } from 'react-dom/client';
import type { Locale } from '../../../platform/i18n/locales';
import { apiClient, attempt } from '../../../platform/api-client';
import { RatingPrompt } from './RatingPrompt';

/**
 * Loaded only by the rating check (browser/rating-prompt.ts) for a logged-in customer: asks the
 * server for a delivered order awaiting a rating and, if there is one, shows the dialog. True when
 * it was shown.
 */
export async function mountRatingPrompt(locale: Locale, onDone: () => void): Promise<boolean> {
  const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/orders/pending-feedback'), locale);
  if (!outcome.ok || !outcome.data.order) return false;
  const container = document.createElement('div');
  container.id = 'rating-prompt';
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <RatingPrompt
      locale={locale}
      order={outcome.data.order}
      onDone={() => {
        onDone();
        // After React has finished with the dialog's own close.
        setTimeout(() => {
          root.unmount();
          container.remove();
        }, 0);
      }}
    />,
  );
  return true;
}
