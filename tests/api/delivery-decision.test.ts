import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userAddresses } from '../../src/features/addresses/server/schema';
import { pharmacies } from '../../src/features/pharmacies/server/schema';
import { OUTSIDE_AREA_OFFER } from '../../src/features/pharmacies/model/delivery-outcome';
import { placesOf, postalCodeExists, recogniseAddress } from '../../src/platform/geocoding';
import { call } from './support/shopper';
import { COMPLETE, createDraft, DAILY, fillCart, newCustomer, OPEN, place, PLASTER, setStock, useOrdersApp } from './orders/harness';

/*
 * Issue 11, "One delivery-area decision everywhere": the address book, the delivery-area check and
 * the checkout's quote decide alike. A postal code must exist and belong to the locality (the
 * complete list of German codes and places); an address the draft's pharmacy does not reach but
 * another one does gets that pharmacy proposed; outside every zone the same offer is named.
 */

const h = useOrdersApp({ at: OPEN });
const MUNICH = 'apotheke-marienplatz-test';

beforeAll(async () => {
  const [template] = await h.db.select().from(pharmacies).limit(1);
  await h.db.insert(pharmacies).values({
    ...template!,
    id: MUNICH,
    name: 'Marienplatz Apotheke',
    city: 'München',
    state: 'BY',
    postalCode: '80331',
    lat: 48.137,
    lng: 11.575,
    email: 'marienplatz@example.org',
    deliveryOptions: ['courier', 'pickup'],
    deliveryPostalCodes: ['80331', '80333'],
    selfPickupOnly: false,
    active: true,
  });
});

const area = (body: Record<string, unknown>) => call<{ outcome: string; pharmacy: { pharmacy: { id: string } } | null }>(h.app, '/shop/v1/delivery-area', { body });

describe('the complete list of German postal codes and places', () => {
  it('knows codes all over Germany with their places, and no code that was never assigned', () => {
    expect(postalCodeExists('01067')).toBe(true);
    expect(placesOf('01067')).toContain('Dresden');
    expect(postalCodeExists('99999')).toBe(false);
    expect(postalCodeExists('00123')).toBe(false);
    expect(recogniseAddress('20095', 'Berlin')).toBe('locality_mismatch');
    expect(recogniseAddress('20095', 'Hamburg')).toBe('recognised');
    expect(recogniseAddress('80331', 'Munich')).toBe('recognised');
    expect(recogniseAddress('60311', 'Frankfurt')).toBe('recognised');
    expect(recogniseAddress('10115', 'Berlin-Mitte')).toBe('recognised');
  });
});

describe('the address book keeps only addresses that exist', () => {
  it('refuses a postal code that does not exist, and one that does not belong to the city, at the postal-code field', async () => {
    const customer = await newCustomer(h.app);
    const nowhere = await call<{ code: string; message: string; fields: Record<string, string> }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Hauptstraße', house_number: '1', room: null, postal_code: '99999', locality: 'Nirgendwo', note: null },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body).toMatchObject({ code: 'INVALID_POSTAL_CODE', fields: { postal_code: 'INVALID_POSTAL_CODE' } });
    expect(nowhere.body.message).toBe('This postal code does not exist in Germany.');

    const mixed = await call<{ code: string; message: string }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Invalidenstraße', house_number: '10', room: null, postal_code: '20095', locality: 'Berlin', note: null },
      lang: 'de',
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('Die Postleitzahl 20095 gehört nicht zu Berlin. Bitte prüfen Sie Postleitzahl und Ort.');

    const munich = await call(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Marienplatz', house_number: '8', room: null, postal_code: '80331', locality: 'Munich', note: null },
    });
    expect(munich.status).toBe(201);
  });
});

describe('the delivery-area check', () => {
  it('calls a code that does not exist, or a city it does not belong to, not recognised; a real place outside every zone is outside', async () => {
    expect((await area({ postal_code: '99999', locality: 'Nirgendwo' })).body.outcome).toBe('address_not_recognised');
    expect((await area({ postal_code: '20095', locality: 'Berlin', street_address: 'Invalidenstraße' })).body.outcome).toBe('address_not_recognised');
    expect((await area({ postal_code: '01067', locality: 'Dresden' })).body.outcome).toBe('outside_area');
    const munich = await area({ postal_code: '80331', locality: 'München' });
    expect(munich.body.outcome).toMatch(/^in_area/);
    expect(munich.body.pharmacy?.pharmacy.id).toBe(MUNICH);
  });
});

