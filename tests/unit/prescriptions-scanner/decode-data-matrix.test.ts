import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeDataMatrix, MAX_FILE_BYTES } from '../../../src/features/prescriptions/browser/decode-barcode';
import { chooseReader, resetReaderChoice } from '../../../src/features/prescriptions/browser/reader';
import { ScanError } from '../../../src/features/prescriptions/browser/scan-error';
import { dataMatrixPng, dataMatrixSheetPng, eRezeptText, pngPixels } from '../../support/data-matrix';
import { ACCESS_CODE, useLocalZxing } from './local-wasm';

const TOKEN = eRezeptText('160.123.456.789.123.58', ACCESS_CODE);
const SECOND = eRezeptText('160.000.000.000.001.27', 'f'.repeat(64));

beforeAll(useLocalZxing);

afterEach(() => {
  vi.unstubAllGlobals();
  resetReaderChoice();
});

describe('decodeDataMatrix with ZXing (no BarcodeDetector, as in Firefox)', () => {
  it('reads the exact E-Rezept text of a photo', async () => {
    expect(TOKEN).toBe(`{"urls":["Task/160.123.456.789.123.58/$accept?ac=${ACCESS_CODE}"]}`);
    const png = await dataMatrixPng(TOKEN);
    expect(await decodeDataMatrix(new Blob([new Uint8Array(png)], { type: 'image/png' }))).toEqual([TOKEN]);
  });

  it('reads pixels as a canvas gives them (ImageData)', async () => {
    const pixels = pngPixels(await dataMatrixPng(TOKEN, { scale: 3 }));
    expect(await decodeDataMatrix(pixels as ImageData)).toEqual([TOKEN]);
  });

  it('reads two codes in one picture, left to right', async () => {
    const sheet = pngPixels(await dataMatrixSheetPng([TOKEN, SECOND]));
    expect(await decodeDataMatrix(sheet as ImageData)).toEqual([TOKEN, SECOND]);
  });

  it('finds nothing in a picture without a code', async () => {
    const blank = await dataMatrixSheetPng([]);
    expect(await decodeDataMatrix(new Blob([new Uint8Array(blank)], { type: 'image/png' }))).toEqual([]);
  });

  it('refuses a file too large to be a photo of a printout, before reading it', async () => {
    const huge = { size: MAX_FILE_BYTES + 1, type: 'image/jpeg' };
    Object.setPrototypeOf(huge, Blob.prototype);
    await expect(decodeDataMatrix(huge as Blob)).rejects.toEqual(new ScanError('too-large'));
  });
});

describe('the reader', () => {
  it('is the browser’s BarcodeDetector when it reads data_matrix', async () => {
    const detect = vi.fn(async () => [{ rawValue: TOKEN, boundingBox: { x: 10, y: 10 } }]);
    const formats = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code', 'data_matrix'];
        constructor(options: { formats: string[] }) {
          formats(options.formats);
        }
        detect = detect;
      },
    );
    expect((await chooseReader()).kind).toBe('native');
    const pixels = pngPixels(await dataMatrixPng(TOKEN));
    expect(await decodeDataMatrix(pixels as ImageData)).toEqual([TOKEN]);
    expect(formats).toHaveBeenCalledWith(['data_matrix']);
    expect(detect).toHaveBeenCalledWith(pixels);
  });

  it('is ZXing when the BarcodeDetector knows no data_matrix (Chrome on a Mac reads only some formats)', async () => {
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = vi.fn();
      },
    );
    expect((await chooseReader()).kind).toBe('zxing');
  });

  it('is ZXing when the BarcodeDetector has no backend and rejects', async () => {
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => {
          throw new DOMException('no backend', 'NotSupportedError');
        };
      },
    );
    expect((await chooseReader()).kind).toBe('zxing');
  });

  it('is ZXing without any BarcodeDetector', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false);
    expect((await chooseReader()).kind).toBe('zxing');
  });
});
