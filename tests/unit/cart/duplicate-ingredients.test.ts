import { describe, expect, it } from 'vitest';
import { duplicateIngredients } from '../../../src/features/cart/model/duplicate-ingredients';

describe('duplicateIngredients', () => {
  it('finds two products sharing an ingredient, case-insensitively', () => {
    const found = duplicateIngredients([
      { pzn: '10019621', activeIngredients: [{ name: 'Ibuprofen' }] },
      { pzn: '00838973', activeIngredients: [{ name: 'Ambroxol' }] },
      { pzn: '04773414', activeIngredients: [{ name: 'ibuprofen ' }, { name: 'Coffein' }] },
    ]);
    expect(found).toEqual([{ ingredient: 'Ibuprofen', pzns: ['10019621', '04773414'] }]);
  });

  it('ignores products without ingredients and one product naming an ingredient twice', () => {
    expect(duplicateIngredients([])).toEqual([]);
    expect(
      duplicateIngredients([
        { pzn: 'a', activeIngredients: [] },
        { pzn: 'b', activeIngredients: [{ name: 'Paracetamol' }, { name: 'Paracetamol' }] },
      ]),
    ).toEqual([]);
  });
});