describe("the checkout's decision is the same", () => {
  it('proposes the München pharmacy for a München address while a Berlin pharmacy is chosen, and choosing it clears the issue', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    await setStock(h.db, MUNICH, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    const munich = await call<{ id: string }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Marienplatz', house_number: '8', room: null, postal_code: '80331', locality: 'München', note: null },
    });
    await fillCart(h.app, customer.token, { [PLASTER]: 1 }, DAILY);
    const draft = await createDraft(h.app, customer.token, { ...COMPLETE, shipping_address_id: munich.body.id });
    const issue = draft.body.issues.find((entry) => entry.code === 'OUTSIDE_DELIVERY_AREA') as { message: string; proposed_pharmacy?: { id: string; name: string } } | undefined;
    expect(issue?.proposed_pharmacy).toEqual({ id: MUNICH, name: 'Marienplatz Apotheke' });
    expect(issue?.message).toBe('Marienplatz Apotheke delivers to this address. Order from Marienplatz Apotheke instead?');

    // Choosing it for the cart (as the pharmacy chip does) and opening the checkout again: the draft follows.
    expect((await call(h.app, '/v1/user/cart/pharmacy', { method: 'PUT', token: customer.token, body: { pharmacyId: MUNICH } })).status).toBe(200);
    const again = await createDraft(h.app, customer.token, {});
    expect(again.body.id).toBe(draft.body.id);
    expect(again.body.pharmacy?.id).toBe(MUNICH);
    expect(again.body.issues.map((entry) => entry.code)).not.toContain('OUTSIDE_DELIVERY_AREA');
  });

  it('outside every courier zone names what exists, in the words of the address screens', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    const dresden = await call<{ id: string }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Altmarkt', house_number: '1', room: null, postal_code: '01067', locality: 'Dresden', note: null },
    });
    await fillCart(h.app, customer.token, { [PLASTER]: 1 }, DAILY);
    const draft = await createDraft(h.app, customer.token, { ...COMPLETE, shipping_address_id: dresden.body.id });
    const issue = draft.body.issues.find((entry) => entry.code === 'OUTSIDE_DELIVERY_AREA');
    expect(issue?.message).toBe(`We do not deliver to this address yet. ${OUTSIDE_AREA_OFFER.en}`);
  });

  it('an address that is not recognised (kept from before the check) cannot be paid for', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    const id = randomUUID();
    const now = new Date(OPEN);
    await h.db.insert(userAddresses).values({
      id,
      userId: customer.userId,
      kind: 'shipping',
      streetAddress: 'Invalidenstraße',
      houseNumber: '10',
      postalCode: '10115',
      locality: 'Hamburg',
      createdAt: now,
      updatedAt: now,
    });
    await fillCart(h.app, customer.token, { [PLASTER]: 1 }, DAILY);
    const draft = await createDraft(h.app, customer.token, { ...COMPLETE, shipping_address_id: id });
    expect(draft.body.issues).toEqual([
      expect.objectContaining({ code: 'INVALID_POSTAL_CODE', field: 'shipping_address_id', message: 'We could not recognise this address. Please check postal code and city.' }),
    ]);
    const placed = await place(h.app, customer.token, draft.body.id);
    expect(placed.status).not.toBe(200);
    expect(placed.body.code).toBe('INVALID_POSTAL_CODE');
  });
});

describe('addresses name their recipient (issue 11)', () => {
  it("takes the account's name when the body has none, keeps a given one, and requires one when the account has none", async () => {
    const customer = await newCustomer(h.app);
    const list = await call<{ shipping: { recipient_first_name: string | null; recipient_last_name: string | null }[] }>(h.app, '/v1/user/addresses', { method: 'GET', token: customer.token });
    expect(list.body.shipping[0]).toMatchObject({ recipient_first_name: 'Erika', recipient_last_name: 'Muster' });

    const other = await call<{ recipient_first_name: string; recipient_last_name: string }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { recipient_first_name: ' Max ', recipient_last_name: 'Mustermann', street_address: 'Invalidenstraße', house_number: '11', room: null, postal_code: '10115', locality: 'Berlin', note: null },
    });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ recipient_first_name: 'Max', recipient_last_name: 'Mustermann' });

    const tooLong = await call<{ code: string; fields: Record<string, string> }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { recipient_first_name: 'M'.repeat(101), street_address: 'Invalidenstraße', house_number: '11', room: null, postal_code: '10115', locality: 'Berlin', note: null },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ recipient_first_name: 'BAD_REQUEST' });
  });
});
