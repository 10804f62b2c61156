import { describe, expect, it } from 'vitest';
import { validateAddressInput } from '../../../src/features/addresses';

const valid = { street_address: 'Straße des 17. Juni', house_number: '12a', postal_code: '10557', locality: 'Berlin' };

describe('validateAddressInput', () => {
  it('keeps a street with numbers whole and cleans the optional fields', () => {
    const result = validateAddressInput({ ...valid, street_address: ' C 3 ', room: '  ', note: ' Hinterhof ' });
    expect(result).toEqual({
      ok: true,
      value: { recipient_first_name: null, recipient_last_name: null, street_address: 'C 3', house_number: '12a', room: null, postal_code: '10557', locality: 'Berlin', note: 'Hinterhof' },
    });
  });

  it('keeps the leading zero of a postal code', () => {
    const result = validateAddressInput({ ...valid, postal_code: '01067', locality: 'Dresden' });
    expect(result.ok && result.value.postal_code).toBe('01067');
  });

  it('a missing field is "Please fill in all fields", before anything else', () => {
    const result = validateAddressInput({ house_number: 'x', postal_code: '1' });
    expect(result).toMatchObject({ ok: false, code: 'ADDRESS_FIELDS_REQUIRED' });
    expect(!result.ok && result.fields).toEqual({
      street_address: 'ADDRESS_FIELDS_REQUIRED',
      locality: 'ADDRESS_FIELDS_REQUIRED',
      house_number: 'INVALID_HOUSE_NUMBER',
      postal_code: 'INVALID_POSTAL_CODE',
    });
  });

  it('a missing house number has its own code', () => {
    expect(validateAddressInput({ ...valid, house_number: ' ' })).toMatchObject({ ok: false, code: 'HOUSE_NUMBER_REQUIRED' });
    expect(validateAddressInput({ ...valid, house_number: undefined })).toMatchObject({ ok: false, code: 'HOUSE_NUMBER_REQUIRED' });
  });

  it.each([['1067'], ['105577'], ['1O557'], [10557]])('refuses the postal code %j', (postal_code) => {
    expect(validateAddressInput({ ...valid, postal_code })).toMatchObject({ ok: false, code: 'INVALID_POSTAL_CODE' });
  });

  it('refuses a malformed house number', () => {
    expect(validateAddressInput({ ...valid, house_number: '12ab' })).toMatchObject({ ok: false, code: 'INVALID_HOUSE_NUMBER', fields: { house_number: 'INVALID_HOUSE_NUMBER' } });
  });

  it('limits the rider note to 200 characters', () => {
    expect(validateAddressInput({ ...valid, note: 'x'.repeat(200) }).ok).toBe(true);
    expect(validateAddressInput({ ...valid, note: 'x'.repeat(201) })).toMatchObject({ ok: false, code: 'BAD_REQUEST', fields: { note: 'BAD_REQUEST' } });
  });

  it('refuses a body that is not an object', () => {
    expect(validateAddressInput(null)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(validateAddressInput([valid])).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});
