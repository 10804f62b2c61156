// The legacy build: the modern one calls Map.prototype.getOrInsertComputed and the like, which
// phones a year or two old do not have.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
// PDF.js parses in a worker served from our own origin (CSP worker-src 'self'), like ZXing's .wasm.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { ScanError } from './scan-error';

GlobalWorkerOptions.workerSrc = workerUrl;

/** The printout has one page; a long PDF is not one, and each page costs a render. */
export const MAX_PAGES = 10;
/** Longest side of a rendered page in pixels: an A4 page at about 250 dpi, several pixels a module. */
const PAGE_PIXELS = 2400;

export type MakeCanvas = () => HTMLCanvasElement;

const makeDomCanvas: MakeCanvas = () => document.createElement('canvas');

/**
 * Each page of a PDF drawn on a canvas, one after the other, so at most one page's pixels are held
 * at a time. Throws ScanError('unreadable-file') for a file PDF.js cannot open (damaged, or
 * protected by a password), 'reader-unavailable' when PDF.js itself could not start (its worker).
 */
export async function* pdfPages(file: Blob, makeCanvas: MakeCanvas = makeDomCanvas): AsyncGenerator<HTMLCanvasElement> {
  const data = new Uint8Array(await file.arrayBuffer());
  // No fonts fetched or installed: a barcode needs no text drawn well. No wasmUrl either, so the
  // rare JBIG2, CCITT and JPEG 2000 images (scanners' bilevel pages) are skipped, not fetched from
  // elsewhere: vector codes and PNG or JPEG pictures, what practice software writes, render.
  const loading = getDocument({ data, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  let pdf;
  try {
    pdf = await loading.promise;
  } catch (error) {
    await loading.destroy();
    throw new ScanError(isFileProblem(error) ? 'unreadable-file' : 'reader-unavailable', { cause: error });
  }
  const canvas = makeCanvas();
  try {
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: PAGE_PIXELS / Math.max(base.width, base.height) });
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      yield canvas;
    }
  } finally {
    canvas.width = 0;
    canvas.height = 0;
    await loading.destroy();
  }
}

/** PDF.js's own verdicts on the file; anything else (its worker failed to load) is not the file's fault. */
function isFileProblem(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : '';
  return name === 'InvalidPDFException' || name === 'PasswordException' || name === 'FormatError' || name === 'UnknownErrorException';
}
