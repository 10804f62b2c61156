import { describe, expect, it } from 'vitest';
import { addressFieldErrors, addressFormSchema, EMPTY_ADDRESS, toFormValues } from '../../../src/features/addresses/model/address-form';
import { addressLine } from '../../../src/features/addresses/model/address-line';
import { parseAddressPageRequest } from '../../../src/features/addresses/model/address-url';

const valid = { recipient_first_name: 'Erika', recipient_last_name: 'Mustermann', street_address: 'Karl-Liebknecht-Straße', house_number: '13', room: '', postal_code: '10178', locality: 'Berlin', note: '' };

describe('the address form’s client checks (the server’s own rules)', () => {
  it('accepts a complete address with optional fields left empty', () => {
    expect(addressFieldErrors(valid)).toEqual({});
    expect(addressFormSchema.safeParse(valid).success).toBe(true);
  });

  it('marks every empty required field "Please fill in all fields" and the house number on its own', () => {
    expect(addressFieldErrors(EMPTY_ADDRESS)).toEqual({
      recipient_first_name: 'ADDRESS_FIELDS_REQUIRED',
      recipient_last_name: 'ADDRESS_FIELDS_REQUIRED',
      street_address: 'ADDRESS_FIELDS_REQUIRED',
      postal_code: 'ADDRESS_FIELDS_REQUIRED',
      locality: 'ADDRESS_FIELDS_REQUIRED',
      house_number: 'HOUSE_NUMBER_REQUIRED',
    });
    expect(addressFieldErrors({ ...valid, house_number: '  ' })).toEqual({ house_number: 'HOUSE_NUMBER_REQUIRED' });
  });

  it('knows the German house-number forms', () => {
    for (const number of ['12', '12a', '12 A', '12-14', '12a-14d', '7 1/2', '3/1']) expect(addressFieldErrors({ ...valid, house_number: number }), number).toEqual({});
    for (const number of ['a12', '14-12', '12,5', '0']) expect(addressFieldErrors({ ...valid, house_number: number }), number).toEqual({ house_number: 'INVALID_HOUSE_NUMBER' });
  });

  it('wants five digits for the postal code and keeps leading zeros', () => {
    expect(addressFieldErrors({ ...valid, postal_code: '1017' })).toEqual({ postal_code: 'INVALID_POSTAL_CODE' });
    expect(addressFieldErrors({ ...valid, postal_code: '01067', locality: 'Dresden' })).toEqual({});
  });

  it('puts each problem on its field', () => {
    const result = addressFormSchema.safeParse({ ...valid, house_number: '', postal_code: 'abcde' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['house_number', 'HOUSE_NUMBER_REQUIRED'],
      ['postal_code', 'INVALID_POSTAL_CODE'],
    ]);
  });

  it('edits a saved address with its optional fields as empty strings', () => {
    expect(toFormValues({ street_address: 'C 3', house_number: '1', room: null, postal_code: '68159', locality: 'Mannheim', note: 'Hof' })).toEqual({
      recipient_first_name: '',
      recipient_last_name: '',
      street_address: 'C 3',
      house_number: '1',
      room: '',
      postal_code: '68159',
      locality: 'Mannheim',
      note: 'Hof',
    });
  });

  it('names the recipient: required in the form, a saved one comes back for editing', () => {
    expect(addressFieldErrors({ ...valid, recipient_last_name: ' ' })).toEqual({ recipient_last_name: 'ADDRESS_FIELDS_REQUIRED' });
    expect(toFormValues({ ...valid, room: null, note: null }).recipient_first_name).toBe('Erika');
  });

  it('writes one line without re-splitting street names that contain numbers', () => {
    expect(addressLine({ street_address: 'Straße des 17. Juni', house_number: '135', postal_code: '10623', locality: 'Berlin' })).toBe('Straße des 17. Juni 135, 10623 Berlin');
  });
});

describe('the address page URL contract', () => {
  it('opens the add form for ?new=shipping or billing only', () => {
    expect(parseAddressPageRequest('?new=shipping', 'en')).toEqual({ openNew: 'shipping', redirect: null });
    expect(parseAddressPageRequest('?new=billing', 'de')).toEqual({ openNew: 'billing', redirect: null });
    expect(parseAddressPageRequest('?new=other', 'en').openNew).toBeNull();
  });

  it('returns an in-shop redirect in the page language and refuses anything else', () => {
    expect(parseAddressPageRequest('?new=shipping&redirect=%2Fproduct%2Faspirin%2F', 'de').redirect).toBe('/de/shop/product/aspirin/');
    expect(parseAddressPageRequest('?redirect=/shop/cart/', 'en').redirect).toBe('/shop/cart/');
    expect(parseAddressPageRequest('?redirect=https://evil.example/', 'en').redirect).toBe('/shop/');
    expect(parseAddressPageRequest('?redirect=//evil.example/x', 'en').redirect).toBe('/shop/');
  });
});
