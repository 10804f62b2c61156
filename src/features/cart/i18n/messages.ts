import { defineMessages } from '../../../platform/i18n/messages';

/** Cart warnings that are advice rather than errors, so they live here and not in the error catalogue. */
export const cartMessages = defineMessages(
  {
    addToCart: 'Add to cart',
    addNamedToCart: 'Add {name} to cart',
    needsJavaScript: 'To order online, please enable JavaScript.',
    duplicateIngredient:
      'Two products in your cart contain {ingredient}. Taking both may exceed the safe dose: please ask your pharmacist before ordering both.',
  },
  {
    addToCart: 'In den Warenkorb',
    addNamedToCart: '{name} in den Warenkorb legen',
    needsJavaScript: 'Um online zu bestellen, aktivieren Sie bitte JavaScript.',
    duplicateIngredient:
      'Zwei Produkte in Ihrem Warenkorb enthalten {ingredient}. Zusammen eingenommen kann die sichere Dosis überschritten werden: Bitte fragen Sie Ihre Apothekerin oder Ihren Apotheker, bevor Sie beide bestellen.',
  },
);
