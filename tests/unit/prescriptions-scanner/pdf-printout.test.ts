import { createCanvas } from '@napi-rs/canvas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeDataMatrix } from '../../../src/features/prescriptions/browser/decode-barcode';
import { pdfPages, type MakeCanvas } from '../../../src/features/prescriptions/browser/pdf-pages';
import { chooseReader, resetReaderChoice } from '../../../src/features/prescriptions/browser/reader';
import { ScanError } from '../../../src/features/prescriptions/browser/scan-error';
import { dataMatrixPdf, eRezeptText } from '../../support/data-matrix';
import { ACCESS_CODE, useLocalPdfWorker, useLocalZxing } from './local-wasm';

const FIRST = eRezeptText('160.123.456.789.123.58', ACCESS_CODE);
const SECOND = eRezeptText('160.000.000.000.001.27', 'a'.repeat(64));
const THIRD = eRezeptText('200.000.000.000.002.09', 'b'.repeat(64));

// Node has no <canvas>: the Skia canvas PDF.js itself uses in Node draws the pages.
const makeCanvas = (() => createCanvas(1, 1)) as unknown as MakeCanvas;

async function codesOf(pdf: Uint8Array<ArrayBuffer>): Promise<string[][]> {
  const reader = await chooseReader();
  const pages: string[][] = [];
  for await (const page of pdfPages(new Blob([pdf], { type: 'application/pdf' }), makeCanvas)) {
    const context = page.getContext('2d')!;
    const pixels = context.getImageData(0, 0, page.width, page.height);
    pages.push((await reader.read(pixels)).sort((a, b) => a.x - b.x).map((code) => code.text));
  }
  return pages;
}

beforeAll(async () => {
  await useLocalZxing();
  await useLocalPdfWorker();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetReaderChoice();
});

describe('the PDF of the printout', () => {
  it('gives every page drawn, with its codes readable', async () => {
    expect(await codesOf(dataMatrixPdf([[FIRST, SECOND, THIRD], [FIRST]]))).toEqual([[FIRST, SECOND, THIRD], [FIRST]]);
  });

  it('goes through decodeDataMatrix like a photo: all codes of all pages, each once', async () => {
    vi.stubGlobal('document', { createElement: makeCanvas });
    const pdf = dataMatrixPdf([[FIRST, SECOND], [FIRST, THIRD]]);
    // A file picker on Android may give no type: the file's first bytes tell.
    expect(await decodeDataMatrix(new Blob([pdf]))).toEqual([FIRST, SECOND, THIRD]);
  });

  it('that is no PDF at all is an unreadable file', async () => {
    const broken = new TextEncoder().encode('%PDF-1.4\nnot really\n');
    await expect(codesOf(broken)).rejects.toEqual(new ScanError('unreadable-file'));
  });
});
