import { defineMessages } from '../../../platform/i18n/messages';

/** The pharmacy's alert when a new offer arrives and nobody has the back office open. */
export const unwatchedMessages = defineMessages(
  {
    subject: 'New order {number} is waiting: nobody has the back office open',
    text: 'A new order {number} ({amount}) is waiting for your answer until {deadline}, and nobody of your pharmacy has the back office open. Please accept or reject it in time: {link}',
    sms: 'Apobote: new order {number} waits for your answer until {deadline}. Back office: {link}',
  },
  {
    subject: 'Neue Bestellung {number} wartet: Niemand hat das Backoffice geöffnet',
    text: 'Eine neue Bestellung {number} ({amount}) wartet bis {deadline} Uhr auf Ihre Antwort, und niemand Ihrer Apotheke hat das Backoffice geöffnet. Bitte nehmen Sie sie rechtzeitig an oder lehnen Sie sie ab: {link}',
    sms: 'Apobote: Neue Bestellung {number} wartet bis {deadline} Uhr auf Ihre Antwort. Backoffice: {link}',
  },
);
