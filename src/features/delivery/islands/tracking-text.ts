import type { Messages } from '../../../platform/i18n/messages';
import type { trackingMessages } from '../i18n/tracking-messages';

/** The tracking's texts in the page's language, handed in by the page, so the order page carries one language. */
export type TrackingText = Messages<Extract<keyof (typeof trackingMessages)['en'], string>>;
