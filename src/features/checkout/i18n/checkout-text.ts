import type { Locale } from '../../../platform/i18n/locales';
import type { CheckoutText } from '../islands/text';
import { checkoutMessages } from './messages';
import { checkoutUiMessages } from './ui-messages';

/** What the checkout page hands its island: the screen's texts and the shared delivery wording, in one language. */
export function checkoutText(locale: Locale): CheckoutText {
  return { ...checkoutMessages[locale], ...checkoutUiMessages[locale] };
}
