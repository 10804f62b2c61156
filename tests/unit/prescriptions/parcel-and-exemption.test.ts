import { describe, expect, it } from 'vitest';
import { isExemptOn, parcelAllowed } from '../../../src/features/prescriptions/client';

describe('parcelAllowed (§ 17 Abs. 2b ApBetrO)', () => {
  it('refuses the thalidomide-like active ingredients in either spelling, with a salt, in any case', () => {
    for (const name of ['Lenalidomid', 'lenalidomide', 'Pomalidomid', 'THALIDOMIDE', 'Lenalidomid-Hydrochlorid-Hydrat']) {
      expect(parcelAllowed({ activeIngredients: [{ name }], collectInPersonOnly: false })).toBe(false);
    }
  });

  it('refuses what must be collected in person, and allows the rest', () => {
    expect(parcelAllowed({ activeIngredients: [{ name: 'Ulipristal' }], collectInPersonOnly: true })).toBe(false);
    expect(parcelAllowed({ activeIngredients: [{ name: 'Amoxicillin' }, { name: 'Clavulansäure' }], collectInPersonOnly: false })).toBe(true);
    expect(parcelAllowed({ activeIngredients: [], collectInPersonOnly: false })).toBe(true);
  });
});

describe('isExemptOn', () => {
  it('counts up to and including the last day, and not without one', () => {
    expect(isExemptOn({ validUntil: '2026-12-31' }, '2026-12-31')).toBe(true);
    expect(isExemptOn({ validUntil: '2026-12-31' }, '2026-06-16')).toBe(true);
    expect(isExemptOn({ validUntil: '2026-12-31' }, '2027-01-01')).toBe(false);
    expect(isExemptOn({ validUntil: null }, '2026-06-16')).toBe(false);
  });
});
