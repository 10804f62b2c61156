import { defineMessages } from '../../../platform/i18n/messages';

/** The shop's own explanation before the browser's permission prompt (issue 10). */
export const pushMessages = defineMessages(
  {
    title: 'Get notified about your order',
    text: 'We can tell you on this device when the pharmacy accepts your order, when it is on its way and when it has arrived. The notifications name the order number only. Your browser asks for permission next.',
    enable: 'Turn on notifications',
    later: 'Not now',
    close: 'Close',
    enabled: 'Notifications are on. You can turn them off in your browser settings at any time.',
    blocked: 'Notifications are blocked for this shop in your browser settings.',
    failed: 'Notifications could not be turned on. Please try again later.',
  },
  {
    title: 'Benachrichtigt werden, wenn sich Ihre Bestellung bewegt',
    text: 'Wir können Ihnen auf diesem Gerät mitteilen, wann die Apotheke Ihre Bestellung annimmt, wann sie unterwegs ist und wann sie angekommen ist. Die Benachrichtigungen nennen nur die Bestellnummer. Ihr Browser fragt anschließend um Erlaubnis.',
    enable: 'Benachrichtigungen einschalten',
    later: 'Nicht jetzt',
    close: 'Schließen',
    enabled: 'Benachrichtigungen sind eingeschaltet. Sie können sie jederzeit in den Einstellungen Ihres Browsers ausschalten.',
    blocked: 'Benachrichtigungen sind für diesen Shop in Ihren Browsereinstellungen blockiert.',
    failed: 'Benachrichtigungen konnten nicht eingeschaltet werden. Bitte versuchen Sie es später erneut.',
  },
);
