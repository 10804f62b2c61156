import { defineMessages } from '../../../platform/i18n/messages';

/** Stock hints at the selected pharmacy, on product pages, product cards and the favorites list. */
export const availabilityMessages = defineMessages(
  {
    inStock: 'In stock at {pharmacy}',
    low: 'Only a few left at {pharmacy}',
    soldOut: 'Sold out at {pharmacy}',
    choosePharmacy: 'Choose a pharmacy to see availability',
  },
  {
    inStock: 'Vorrätig in {pharmacy}',
    low: 'Nur noch wenige vorrätig in {pharmacy}',
    soldOut: 'Ausverkauft in {pharmacy}',
    choosePharmacy: 'Apotheke wählen, um die Verfügbarkeit zu sehen',
  },
);
