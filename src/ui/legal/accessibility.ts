import { defineMessages } from '../../platform/i18n/messages';
import type { LegalOutline } from './document';

export const accessibilityMessages = defineMessages(
  {
    title: 'Accessibility statement',
    lead: '{operator} wants everyone to be able to buy pharmacy products in this shop, whatever their abilities or the technology they use. This statement is made under the Barrierefreiheitsstärkungsgesetz (BFSG, the German implementation of the European Accessibility Act).',
    standardHeading: 'Standard',
    standardBody: 'The shop is designed to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, as required by the harmonised standard EN 301 549.',
    statusHeading: 'Compliance status',
    statusBody: 'The shop is largely compliant with WCAG 2.1 AA. Every page is tested with automated checks (axe) and by hand with keyboard only and with a screen reader before release.',
    featuresHeading: 'What we do',
    featureKeyboard: 'All functions can be operated with the keyboard; a visible focus indicator shows where you are, and a skip link leads to the main content.',
    featureScreenReader: 'Pages use landmarks, one main heading, labelled form fields and a declared language, so screen readers can navigate them.',
    featureContrast: 'Text and controls meet the contrast ratios of WCAG AA; text can be enlarged to 200 % without loss of content.',
    featureNoJs: 'Browsing, search and the legal pages work without JavaScript; animations are reduced when your system asks for reduced motion.',
    featureLanguage: 'The whole shop is available in German and English.',
    limitsHeading: 'Known limitations',
    limitsPdf: 'Price lists that some partner pharmacies provide as PDF files may not be fully accessible. Ask us and we will send you the information in an accessible form.',
    limitsThirdParty: 'Payment pages of external payment providers are outside our control; we choose providers that state their own compliance.',
    serviceHeading: 'How the service works',
    serviceBody: 'You search or browse the catalogue, put products in the cart, enter your delivery address, and pay. A partner pharmacy checks your order and its courier brings it to your door, usually within about 30 minutes. Pharmacists answer questions by chat, phone ({supportPhone}) or e-mail ({supportEmail}), {supportHours}.',
    feedbackHeading: 'Feedback and contact',
    feedbackBody: 'If you find a barrier, or need information in another format, tell us: e-mail {supportEmail}, phone {supportPhone}. We reply within 14 days.',
    enforcementHeading: 'Enforcement',
    enforcementBody: 'If our answer does not resolve your issue, you can contact the market surveillance authority responsible for the BFSG: [{a11yAuthority}]({a11yAuthorityUrl}).',
  },
  {
    title: 'Erklärung zur Barrierefreiheit',
    lead: 'Die {operator} möchte, dass alle Menschen in diesem Shop Apothekenprodukte kaufen können – unabhängig von ihren Fähigkeiten und der genutzten Technik. Diese Erklärung erfolgt nach dem Barrierefreiheitsstärkungsgesetz (BFSG).',
    standardHeading: 'Standard',
    standardBody: 'Der Shop ist darauf ausgelegt, die Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA zu erfüllen, wie es die harmonisierte Norm EN 301 549 verlangt.',
    statusHeading: 'Stand der Vereinbarkeit',
    statusBody: 'Der Shop ist weitgehend mit WCAG 2.1 AA vereinbar. Jede Seite wird vor der Veröffentlichung automatisiert (axe) sowie manuell mit Tastatur und Screenreader geprüft.',
    featuresHeading: 'Was wir tun',
    featureKeyboard: 'Alle Funktionen sind per Tastatur bedienbar; ein sichtbarer Fokusrahmen zeigt die aktuelle Position, ein Sprunglink führt zum Hauptinhalt.',
    featureScreenReader: 'Die Seiten nutzen Landmarken, eine Hauptüberschrift, beschriftete Formularfelder und eine ausgezeichnete Sprache, damit Screenreader sie erschließen können.',
    featureContrast: 'Texte und Bedienelemente erfüllen die Kontrastwerte der WCAG AA; Text lässt sich ohne Inhaltsverlust auf 200 % vergrößern.',
    featureNoJs: 'Stöbern, Suche und die Rechtstexte funktionieren ohne JavaScript; Animationen werden reduziert, wenn Ihr System das wünscht.',
    featureLanguage: 'Der gesamte Shop ist auf Deutsch und Englisch verfügbar.',
    limitsHeading: 'Bekannte Einschränkungen',
    limitsPdf: 'Preislisten, die einige Partnerapotheken als PDF bereitstellen, sind möglicherweise nicht vollständig barrierefrei. Auf Anfrage senden wir Ihnen die Informationen in barrierefreier Form.',
    limitsThirdParty: 'Zahlungsseiten externer Zahlungsdienstleister liegen außerhalb unseres Einflusses; wir wählen Anbieter, die ihre eigene Barrierefreiheit erklären.',
    serviceHeading: 'So funktioniert der Dienst',
    serviceBody: 'Sie suchen oder stöbern im Sortiment, legen Produkte in den Warenkorb, geben Ihre Lieferadresse ein und bezahlen. Eine Partnerapotheke prüft Ihre Bestellung, und ihr Botendienst bringt sie meist in etwa 30 Minuten an Ihre Tür. Apothekerinnen und Apotheker beantworten Fragen per Chat, Telefon ({supportPhone}) oder E-Mail ({supportEmail}), {supportHours}.',
    feedbackHeading: 'Feedback und Kontakt',
    feedbackBody: 'Wenn Sie auf eine Barriere stoßen oder Informationen in einem anderen Format benötigen, melden Sie sich: E-Mail {supportEmail}, Telefon {supportPhone}. Wir antworten innerhalb von 14 Tagen.',
    enforcementHeading: 'Durchsetzungsverfahren',
    enforcementBody: 'Löst unsere Antwort Ihr Anliegen nicht, können Sie sich an die für das BFSG zuständige Marktüberwachungsbehörde wenden: [{a11yAuthority}]({a11yAuthorityUrl}).',
  },
);

type Key = keyof (typeof accessibilityMessages)['en'];

export const accessibilityOutline: LegalOutline<Key> = {
  title: 'title',
  lead: 'lead',
  sections: [
    { heading: 'standardHeading', blocks: ['standardBody'] },
    { heading: 'statusHeading', blocks: ['statusBody'] },
    {
      heading: 'featuresHeading',
      blocks: [{ list: ['featureKeyboard', 'featureScreenReader', 'featureContrast', 'featureNoJs', 'featureLanguage'] }],
    },
    { heading: 'limitsHeading', blocks: [{ list: ['limitsPdf', 'limitsThirdParty'] }] },
    { heading: 'serviceHeading', blocks: ['serviceBody'] },
    { heading: 'feedbackHeading', blocks: ['feedbackBody'] },
    { heading: 'enforcementHeading', blocks: ['enforcementBody'] },
  ],
};
