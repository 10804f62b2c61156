import { crc32, deflateSync } from 'node:zlib';

/*
 * Tiny images built in the test, for the chat's photo checks: a JPEG whose EXIF carries a GPS
 * position (plus a comment and XMP), and a real 1×1 PNG with eXIf and text chunks.
 */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

function segment(marker: number, payload: number[]): number[] {
  return [0xff, marker, ...u16(payload.length + 2), ...payload];
}

/** Latitude 52° 31' 19" N as the GPS IFD's rationals: the bytes a leak would show. */
export const GPS_LATITUDE = [...u32(52), ...u32(1), ...u32(31), ...u32(1), ...u32(19), ...u32(1)];

/** EXIF (big-endian TIFF): IFD0 points to a GPS IFD holding GPSLatitudeRef "N" and GPSLatitude. */
function exifWithGps(): number[] {
  const tiff: number[] = [...ascii('MM'), ...u16(42), ...u32(8)];
  // IFD0 at 8: one entry (GPSInfo → offset 26), next IFD 0.
  tiff.push(...u16(1), ...u16(0x8825), ...u16(4), ...u32(1), ...u32(26), ...u32(0));
  // GPS IFD at 26: two entries, next IFD 0; the rationals follow at 26 + 2 + 24 + 4 = 56.
  tiff.push(...u16(2));
  tiff.push(...u16(0x0001), ...u16(2), ...u32(2), ...ascii('N'), 0, 0, 0);
  tiff.push(...u16(0x0002), ...u16(5), ...u32(3), ...u32(56));
  tiff.push(...u32(0));
  tiff.push(...GPS_LATITUDE);
  return [...ascii('Exif'), 0, 0, ...tiff];
}

/** A JPEG's structure: SOI, JFIF, EXIF with GPS, XMP, a comment, a quantisation table, a scan, EOI. */
export function jpegWithGps(): Uint8Array {
  const bytes = [
    0xff, 0xd8,
    ...segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, ...u16(1), ...u16(1), 0, 0]),
    ...segment(0xe1, exifWithGps()),
    ...segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/'), 0, ...ascii('<x:xmpmeta>Berlin</x:xmpmeta>')]),
    ...segment(0xfe, ascii('taken at home')),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78,
    0xff, 0xd9,
  ];
  return Uint8Array.from(bytes);
}

function chunk(type: string, data: number[]): number[] {
  const body = Buffer.from([...ascii(type), ...data]);
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** A real 1×1 RGB PNG with an eXIf chunk (GPS bytes in it), a tEXt and an iTXt chunk. */
export function pngWithMetadata(): Uint8Array {
  const pixels = Array.from(deflateSync(Buffer.from([0, 0x2e, 0x7d, 0x32])));
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk('IHDR', [...u32(1), ...u32(1), 8, 2, 0, 0, 0]),
    ...chunk('eXIf', exifWithGps().slice(6)),
    ...chunk('tEXt', [...ascii('Author'), 0, ...ascii('Erika Mustermann')]),
    ...chunk('iTXt', [...ascii('XML:com.adobe.xmp'), 0, 0, 0, 0, 0, ...ascii('<x:xmpmeta/>')]),
    ...chunk('IDAT', pixels),
    ...chunk('IEND', []),
  ]);
}

/** Does `haystack` contain `needle` anywhere? */
export function contains(haystack: Uint8Array, needle: number[] | Uint8Array): boolean {
  return Buffer.from(haystack).indexOf(Buffer.from(needle)) !== -1;
}
