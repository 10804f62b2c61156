import { defineMessages } from '../../../platform/i18n/messages';

/** The invitation e-mail a new back-office staff member gets. */
export const staffMailMessages = defineMessages(
  {
    inviteSubject: 'Your Apobote back-office account',
    inviteText:
      'Hello {name},\n\nyou have been invited to the Apobote pharmacy back office. Set your password with this link (valid for {days} days, once):\n\n{link}\n\nIf you did not expect this e-mail, you can ignore it.',
  },
  {
    inviteSubject: 'Ihr Apobote-Backoffice-Konto',
    inviteText:
      'Hallo {name},\n\nSie wurden in das Apobote-Apotheken-Backoffice eingeladen. Legen Sie Ihr Passwort über diesen Link fest (gültig {days} Tage, einmalig):\n\n{link}\n\nWenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  },
);
