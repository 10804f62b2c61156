import { describe, expect, it } from 'vitest';
import type { DeliveryCheck } from '../../../src/features/pharmacies/model/selection-types';
import { describeOutcome, distanceLabel } from '../../../src/features/pharmacies/model/outcome-view';
import type { DeliveryArea, DeliveryPharmacy } from '../../../src/features/pharmacies/model/selection-types';
import { selectionMessages } from '../../../src/features/pharmacies/i18n/selection';
import { DELIVERY_MESSAGES, OUTSIDE_AREA_OFFER } from '../../../src/features/pharmacies/model/delivery-outcome';

const serving = (name: string, openNow = true, missing: string[] = []): DeliveryPharmacy =>
  ({
    pharmacy: { id: name.toLowerCase().replace(/\W+/g, '-'), name, openNow, address: { street: 'Karl-Liebknecht-Straße', houseNumber: '13', postalCode: '10178', city: 'Berlin' } },
    delivers: true,
    distance_km: 0.8,
    in_stock_count: 0,
    missing_pzns: missing,
  }) as unknown as DeliveryPharmacy;

function check(answer: Partial<DeliveryArea>, productNames: Record<string, string> = {}): DeliveryCheck {
  const outcome = answer.outcome ?? 'in_area_all_in_stock';
  return {
    addressLabel: 'Karl-Liebknecht-Straße 1, 10178 Berlin',
    productNames,
    answer: { outcome, message: DELIVERY_MESSAGES[outcome], postal_code: '10178', locality: 'Berlin', location: null, missing_pzns: [], pharmacy: null, alternatives: [], ...answer },
  };
}

describe('describeOutcome', () => {
  it('in the area with everything in stock: who delivers, in green', () => {
    const view = describeOutcome(check({ pharmacy: serving('Apotheke am Alexanderplatz') }, { '10019621': 'Aspirin' }), 'en');
    expect(view.tone).toBe('success');
    expect(view.title).toBe(selectionMessages.en.inAreaTitle);
    expect(view.heading).toBe('Delivery to Karl-Liebknecht-Straße 1, 10178 Berlin');
    expect(view.paragraphs).toEqual(['Apotheke am Alexanderplatz delivers your order.', selectionMessages.en.allInStock]);
    expect(view.missing).toEqual([]);
  });

  it('does not claim the cart is in stock when the cart is empty', () => {
    expect(describeOutcome(check({ pharmacy: serving('Apotheke am Dom') }), 'de').paragraphs).toEqual(['Apotheke am Dom liefert Ihre Bestellung.']);
  });

  it('in the area with only some in stock: names the missing products, unknown ones by PZN', () => {
    const view = describeOutcome(
      check({ outcome: 'in_area_some_in_stock', pharmacy: serving('Apotheke am Dom', true, ['04773414', '10019621']), missing_pzns: ['04773414', '10019621'] }, { '04773414': 'Nasenspray-ratiopharm' }),
      'de',
    );
    expect(view.tone).toBe('warning');
    expect(view.paragraphs[0]).toBe(DELIVERY_MESSAGES.in_area_some_in_stock!.de);
    expect(view.missingIntro).toBe('Bei Apotheke am Dom nicht vorrätig:');
    expect(view.missing).toEqual(['Nasenspray-ratiopharm', 'Produkt mit PZN 10019621']);
  });

  it('says a closed serving pharmacy takes pre-orders only', () => {
    expect(describeOutcome(check({ pharmacy: serving('Apotheke am Dom', false) }), 'en').paragraphs).toContain(selectionMessages.en.closedPreorder);
  });

  it('outside the area: "we do not deliver to this address yet" with the nearest pharmacies for pickup', () => {
    const pickup = { ...serving('Alster-Apotheke'), delivers: false, distance_km: 2.3 };
    const view = describeOutcome(check({ outcome: 'outside_area', alternatives: [pickup] }), 'en');
    expect(view.tone).toBe('error');
    expect(view.paragraphs).toEqual(['We do not deliver to this address yet.', OUTSIDE_AREA_OFFER.en]);
    expect(view.suggestionsIntro).toBe(selectionMessages.en.outsideNearest);
    expect(view.suggestions).toEqual([{ id: 'alster-apotheke', name: 'Alster-Apotheke', detail: 'Karl-Liebknecht-Straße 13, 10178 Berlin · 2.3 km away' }]);
  });

  it('writes distances with the decimal mark of the page language', () => {
    expect(distanceLabel(2.3, 'en')).toBe('2.3 km away');
    expect(distanceLabel(2.3, 'de')).toBe('2,3 km entfernt');
  });

  it('outside the area without a position names the cities served instead', () => {
    const view = describeOutcome(check({ outcome: 'outside_area', postal_code: '01067' }), 'de');
    expect(view.paragraphs).toEqual([DELIVERY_MESSAGES.outside_area!.de, OUTSIDE_AREA_OFFER.de, selectionMessages.de.outsideCities]);
    expect(view.suggestions).toEqual([]);
  });

  it('an address not recognised says so with the server’s hint', () => {
    const view = describeOutcome(check({ outcome: 'address_not_recognised' }), 'de');
    expect(view.title).toBe('Adresse nicht erkannt');
    expect(view.paragraphs).toEqual([DELIVERY_MESSAGES.address_not_recognised!.de]);
  });
});
