import { defineMessages } from '../../../platform/i18n/messages';

/**
 * The wallet's texts. usageDescription is the spec's wallet_usage_description (§6): how credit is
 * used and whom to ask; the support contact is filled in from the site configuration.
 */
export const walletMessages = defineMessages(
  {
    usageDescription:
      'You can use your credit at checkout to pay for all or part of an order. Credit cannot be paid out or transferred. ' +
      'Questions about your credit? Contact our support: {phone} or {email} ({hours}).',
    kindReferralReward: 'Referral reward',
    kindOrderDebit: 'Used for order',
    kindOrderRefund: 'Refund for order',
    kindAdjustment: 'Adjustment',
  },
  {
    usageDescription:
      'Sie können Ihr Guthaben an der Kasse einsetzen, um eine Bestellung ganz oder teilweise zu bezahlen. Guthaben wird nicht ausgezahlt und ist nicht übertragbar. ' +
      'Fragen zu Ihrem Guthaben? Wenden Sie sich an unseren Support: {phone} oder {email} ({hours}).',
    kindReferralReward: 'Prämie für eine Empfehlung',
    kindOrderDebit: 'Für eine Bestellung eingesetzt',
    kindOrderRefund: 'Erstattung für eine Bestellung',
    kindAdjustment: 'Korrektur',
  },
);
