import { defineMessages } from '../../../platform/i18n/messages';

/** The "a pharmacist replied" e-mail: no message text in it (health data stays in the shop). */
export const chatMailMessages = defineMessages(
  {
    replySubject: 'Your pharmacy replied to your question',
    replyText: 'Hello,\n\n{pharmacy} has replied to your question in the Apobote chat.\n\nRead the reply: {link}\n\nYour Apobote team',
  },
  {
    replySubject: 'Ihre Apotheke hat auf Ihre Frage geantwortet',
    replyText: 'Hallo,\n\n{pharmacy} hat im Apobote-Chat auf Ihre Frage geantwortet.\n\nZur Antwort: {link}\n\nIhr Apobote-Team',
  },
);
