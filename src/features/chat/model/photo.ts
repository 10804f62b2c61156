/*
 * Photos in the pharmacist chat (issue 13): what a photo may be and how it is cleaned before it is
 * stored. Pure byte work on Uint8Array, so it runs anywhere and is tested with tiny images built in
 * the test. The type comes from the content (magic bytes), never from the file name or the
 * request's Content-Type; metadata (EXIF with GPS position, XMP, comments, text chunks) is removed.
 */

/** At most 5 MB (5 MiB) per photo (PHOTO_TOO_LARGE, 413). */
export const MAX_CHAT_PHOTO_BYTES = 5 * 1024 * 1024;

export type PhotoType = 'image/jpeg' | 'image/png';
export const PHOTO_TYPES: readonly PhotoType[] = ['image/jpeg', 'image/png'];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG or PNG by the file's first bytes; anything else (GIF, WebP, SVG, HTML named .jpg) is null. */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png';
  return null;
}

/*
 * JPEG: kept are APP0 (JFIF), APP2 (ICC colour profile) and APP14 (Adobe colour transform), which
 * the picture needs to look right; dropped are APP1 (EXIF, with GPS, and XMP), the other APPn
 * segments (maker notes, IPTC/Photoshop) and comments. From the start of scan on, the data is copied
 * as it is. The EXIF orientation goes with EXIF, so a photo may show turned.
 */
const JPEG_KEEP_APP = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === undefined) return null;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      return concat(parts);
    }
    if (at + 4 > bytes.length) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const end = at + 2 + length;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data and everything after it (more scans, EOI) stay.
      parts.push(bytes.subarray(at));
      return concat(parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const drop = (isApp && !JPEG_KEEP_APP.has(marker)) || marker === 0xfe;
    if (!drop) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

/*
 * PNG: the critical chunks and the ancillary chunks that change how the picture looks stay;
 * everything else goes: eXIf (EXIF, GPS), tEXt/iTXt/zTXt (author, software, comments, XMP),
 * tIME, and private chunks.
 */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (PNG_KEEP.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return concat(parts);
  }
  return null;
}

/**
 * The photo without its metadata, or null when the file is not a well-formed JPEG or PNG (refused
 * like a wrong type).
 */
export function stripPhotoMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array | null {
  return type === 'image/jpeg' ? stripJpeg(bytes) : stripPng(bytes);
}

export type PhotoCheck = { ok: true; type: PhotoType; bytes: Uint8Array } | { ok: false; reason: 'too_large' | 'wrong_type' };

/** The whole check of an upload: size, type by content, metadata removed. */
export function checkPhoto(bytes: Uint8Array): PhotoCheck {
  if (bytes.length > MAX_CHAT_PHOTO_BYTES) return { ok: false, reason: 'too_large' };
  const type = detectPhotoType(bytes);
  if (!type) return { ok: false, reason: 'wrong_type' };
  const clean = stripPhotoMetadata(bytes, type);
  return clean ? { ok: true, type, bytes: clean } : { ok: false, reason: 'wrong_type' };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
