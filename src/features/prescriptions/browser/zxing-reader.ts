import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
// Our own copy of the .wasm, emitted with the build: the library's default is a CDN, which the
// shop neither trusts with a patient's page nor allows in its Content-Security-Policy.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { pixelReader } from './pixels';
import type { DataMatrixReader, FoundCode } from './reader-shape';
import { ScanError } from './scan-error';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

const OPTIONS: ReaderOptions = {
  formats: ['DataMatrix'],
  // A printout carries up to three codes (and a collective one); a PDF page the same.
  maxNumberOfSymbols: 8,
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
};

/** ZXing-C++ in WebAssembly: where the browser cannot read Data Matrix itself. */
export function zxingReader(): DataMatrixReader {
  const pixels = pixelReader();
  return {
    kind: 'zxing',
    async read(picture) {
      const input = picture instanceof Blob || isImageData(picture) ? picture : pixels(picture);
      if (!input) return [];
      let results;
      try {
        results = await readBarcodes(input, OPTIONS);
      } catch (error) {
        // The module itself failed to load or start (offline, blocked): not the picture's fault.
        throw new ScanError('reader-unavailable', { cause: error });
      }
      return results
        .filter((result) => result.isValid && result.text !== '')
        .map((result): FoundCode => ({ text: result.text, x: result.position.topLeft.x, y: result.position.topLeft.y }));
    },
  };
}

function isImageData(value: unknown): value is ImageData {
  if (typeof ImageData === 'function' && value instanceof ImageData) return true;
  // Node has no ImageData; tests hand in the same shape.
  return typeof value === 'object' && value !== null && 'data' in value && 'width' in value && 'height' in value && (value as ImageData).data instanceof Uint8ClampedArray;
}
