import { chooseReader, type DataMatrixReader, type FoundCode, type Picture } from './reader';
import { ScanError } from './scan-error';
import type * as PdfPagesModule from './pdf-pages';

/** Larger files are not a printout or a photo of one; reading them would only strain a phone. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/**
 * The texts of every Data Matrix code in a picture, a photo or the PDF of the printout, top to
 * bottom and each once; an empty list when there is none. What the texts mean (E-Rezept tokens or
 * not) is the token parser's business. Throws ScanError for a file that cannot be read at all or
 * a reader that could not be loaded.
 */
export async function decodeDataMatrix(source: ImageBitmapSource | Blob): Promise<string[]> {
  if (source instanceof Blob) {
    if (source.size > MAX_FILE_BYTES) throw new ScanError('too-large');
    if (await isPdf(source)) {
      const { pdfPages } = await loadPdfPages();
      const reader = await chooseReader();
      const found: FoundCode[][] = [];
      for await (const page of pdfPages(source)) found.push(order(await reader.read(page)));
      return unique(found.flat());
    }
    return unique(order(await readImageFile(await chooseReader(), source)));
  }
  const reader = await chooseReader();
  return unique(order(await reader.read(source as Picture)));
}

let pdfModule: Promise<typeof PdfPagesModule> | undefined;
// PDF.js is the heaviest piece by far: fetched only when someone picks a PDF.
const loadPdfPages = () =>
  (pdfModule ??= import('./pdf-pages').catch((error: unknown) => {
    pdfModule = undefined;
    throw new ScanError('reader-unavailable', { cause: error });
  }));

async function isPdf(file: Blob): Promise<boolean> {
  if (file.type === 'application/pdf') return true;
  // Some phones' file pickers give no type; a PDF starts with "%PDF-" wherever it came from.
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

/**
 * The browser's own decoders read what the phone saved (HEIC on iPhones, the EXIF rotation).
 * Without createImageBitmap (tests in Node) the file goes to the reader as it is: ZXing reads PNG
 * and JPEG itself.
 */
async function readImageFile(reader: DataMatrixReader, file: Blob): Promise<FoundCode[]> {
  if (typeof createImageBitmap !== 'function') return reader.read(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (error) {
    throw new ScanError('unreadable-file', { cause: error });
  }
  try {
    return await reader.read(bitmap);
  } finally {
    bitmap.close();
  }
}

/** Reading order: a row at a time (rows a few pixels apart still count as one), then left to right. */
function order(found: FoundCode[]): FoundCode[] {
  const ROW = 24;
  return [...found].sort((a, b) => (Math.abs(a.y - b.y) < ROW ? a.x - b.x : a.y - b.y));
}

function unique(found: FoundCode[]): string[] {
  return [...new Set(found.map((code) => code.text))];
}
