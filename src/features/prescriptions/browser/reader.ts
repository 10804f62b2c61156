/**
 * What reads Data Matrix codes from one picture: the browser's own BarcodeDetector where it knows
 * the format (Chrome on Android, Safari 17+ with the feature on), otherwise ZXing compiled to
 * WebAssembly. Either is loaded only when a customer starts the camera or picks a file.
 */
import type { DataMatrixReader } from './reader-shape';

export type { DataMatrixReader, FoundCode, Picture } from './reader-shape';

// Not in TypeScript's DOM library: the Shape Detection API is not on every engine yet.
interface DetectedBarcode {
  rawValue: string;
  boundingBox: { x: number; y: number };
}
interface BarcodeDetectorInstance {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
export interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

function barcodeDetector(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

async function nativeSupportsDataMatrix(Detector: BarcodeDetectorClass): Promise<boolean> {
  try {
    return (await Detector.getSupportedFormats()).includes('data_matrix');
  } catch {
    // Some Chromium builds on desktop ship the class without a backend and reject here.
    return false;
  }
}

function nativeReader(Detector: BarcodeDetectorClass): DataMatrixReader {
  const detector = new Detector({ formats: ['data_matrix'] });
  return {
    kind: 'native',
    async read(picture) {
      const found = await detector.detect(picture as ImageBitmapSource);
      return found.map((code) => ({ text: code.rawValue, x: code.boundingBox.x, y: code.boundingBox.y }));
    },
  };
}

let chosen: Promise<DataMatrixReader> | undefined;

/** The reader for this browser, decided once per page. */
export function chooseReader(): Promise<DataMatrixReader> {
  chosen ??= pick().catch((error: unknown) => {
    // A failed download (offline for a moment) may be retried with the next picture.
    chosen = undefined;
    throw error;
  });
  return chosen;
}

async function pick(): Promise<DataMatrixReader> {
  const Detector = barcodeDetector();
  if (Detector && (await nativeSupportsDataMatrix(Detector))) return nativeReader(Detector);
  const { zxingReader } = await import('./zxing-reader');
  return zxingReader();
}

/** For tests: forget the choice, so a faked BarcodeDetector is looked at again. */
export function resetReaderChoice(): void {
  chosen = undefined;
}
