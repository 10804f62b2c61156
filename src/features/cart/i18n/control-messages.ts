import { defineMessages } from '../../../platform/i18n/messages';

/**
 * Texts of the product page's cart control and the header badge: they ship with the catalogue
 * pages' small load-time script, so they are kept apart from the drawer's longer texts.
 */
export const cartControlMessages = defineMessages(
  {
    added: 'Added to cart',
    quantityGroup: 'Quantity of {name} in your cart',
    inCart: 'In cart',
    increase: 'Increase quantity of {name}',
    decrease: 'Decrease quantity of {name}',
    removeOne: 'Remove {name} from the cart',
    maxReached: 'You can order at most {max} of this product.',
    itemsOne: '1 item in the cart',
    itemsMany: '{count} items in the cart',
    failed: 'Hoppla',
  },
  {
    added: 'In den Warenkorb gelegt',
    quantityGroup: 'Menge von {name} in Ihrem Warenkorb',
    inCart: 'Im Warenkorb',
    increase: 'Menge von {name} erhöhen',
    decrease: 'Menge von {name} verringern',
    removeOne: '{name} aus dem Warenkorb entfernen',
    maxReached: 'Sie können höchstens {max} Stück dieses Produkts bestellen.',
    itemsOne: '1 Artikel im Warenkorb',
    itemsMany: '{count} Artikel im Warenkorb',
    failed: 'Hoppla',
  },
);
