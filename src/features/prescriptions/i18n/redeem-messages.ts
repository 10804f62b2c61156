import { defineMessages } from '../../../platform/i18n/messages';

/**
 * The redeem page's own texts (issue 29), rendered at build time: what an E-Rezept is, who
 * retrieves it, what it costs, and in demo mode the stand-in's test tokens. The island's texts are
 * in redeem-screen-messages.ts.
 */
export const redeemPageMessages = defineMessages(
  {
    pageTitle: 'Redeem an E-Rezept',
    pageDescription: 'Redeem your electronic prescription (E-Rezept): scan the code, upload a photo or PDF of your printout, or type it in.',
    loginRequired: 'Please log in to redeem an E-Rezept.',
    loginLink: 'Log in',
    introHeading: 'How it works',
    introWhat:
      'An E-Rezept is the electronic prescription your doctor issues. You receive it as a code: printed on paper as a square code (up to three prescriptions per sheet), or in your health insurer’s app.',
    introRetrieve:
      'When you redeem it here, our pharmacy retrieves the prescription from the secure healthcare network (Telematikinfrastruktur) and keeps it for you. Treat the code like a key: whoever has it can have the medicine dispensed.',
    introCoPayment:
      'With statutory health insurance you pay the legal co-payment: {percent} % of the price of each pack, at least {min} and at most {max}, and never more than the price itself.',
    introExempt: 'If you are exempt from co-payments, you pay nothing; you can state your exemption below.',
    introPrivate: 'Private prescriptions are paid in full; you claim the money back from your insurer.',
    demoSummary: 'Demo: test prescriptions',
    demoIntro: 'This shop runs with a stand-in for the pharmacy’s prescription system. These test codes answer as shown; any other code with valid check digits gives 1 to 3 prescription-only medicines.',
    demoId: 'Prescription ID',
    demoCode: 'Access code',
    demoStatutory: 'Statutory prescription: the co-payment applies',
    demoPrivate: 'Private prescription: paid in full',
    demoAlreadyRedeemed: 'Already redeemed',
    demoExpired: 'Expired',
    demoNotFound: 'Not found',
    demoUnavailable: 'The prescription system does not answer',
    demoSentToPharmacy: 'Sent by the doctor straight to a pharmacy: refused',
  },
  {
    pageTitle: 'E-Rezept einlösen',
    pageDescription: 'Lösen Sie Ihr elektronisches Rezept (E-Rezept) ein: Code scannen, Foto oder PDF Ihres Ausdrucks hochladen oder den Code eingeben.',
    loginRequired: 'Bitte melden Sie sich an, um ein E-Rezept einzulösen.',
    loginLink: 'Anmelden',
    introHeading: 'So funktioniert es',
    introWhat:
      'Ein E-Rezept ist das elektronische Rezept, das Ihre Ärztin oder Ihr Arzt ausstellt. Sie erhalten es als Code: auf Papier gedruckt als quadratischer Code (bis zu drei Rezepte pro Blatt) oder in der App Ihrer Krankenkasse.',
    introRetrieve:
      'Wenn Sie es hier einlösen, ruft unsere Apotheke das Rezept über das sichere Gesundheitsnetz (Telematikinfrastruktur) ab und hält es für Sie bereit. Behandeln Sie den Code wie einen Schlüssel: Wer ihn hat, kann sich das Arzneimittel aushändigen lassen.',
    introCoPayment:
      'Als gesetzlich Versicherte zahlen Sie die gesetzliche Zuzahlung: {percent} % des Preises je Packung, mindestens {min} und höchstens {max}, aber nie mehr als den Preis selbst.',
    introExempt: 'Wenn Sie von der Zuzahlung befreit sind, zahlen Sie nichts; Ihre Befreiung können Sie unten angeben.',
    introPrivate: 'Privatrezepte bezahlen Sie voll; den Betrag erhalten Sie von Ihrer Versicherung zurück.',
    demoSummary: 'Demo: Testrezepte',
    demoIntro: 'Dieser Shop läuft mit einem Ersatz für das Rezeptsystem der Apotheke. Diese Testcodes antworten wie angegeben; jeder andere Code mit gültigen Prüfziffern ergibt 1 bis 3 verschreibungspflichtige Arzneimittel.',
    demoId: 'Rezept-ID',
    demoCode: 'Zugangscode',
    demoStatutory: 'Kassenrezept: Zuzahlung fällt an',
    demoPrivate: 'Privatrezept: voll zu bezahlen',
    demoAlreadyRedeemed: 'Bereits eingelöst',
    demoExpired: 'Abgelaufen',
    demoNotFound: 'Nicht gefunden',
    demoUnavailable: 'Das Rezeptsystem antwortet nicht',
    demoSentToPharmacy: 'Von der Praxis direkt an eine Apotheke geschickt: abgelehnt',
  },
);
