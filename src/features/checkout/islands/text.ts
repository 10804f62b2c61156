import type { Messages, Translate } from '../../../platform/i18n/messages';
import type { checkoutUiMessages } from '../i18n/ui-messages';

export type CheckoutUiKey = keyof (typeof checkoutUiMessages)['en'];
/**
 * The checkout's texts in the page's language. The page hands them to the island as a prop, so
 * the island's JavaScript carries no translations (issue 30: 3–4 KB gzip of the checkout's weight).
 */
export type CheckoutText = Messages<CheckoutUiKey>;
export type CheckoutTranslate = Translate<CheckoutUiKey>;
