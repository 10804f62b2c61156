import { defineMessages } from '../../platform/i18n/messages';

/**
 * The help widget's questions and answers and its contact form (spec §2 help entry). The delivery
 * and payment answers are put together sentence by sentence from what the shop is configured to
 * offer (shop-offer.ts: the pharmacies' delivery methods and hours, the payment provider's
 * methods), so they cannot promise what the checkout does not offer or leave out what it does
 * (tests/unit/ui/help-texts.test.ts). The others agree with the terms (withdrawal) and the privacy
 * policy.
 */
export const helpMessages = defineMessages(
  {
    faqHeading: 'Frequently asked questions',
    faqDeliveryQ: 'How and when is my order delivered?',
    deliveryIntro: 'A partner pharmacy near you checks and packs your order.',
    deliveryCourier: 'Its courier brings it in about {asapMinutes} minutes, {courierHours} except public holidays, or in a time window you choose; when the pharmacy is closed you can order for the next morning.',
    deliveryParcel: 'Pharmacies with a mail-order permit also send parcels ({parcelMin}–{parcelMax} business days).',
    deliveryPickup: 'You can also collect your order at the pharmacy.',
    deliveryFee: 'Delivery costs {deliveryFee} and is free from {freeFrom}.',
    deliveryPickupOnly: 'Emergency contraceptives and a few other medicines must be collected in person.',
    hoursDaily: 'daily {opens}–{closes}',
    hoursOfPharmacy: 'during the pharmacy’s opening hours',
    faqPaymentQ: 'How can I pay?',
    methodCard: 'card',
    methodPayPal: 'PayPal',
    methodSepa: 'direct debit',
    methodInvoice: 'invoice',
    payMethods: 'You can pay {methods}. Checkout shows the ones your order allows.',
    payCard: 'by credit or debit card (Visa, Mastercard, American Express, with 3-D Secure)',
    payWallets: 'A card also works through Apple Pay or Google Pay.',
    payPayPal: 'with PayPal',
    paySepa: 'by SEPA direct debit from a German address',
    payInvoice: 'on invoice (from the age of {minAge}, for {min} to {max})',
    payCardData: 'Your card details go only to our payment provider.',
    payHeld: 'The amount is reserved when you order and charged only when the pharmacy accepts the order; if it declines, the reservation is released in full.',
    paySepaWhen: 'A direct debit is taken only once the pharmacy accepts the order.',
    faqPrescriptionQ: 'Can I order prescription medicines?',
    faqPrescriptionA:
      'Prescription-only medicines need a prescription, which in Germany is an e-prescription (E-Rezept). The shop cannot take e-prescriptions yet, so these medicines are marked and cannot be put in the cart. Redeem your e-prescription with your health insurance card, the E-Rezept app or the printed code at a pharmacy, for example your partner pharmacy.',
    faqReturnsQ: 'Can I return something?',
    faqReturnsA:
      'You have a 14-day right of withdrawal from delivery (see the terms). It does not apply to preparations made up for you, to perishable goods, or to sealed health or hygiene goods once opened. For your safety, medicines that have left the pharmacy can never be resold: a returned medicine is destroyed. Received something damaged or wrong? Contact us and we will put it right.',
    faqPrivacyQ: 'What happens to my data?',
    faqPrivacyA:
      'Your order data, which can reveal health information, goes to the pharmacy that fulfils your order only with the consent you give at checkout. Analytics and marketing run only if you allow them. You can delete your account in the settings; details are in the privacy policy.',
    contactHeading: 'Write to us',
    formLabel: 'Your message to our service team',
    formHint: 'At most {max} characters. Please do not include health details; ask a pharmacist in the chat instead.',
    formSubmit: 'Send message',
    formSending: 'Sending…',
    formSent: 'Thank you, we received your message.',
    formFailed: 'Your message could not be sent. Please try again or write an e-mail.',
    formRequired: 'Please write a message.',
    formLoggedOut: 'Please {login} to send a message, or write to {email}.',
    formLogIn: 'log in',
  },
  {
    faqHeading: 'Häufige Fragen',
    faqDeliveryQ: 'Wie und wann wird meine Bestellung geliefert?',
    deliveryIntro: 'Eine Partnerapotheke in Ihrer Nähe prüft und packt Ihre Bestellung.',
    deliveryCourier: 'Ihr Botendienst bringt sie in etwa {asapMinutes} Minuten, {courierHours} außer an Feiertagen, oder im gewählten Zeitfenster; ist die Apotheke geschlossen, können Sie für den nächsten Morgen bestellen.',
    deliveryParcel: 'Apotheken mit Versanderlaubnis verschicken auch per Paket ({parcelMin}–{parcelMax} Werktage).',
    deliveryPickup: 'Sie können Ihre Bestellung auch in der Apotheke abholen.',
    deliveryFee: 'Die Lieferung kostet {deliveryFee}, ab {freeFrom} ist sie kostenlos.',
    deliveryPickupOnly: 'Notfallverhütung und wenige andere Arzneimittel gibt es nur bei Abholung.',
    hoursDaily: 'täglich {opens}–{closes} Uhr',
    hoursOfPharmacy: 'während der Öffnungszeiten der Apotheke',
    faqPaymentQ: 'Wie kann ich bezahlen?',
    methodCard: 'Karte',
    methodPayPal: 'PayPal',
    methodSepa: 'Lastschrift',
    methodInvoice: 'Rechnung',
    payMethods: 'So können Sie bezahlen: {methods}. Im Checkout sehen Sie, was für Ihre Bestellung möglich ist.',
    payCard: 'mit Kredit- oder Debitkarte (Visa, Mastercard, American Express, mit 3-D Secure)',
    payWallets: 'Eine Karte können Sie auch über Apple Pay oder Google Pay nutzen.',
    payPayPal: 'mit PayPal',
    paySepa: 'per SEPA-Lastschrift mit deutscher Adresse',
    payInvoice: 'auf Rechnung (ab {minAge} Jahren, für {min} bis {max})',
    payCardData: 'Ihre Kartendaten gehen nur an unseren Zahlungsdienstleister.',
    payHeld: 'Der Betrag wird bei der Bestellung reserviert und erst abgebucht, wenn die Apotheke die Bestellung annimmt; lehnt sie ab, wird die Reservierung vollständig freigegeben.',
    paySepaWhen: 'Eine Lastschrift wird erst eingezogen, wenn die Apotheke die Bestellung annimmt.',
    faqPrescriptionQ: 'Kann ich verschreibungspflichtige Arzneimittel bestellen?',
    faqPrescriptionA:
      'Verschreibungspflichtige Arzneimittel brauchen ein Rezept, in Deutschland ein E-Rezept. Der Shop kann E-Rezepte noch nicht annehmen; diese Arzneimittel sind deshalb gekennzeichnet und können nicht in den Warenkorb. Lösen Sie Ihr E-Rezept mit der Gesundheitskarte, der E-Rezept-App oder dem ausgedruckten Code in einer Apotheke ein, zum Beispiel in Ihrer Partnerapotheke.',
    faqReturnsQ: 'Kann ich etwas zurückgeben?',
    faqReturnsA:
      'Sie haben ab Lieferung ein 14-tägiges Widerrufsrecht (siehe AGB). Es gilt nicht für für Sie hergestellte Rezepturen, für schnell verderbliche Waren und für versiegelte Gesundheits- oder Hygieneartikel nach dem Öffnen. Zu Ihrer Sicherheit dürfen Arzneimittel, die die Apotheke verlassen haben, nie wieder verkauft werden: Zurückgesandte Arzneimittel werden vernichtet. Etwas beschädigt oder falsch geliefert? Melden Sie sich, wir kümmern uns.',
    faqPrivacyQ: 'Was passiert mit meinen Daten?',
    faqPrivacyA:
      'Ihre Bestelldaten, die Gesundheitsinformationen verraten können, gehen nur mit Ihrer Einwilligung im Checkout an die Apotheke, die Ihre Bestellung ausführt. Analyse und Marketing laufen nur, wenn Sie sie erlauben. Ihr Konto können Sie in den Einstellungen löschen; Einzelheiten stehen in der Datenschutzerklärung.',
    contactHeading: 'Schreiben Sie uns',
    formLabel: 'Ihre Nachricht an unser Service-Team',
    formHint: 'Höchstens {max} Zeichen. Bitte keine Gesundheitsangaben; fragen Sie dazu eine Apothekerin im Chat.',
    formSubmit: 'Nachricht senden',
    formSending: 'Wird gesendet …',
    formSent: 'Danke, wir haben Ihre Nachricht erhalten.',
    formFailed: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut oder schreiben Sie eine E-Mail.',
    formRequired: 'Bitte schreiben Sie eine Nachricht.',
    formLoggedOut: 'Bitte {login}, um eine Nachricht zu senden, oder schreiben Sie an {email}.',
    formLogIn: 'melden Sie sich an',
  },
);
