import { describe, expect, it } from 'vitest';
import { parseStockCsv } from '../../../src/features/pharmacies/model/stock-csv';

const KNOWN = new Set(['04773414', '10019621']);
const known = (pzn: string) => KNOWN.has(pzn);

describe('stock CSV (pzn,quantity)', () => {
  it('reads rows with or without a header, commas or semicolons, CRLF, a BOM', () => {
    expect(parseStockCsv('\uFEFFpzn,quantity\r\n04773414,12\r\n10019621;0\r\n', known)).toEqual({
      rows: [
        { row: 2, pzn: '04773414', quantity: 12 },
        { row: 3, pzn: '10019621', quantity: 0 },
      ],
      errors: [],
    });
    expect(parseStockCsv('04773414,3', known).rows).toEqual([{ row: 1, pzn: '04773414', quantity: 3 }]);
  });

  it('reports every problem with its line number', () => {
    const { errors } = parseStockCsv('pzn,amount\n04773414,-1\n1234567X,2\n10019621,2,3\n12345678,1\n04773414,1\n10019621,1.5\n', known);
    expect(errors.map((error) => [error.row, error.problem])).toEqual([
      [1, 'HEADER'],
      [2, 'QUANTITY_INVALID'],
      [3, 'PZN_INVALID'],
      [4, 'COLUMNS'],
      [5, expect.stringMatching(/PZN_(INVALID|UNKNOWN)/)],
      [6, 'PZN_DUPLICATE'],
      [7, 'QUANTITY_INVALID'],
    ]);
  });

  it('an empty file is an error, not "nothing to do"', () => {
    expect(parseStockCsv('pzn,quantity\n\n', known).errors).toEqual([{ row: 1, problem: 'EMPTY' }]);
  });
});
