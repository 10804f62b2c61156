import { isValidPzn } from '../../catalog/client';

/** Most rows one stock upload may carry (a pharmacy's whole assortment). */
export const MAX_STOCK_CSV_ROWS = 20_000;
export const MAX_STOCK_QUANTITY = 100_000;

export type StockCsvProblem = 'HEADER' | 'COLUMNS' | 'PZN_INVALID' | 'PZN_UNKNOWN' | 'PZN_DUPLICATE' | 'QUANTITY_INVALID' | 'EMPTY' | 'TOO_MANY_ROWS';

export interface StockCsvError {
  /** 1-based line of the file (the header is line 1). */
  row: number;
  problem: StockCsvProblem;
  value?: string;
}

export interface StockCsvRow {
  row: number;
  pzn: string;
  quantity: number;
}

/**
 * Reads a `pzn,quantity` file (header optional; `;` works too, as spreadsheets in German write it).
 * Every problem is reported with its line, so the whole file can be fixed in one go; the caller
 * changes nothing unless the list of errors is empty (and the PZNs are known: `known`).
 */
export function parseStockCsv(text: string, known: (pzn: string) => boolean): { rows: StockCsvRow[]; errors: StockCsvError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: StockCsvRow[] = [];
  const errors: StockCsvError[] = [];
  const seen = new Map<string, number>();
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const row = index + 1;
    if (line === '') return;
    const cells = line.split(/[;,]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (index === 0 && /^pzn$/i.test(cells[0] ?? '')) {
      if (!/^quantity$/i.test(cells[1] ?? '') || cells.length !== 2) errors.push({ row, problem: 'HEADER' });
      return;
    }
    if (cells.length !== 2) {
      errors.push({ row, problem: 'COLUMNS' });
      return;
    }
    const [pzn, quantityText] = cells as [string, string];
    if (!isValidPzn(pzn)) errors.push({ row, problem: 'PZN_INVALID', value: pzn.slice(0, 20) });
    else if (!known(pzn)) errors.push({ row, problem: 'PZN_UNKNOWN', value: pzn });
    else if (seen.has(pzn)) errors.push({ row, problem: 'PZN_DUPLICATE', value: pzn });
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isInteger(quantity) || quantity > MAX_STOCK_QUANTITY) errors.push({ row, problem: 'QUANTITY_INVALID', value: quantityText.slice(0, 20) });
    seen.set(pzn, row);
    rows.push({ row, pzn, quantity });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 1, problem: 'EMPTY' });
  if (rows.length > MAX_STOCK_CSV_ROWS) errors.push({ row: MAX_STOCK_CSV_ROWS + 1, problem: 'TOO_MANY_ROWS' });
  return { rows, errors };
}
