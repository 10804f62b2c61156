import type { Messages, Translate } from '../../../platform/i18n/messages';
import type { checkoutMessages } from '../i18n/messages';
import type { checkoutUiMessages } from '../i18n/ui-messages';

/** The checkout screen's own texts and the delivery and totals wording it shares with the server (no key is in both). */
export type CheckoutUiKey = keyof (typeof checkoutUiMessages)['en'] | keyof (typeof checkoutMessages)['en'];
/**
 * The checkout's texts in the page's language. The page hands them to the island as a prop, so
 * the island's JavaScript carries no translations (issue 30: 4–5 KB gzip of the checkout's weight).
 */
export type CheckoutText = Messages<CheckoutUiKey>;
export type CheckoutTranslate = Translate<CheckoutUiKey>;
