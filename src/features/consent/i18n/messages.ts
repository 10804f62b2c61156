import { defineMessages } from '../../../platform/i18n/messages';

/** The consent layer (rendered into every page; the wording follows §25 TDDDG and Art. 7 GDPR). */
export const consentMessages = defineMessages(
  {
    title: 'Your privacy settings',
    intro:
      'We use storage that the shop needs to work (your cart, login and language). With your consent we also measure how the shop is used (analytics) and which partner brought you here (marketing). You can change your choice at any time under "Privacy settings" at the bottom of every page. Refusing has no disadvantage.',
    privacyLink: 'Privacy policy',
    categories: 'Categories',
    necessary: 'Necessary',
    necessaryHint: 'Cart, login, language and this choice. Always on.',
    analytics: 'Analytics',
    analyticsHint: 'Anonymous usage statistics with a random session id, and error reports without health data.',
    marketing: 'Marketing',
    marketingHint: 'Tag manager and affiliate tracking: which partner link brought you to the shop.',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    settings: 'Settings',
    save: 'Save selection',
    later: 'Decide later',
    saved: 'Your privacy settings are saved.',
  },
  {
    title: 'Ihre Datenschutz-Einstellungen',
    intro:
      'Wir nutzen Speicher, den der Shop zum Funktionieren braucht (Warenkorb, Anmeldung und Sprache). Mit Ihrer Einwilligung messen wir außerdem, wie der Shop genutzt wird (Analyse), und welcher Partner Sie zu uns gebracht hat (Marketing). Sie können Ihre Wahl jederzeit unter „Datenschutz-Einstellungen“ unten auf jeder Seite ändern. Eine Ablehnung hat keine Nachteile.',
    privacyLink: 'Datenschutzerklärung',
    categories: 'Kategorien',
    necessary: 'Notwendig',
    necessaryHint: 'Warenkorb, Anmeldung, Sprache und diese Auswahl. Immer aktiv.',
    analytics: 'Analyse',
    analyticsHint: 'Anonyme Nutzungsstatistik mit einer zufälligen Sitzungs-ID und Fehlerberichte ohne Gesundheitsdaten.',
    marketing: 'Marketing',
    marketingHint: 'Tag-Manager und Affiliate-Tracking: welcher Partner-Link Sie zum Shop gebracht hat.',
    acceptAll: 'Alle akzeptieren',
    rejectAll: 'Alle ablehnen',
    settings: 'Einstellungen',
    save: 'Auswahl speichern',
    later: 'Später entscheiden',
    saved: 'Ihre Datenschutz-Einstellungen sind gespeichert.',
  },
);
