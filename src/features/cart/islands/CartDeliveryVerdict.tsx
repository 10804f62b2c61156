import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { addressLine } from '../../addresses/client';
import { $addressSelection, checkDelivery, choosePharmacy, DeliveryOutcomePanel, otherPharmacyText, type DeliveryCheck } from '../../pharmacies/client';
import { refreshCart } from '../browser/actions';
import { $cart } from '../browser/state';
import { cartPanelMessages } from '../i18n/panel-messages';

/**
 * Under the cart page: who delivers the cart to the chosen address, in the words of the address
 * screen and the checkout (the same server decision, POST /shop/v1/delivery-area). An address
 * that another pharmacy serves proposes that pharmacy rather than letting checkout say "no".
 */
export function CartDeliveryVerdict({ locale }: { locale: Locale }) {
  const t = translator(cartPanelMessages, locale);
  const cart = useStore($cart);
  const selection = useStore($addressSelection);
  const [check, setCheck] = useState<DeliveryCheck | null>(null);
  const [moving, setMoving] = useState(false);
  const pharmacyId = cart?.pharmacyId ?? null;
  const contents = (cart?.lines ?? []).map((line) => `${line.pzn}:${line.quantity}`).join();

  useEffect(() => {
    if (!contents) {
      setCheck(null);
      return;
    }
    let current = true;
    void (async () => {
      const list = await attempt(() => apiClient(locale).GET('/api/v1/user/addresses'), locale);
      if (!current || !list.ok) return;
      const shipping = list.data.shipping;
      const address = shipping.find((entry) => entry.id === selection?.id) ?? shipping.at(-1);
      if (!address) return setCheck(null);
      const { postal_code, street_address, house_number, locality } = address;
      const outcome = await checkDelivery({ postal_code, street_address, house_number, locality }, { locale, addressLabel: addressLine(address), choose: false });
      if (current && outcome.ok) setCheck(outcome.data);
    })();
    return () => {
      current = false;
    };
  }, [contents, pharmacyId, selection?.id, locale]);

  if (!check) return null;
  const serving = check.answer.pharmacy?.pharmacy ?? null;
  const cartPharmacyServes = serving === null || serving.id === pharmacyId || check.answer.alternatives.some((entry) => entry.pharmacy.id === pharmacyId);

  async function moveTo(pharmacy: { id: string; name: string }) {
    setMoving(true);
    await choosePharmacy(pharmacy, locale);
    await refreshCart();
    setMoving(false);
  }

  return (
    <div className="cart-delivery-verdict">
      <DeliveryOutcomePanel check={check} locale={locale}>
        {!cartPharmacyServes && serving && (
          <>
            <p>{otherPharmacyText(serving.name, locale)}</p>
            <button type="button" className="cart-move" disabled={moving} onClick={() => void moveTo({ id: serving.id, name: serving.name })}>
              {t('orderFrom', { pharmacy: serving.name })}
            </button>
          </>
        )}
      </DeliveryOutcomePanel>
    </div>
  );
}
