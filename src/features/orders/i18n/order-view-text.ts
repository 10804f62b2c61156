import type { Locale } from '../../../platform/i18n/locales';
import { checkoutMessages } from '../../checkout';
import type { OrderViewText } from '../islands/order-view-text';
import { afterOrderMessages } from './after-order-messages';
import { cancelOrderMessages } from './cancel-messages';
import { orderUiMessages } from './ui-messages';

/** What the order page hands its island: the order view's and details' texts in one language. */
export function orderViewText(locale: Locale): OrderViewText {
  return { ui: orderUiMessages[locale], checkout: checkoutMessages[locale], after: afterOrderMessages[locale], cancel: cancelOrderMessages[locale] };
}
