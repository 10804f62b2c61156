import { defineMessages } from '../../platform/i18n/messages';

/** Login page strings; error titles follow the spec's toast catalogue (§8). */
export const authMessages = defineMessages(
  {
    loginTitle: 'Log in',
    loginDescription: 'Log in to your Apobote account to order, track deliveries and see your orders.',
    loginIntro: 'Log in with your e-mail address and password.',
    emailLabel: 'E-mail address',
    passwordLabel: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    noAccount: 'No account yet?',
    signUp: 'Sign up',
    loginFailed: 'Login failed',
    genericError: 'Something went wrong, please try again later.',
    needsJs: 'Logging in needs JavaScript. Please enable it in your browser.',
  },
  {
    loginTitle: 'Anmelden',
    loginDescription: 'Melden Sie sich bei Ihrem Apobote-Konto an, um zu bestellen, Lieferungen zu verfolgen und Ihre Bestellungen zu sehen.',
    loginIntro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    emailLabel: 'E-Mail-Adresse',
    passwordLabel: 'Passwort',
    submit: 'Anmelden',
    submitting: 'Anmeldung läuft …',
    noAccount: 'Noch kein Konto?',
    signUp: 'Registrieren',
    loginFailed: 'Anmeldung fehlgeschlagen',
    genericError: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
    needsJs: 'Für die Anmeldung wird JavaScript benötigt. Bitte aktivieren Sie es in Ihrem Browser.',
  },
);
