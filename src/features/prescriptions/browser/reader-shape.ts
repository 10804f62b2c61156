// What both readers (reader.ts chooses one, zxing-reader.ts is one) agree on, apart so neither
// imports the other for its types.
export type Picture = ImageData | Blob | CanvasImageSource;

/** A code found in a picture, with its top left corner for reading order. */
export interface FoundCode {
  text: string;
  x: number;
  y: number;
}

export interface DataMatrixReader {
  readonly kind: 'native' | 'zxing';
  read(picture: Picture): Promise<FoundCode[]>;
}
