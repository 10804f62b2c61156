import { defineMessages } from '../../../platform/i18n/messages';

/** The "a pharmacist replied" e-mail: no message text in it (health data stays in the shop). */
export const chatMailMessages = defineMessages(
  {
    replySubject: 'Your pharmacy replied to your question',
    replyText: 'Hello,\n\n{pharmacy} has replied to your question in the Apobote chat.\n\nRead the reply: {link}\n\nYour Apobote team',
    // A push can show on a locked screen: who answered, never what.
    replyPushTitle: 'Your pharmacy replied',
    replyPushBody: '{pharmacy} has answered in the chat. Open it to read the reply.',
  },
  {
    replySubject: 'Ihre Apotheke hat auf Ihre Frage geantwortet',
    replyText: 'Hallo,\n\n{pharmacy} hat im Apobote-Chat auf Ihre Frage geantwortet.\n\nZur Antwort: {link}\n\nIhr Apobote-Team',
    replyPushTitle: 'Ihre Apotheke hat geantwortet',
    replyPushBody: '{pharmacy} hat im Chat geantwortet. Öffnen Sie ihn, um die Antwort zu lesen.',
  },
);
