import type { Messages } from '../../../platform/i18n/messages';
import type { checkoutMessages } from '../../checkout';
import type { afterOrderMessages } from '../i18n/after-order-messages';
import type { cancelOrderMessages } from '../i18n/cancel-messages';
import type { orderUiMessages } from '../i18n/ui-messages';

type TableOf<T extends { en: Readonly<Record<string, string>> }> = Messages<Extract<keyof T['en'], string>>;

/**
 * The order view's and details' texts in the page's language, handed in by the page (as the
 * checkout's), so the order page's JavaScript carries no second language.
 */
export interface OrderViewText {
  ui: TableOf<typeof orderUiMessages>;
  /** The checkout's delivery and totals wording, shared so the order says it as the checkout did. */
  checkout: TableOf<typeof checkoutMessages>;
  after: TableOf<typeof afterOrderMessages>;
  cancel: TableOf<typeof cancelOrderMessages>;
}
