import { createRoot } from 'react-dom/client';
import type { Locale } from '../../../platform/i18n/locales';
import { RatingPrompt, type PendingOrder } from './RatingPrompt';

/**
 * Loaded by the rating check (browser/rating-prompt.ts) only once the server named a delivered
 * order awaiting a rating: React comes with the dialog, never with the check.
 */
export function mountRatingPrompt(locale: Locale, order: PendingOrder, onDone: () => void): void {
  const container = document.createElement('div');
  container.id = 'rating-prompt';
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <RatingPrompt
      locale={locale}
      order={order}
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
}
