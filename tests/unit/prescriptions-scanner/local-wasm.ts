import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareZXingModule } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);

/**
 * Node cannot fetch the build's .wasm URL: the ZXing module is handed the file itself. The reader
 * module sets its locateFile when it loads, so it is loaded first and overridden after.
 */
export async function useLocalZxing(): Promise<void> {
  await import('../../../src/features/prescriptions/browser/zxing-reader');
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
}

export const ACCESS_CODE = '0123456789abcdef'.repeat(4);

/** The build's worker URL is a path of the dev server; in Node PDF.js imports the file itself. */
export async function useLocalPdfWorker(): Promise<void> {
  await import('../../../src/features/prescriptions/browser/pdf-pages');
  GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.min.mjs')).href;
}
