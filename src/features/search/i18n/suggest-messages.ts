import { defineMessages } from '../../../platform/i18n/messages';

/** Texts of the header search box's suggestions (shipped with that small module only). */
export const suggestMessages = defineMessages(
  {
    listLabel: 'Search suggestions',
    products: 'Products',
    categories: 'Categories',
    none: 'No suggestions',
    countOne: '1 suggestion, use the arrow keys to choose',
    count: '{count} suggestions, use the arrow keys to choose',
  },
  {
    listLabel: 'Suchvorschläge',
    products: 'Produkte',
    categories: 'Kategorien',
    none: 'Keine Vorschläge',
    countOne: '1 Vorschlag, mit den Pfeiltasten auswählen',
    count: '{count} Vorschläge, mit den Pfeiltasten auswählen',
  },
);
