import { defineMessages } from '../../../platform/i18n/messages';

/**
 * Account texts the API sends: the form-specific variants of MISSING_PARAMS (spec §8) and the
 * e-mails and SMS, in the user's language.
 */
export const accountMessages = defineMessages(
  {
    missingLogin: 'E-mail and password are required.',
    missingRegistration: 'First name, e-mail, date of birth, password and password confirmation are required.',
    missingPasswordChange: 'Old password, new password and confirmation are required.',
    missingReset: 'Code, password and password confirmation are required.',

    verifySubject: 'Your Apobote verification code',
    verifyText: 'Welcome to Apobote! Your code to verify your e-mail address is:\n\n{code}\n\nIt is valid for 24 hours. If you did not create an account, you can ignore this e-mail.\n\nYour Apobote team',
    resetSubject: 'Reset your Apobote password',
    resetText: 'Your code to reset your password is:\n\n{code}\n\nIt is valid for 60 minutes. If you did not ask for a new password, you can ignore this e-mail; your password stays unchanged.\n\nYour Apobote team',
    emailChangeSubject: 'Confirm your new e-mail address',
    emailChangeText: 'To use this address for your Apobote account, enter this code:\n\n{code}\n\nIt is valid for 60 minutes. If you did not ask for this change, ignore this e-mail.\n\nYour Apobote team',
    emailChangedSubject: 'Your Apobote e-mail address was changed',
    emailChangedText: 'The e-mail address of your Apobote account was changed to {email}. If this was not you, please contact our support at once.\n\nYour Apobote team',
    deletedSubject: 'Your Apobote account has been deleted',
    deletedText:
      'As requested, your Apobote account and its personal data have been deleted.\n\nOrders the pharmacy had not accepted yet have been cancelled and any amount reserved on your card released. Orders already accepted are still delivered; their delivery address and phone number are deleted once they have arrived. Tax law requires the pharmacy and us to keep accepted orders for ten years: what was ordered, the prices, VAT, payment and dates, without your name, contact details, address or health answers. Credit left in your wallet has lapsed with the account.\n\nYou are welcome back any time.\n\nYour Apobote team',
    loginCodeSms: 'Your Apobote login code: {code}. Valid for 10 minutes. Never share this code.',
    phoneVerifySms: 'Your Apobote code to confirm this phone number: {code}. Valid for 10 minutes.',
    greetingNamed: 'Hello {name},',
    greetingPlain: 'Hello,',
  },
  {
    missingLogin: 'E-Mail und Passwort sind erforderlich.',
    missingRegistration: 'Vorname, E-Mail, Geburtsdatum, Passwort und Passwortbestätigung sind erforderlich.',
    missingPasswordChange: 'Altes Passwort, neues Passwort und Bestätigung sind erforderlich.',
    missingReset: 'Code, Passwort und Passwortbestätigung sind erforderlich.',

    verifySubject: 'Ihr Apobote-Bestätigungscode',
    verifyText: 'Willkommen bei Apobote! Ihr Code zur Bestätigung Ihrer E-Mail-Adresse lautet:\n\n{code}\n\nEr ist 24 Stunden gültig. Wenn Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren.\n\nIhr Apobote-Team',
    resetSubject: 'Setzen Sie Ihr Apobote-Passwort zurück',
    resetText: 'Ihr Code zum Zurücksetzen Ihres Passworts lautet:\n\n{code}\n\nEr ist 60 Minuten gültig. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.\n\nIhr Apobote-Team',
    emailChangeSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    emailChangeText: 'Um diese Adresse für Ihr Apobote-Konto zu verwenden, geben Sie diesen Code ein:\n\n{code}\n\nEr ist 60 Minuten gültig. Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail.\n\nIhr Apobote-Team',
    emailChangedSubject: 'Die E-Mail-Adresse Ihres Apobote-Kontos wurde geändert',
    emailChangedText: 'Die E-Mail-Adresse Ihres Apobote-Kontos wurde in {email} geändert. Wenn Sie das nicht waren, wenden Sie sich bitte sofort an unseren Support.\n\nIhr Apobote-Team',
    deletedSubject: 'Ihr Apobote-Konto wurde gelöscht',
    deletedText:
      'Wie gewünscht haben wir Ihr Apobote-Konto und Ihre persönlichen Daten gelöscht.\n\nBestellungen, die die Apotheke noch nicht angenommen hatte, haben wir storniert und auf Ihrer Karte reservierte Beträge freigegeben. Bereits angenommene Bestellungen werden noch geliefert; ihre Lieferadresse und Telefonnummer löschen wir, sobald sie angekommen sind. Angenommene Bestellungen müssen die Apotheke und wir nach Steuerrecht zehn Jahre aufbewahren: was bestellt wurde, Preise, Mehrwertsteuer, Zahlung und Daten, ohne Ihren Namen, Ihre Kontaktdaten, Ihre Adresse oder Ihre Gesundheitsangaben. Restliches Guthaben ist mit dem Konto verfallen.\n\nSie sind jederzeit wieder willkommen.\n\nIhr Apobote-Team',
    loginCodeSms: 'Ihr Apobote-Anmeldecode: {code}. 10 Minuten gültig. Geben Sie diesen Code niemals weiter.',
    phoneVerifySms: 'Ihr Apobote-Code zur Bestätigung dieser Telefonnummer: {code}. 10 Minuten gültig.',
    greetingNamed: 'Hallo {name},',
    greetingPlain: 'Hallo,',
  },
);
