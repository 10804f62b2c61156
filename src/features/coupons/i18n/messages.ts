import { defineMessages } from '../../../platform/i18n/messages';

/**
 * How a coupon's terms read in the customer's coupon list. Each entry is a whole sentence: the
 * description joins the sentences that apply, so no sentence is ever glued from fragments.
 */
export const couponTermsMessages = defineMessages(
  {
    amountOff: '{amount} off your order.',
    percentOff: '{percent} % off your order.',
    amountOffCategories: '{amount} off products in {categories}.',
    percentOffCategories: '{percent} % off products in {categories}.',
    amountOffProducts: '{amount} off selected products.',
    percentOffProducts: '{percent} % off selected products.',
    minOrder: 'From an order value of {amount}.',
    maxOrder: 'Up to an order value of {amount}.',
    firstOrderOnly: 'For your first order only.',
    minOrderCountOne: 'From your second order on.',
    minOrderCountOther: 'Once you have placed {count} orders.',
    maxOrderCountOne: 'For customers with at most one earlier order.',
    maxOrderCountOther: 'For customers with at most {count} earlier orders.',
    validFrom: 'Valid from {date}.',
    validUntil: 'Valid until {date}.',
    usesPerCustomer: 'Can be used {count} times.',
    notOnDiscounted: 'Not valid on discounted items.',
    notOnMedicines: 'Not valid on medicines or discounted items.',
    referralTerms: 'Your friend gets {discount} off their first order from an order value of {minimum}. Once that order is delivered, you receive {reward} credit.',
  },
  {
    amountOff: '{amount} Rabatt auf Ihre Bestellung.',
    percentOff: '{percent} % Rabatt auf Ihre Bestellung.',
    amountOffCategories: '{amount} Rabatt auf Produkte aus {categories}.',
    percentOffCategories: '{percent} % Rabatt auf Produkte aus {categories}.',
    amountOffProducts: '{amount} Rabatt auf ausgewählte Produkte.',
    percentOffProducts: '{percent} % Rabatt auf ausgewählte Produkte.',
    minOrder: 'Ab einem Bestellwert von {amount}.',
    maxOrder: 'Bis zu einem Bestellwert von {amount}.',
    firstOrderOnly: 'Nur für Ihre erste Bestellung.',
    minOrderCountOne: 'Ab Ihrer zweiten Bestellung.',
    minOrderCountOther: 'Sobald Sie {count} Bestellungen aufgegeben haben.',
    maxOrderCountOne: 'Für Kundinnen und Kunden mit höchstens einer früheren Bestellung.',
    maxOrderCountOther: 'Für Kundinnen und Kunden mit höchstens {count} früheren Bestellungen.',
    validFrom: 'Gültig ab dem {date}.',
    validUntil: 'Gültig bis zum {date}.',
    usesPerCustomer: 'Kann {count}-mal eingelöst werden.',
    notOnDiscounted: 'Nicht für reduzierte Artikel.',
    notOnMedicines: 'Nicht für Arzneimittel und reduzierte Artikel.',
    referralTerms: 'Ihre Freundin oder Ihr Freund erhält {discount} Rabatt auf die erste Bestellung ab einem Bestellwert von {minimum}. Sobald diese Bestellung geliefert ist, erhalten Sie {reward} Guthaben.',
  },
);

/** Why a coupon does not apply, with the rule's numbers (couponFailureMessage); else the error catalogue's text. */
export const couponFailureMessages = defineMessages(
  {
    couponNotYetValid: 'This coupon is valid from {date}.',
    couponExpired: 'This coupon was valid until {date}.',
    couponMinOrderValue: 'This coupon is valid from an order value of {amount}. Add {missing} more.',
    couponMaxOrderValue: 'This coupon is valid up to an order value of {amount}.',
    couponMinOrderCountOne: 'This coupon can be used once you have placed an order.',
    couponMinOrderCountOther: 'This coupon can be used once you have placed {count} orders.',
    couponFirstOrderOnly: 'This coupon is valid for your first order only.',
    couponMaxOrderCountOne: 'This coupon is valid only for customers with at most one earlier order.',
    couponMaxOrderCountOther: 'This coupon is valid only for customers with at most {count} earlier orders.',
  },
  {
    couponNotYetValid: 'Dieser Gutschein gilt ab dem {date}.',
    couponExpired: 'Dieser Gutschein war bis zum {date} gültig.',
    couponMinOrderValue: 'Dieser Gutschein gilt ab einem Bestellwert von {amount}. Es fehlen noch {missing}.',
    couponMaxOrderValue: 'Dieser Gutschein gilt bis zu einem Bestellwert von {amount}.',
    couponMinOrderCountOne: 'Dieser Gutschein kann eingelöst werden, sobald Sie eine Bestellung aufgegeben haben.',
    couponMinOrderCountOther: 'Dieser Gutschein kann eingelöst werden, sobald Sie {count} Bestellungen aufgegeben haben.',
    couponFirstOrderOnly: 'Dieser Gutschein gilt nur für Ihre erste Bestellung.',
    couponMaxOrderCountOne: 'Dieser Gutschein gilt nur für Kundinnen und Kunden mit höchstens einer früheren Bestellung.',
    couponMaxOrderCountOther: 'Dieser Gutschein gilt nur für Kundinnen und Kunden mit höchstens {count} früheren Bestellungen.',
  },
);
