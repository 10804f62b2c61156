import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { apiClient, attempt, fetchCart } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { checkDelivery, choosePharmacy } from '../browser/delivery-check';
import { $addressSelection, $selectedPharmacy } from '../browser/shopping-location';
import { otherPharmacyText } from '../model/delivery-outcome';
import type { DeliveryCheck } from '../model/selection-types';
import { selectionMessages } from '../i18n/selection';
import { DeliveryOutcome } from './DeliveryOutcome';

/**
 * Under the cart page: who delivers the cart to the chosen shipping address, in the words of the
 * address screen and the checkout (the same server decision, POST /shop/v1/delivery-area). An
 * address that another pharmacy serves proposes that pharmacy, before checkout has to say "no".
 */
export default function CartDeliveryVerdict({ locale }: { locale: Locale }) {
  const t = translator(selectionMessages, locale);
  const selection = useStore($addressSelection);
  const selected = useStore($selectedPharmacy);
  const [check, setCheck] = useState<DeliveryCheck | null>(null);
  const [cartPharmacy, setCartPharmacy] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    let current = true;
    void (async () => {
      const api = apiClient(locale);
      const [list, cart] = await Promise.all([attempt(() => api.GET('/api/v1/user/addresses'), locale), fetchCart(locale)]);
      if (!current || !list.ok || !cart.ok) return;
      const shipping = list.data.shipping;
      const address = shipping.find((entry) => entry.id === selection?.id) ?? shipping.at(-1);
      if (!address || cart.data.lines.length === 0) return setCheck(null);
      const { postal_code, street_address, house_number, locality } = address;
      const label = selection?.id === address.id ? selection.label : `${postal_code} ${locality}`;
      const outcome = await checkDelivery({ postal_code, street_address, house_number, locality }, { locale, addressLabel: label, choose: false, cart: cart.data });
      if (!current || !outcome.ok) return;
      setCartPharmacy(cart.data.pharmacyId ?? null);
      setCheck(outcome.data);
    })();
    return () => {
      current = false;
    };
  }, [selection?.id, selected?.id, locale]);

  if (!check) return null;
  const serving = check.answer.pharmacy?.pharmacy ?? null;
  const cartPharmacyServes = serving === null || serving.id === cartPharmacy || check.answer.alternatives.some((entry) => entry.pharmacy.id === cartPharmacy);

  async function moveTo(pharmacy: { id: string; name: string }) {
    setMoving(true);
    // The cart follows the chosen pharmacy (its stock and prices): the cart feature listens to it.
    await choosePharmacy(pharmacy, locale);
    setMoving(false);
  }

  return (
    <div className="cart-delivery-verdict">
      <DeliveryOutcome check={check} locale={locale}>
        {!cartPharmacyServes && serving && (
          <>
            <p>{otherPharmacyText(serving.name, locale)}</p>
            <button type="button" className="delivery-outcome__action" disabled={moving} onClick={() => void moveTo({ id: serving.id, name: serving.name })}>
              {t('orderFrom', { pharmacy: serving.name })}
            </button>
          </>
        )}
      </DeliveryOutcome>
    </div>
  );
}
