import { describe, expect, it } from 'vitest';
import { checkPhoto, detectPhotoType, MAX_CHAT_PHOTO_BYTES, stripPhotoMetadata } from '../../../src/features/chat/model/photo';
import { contains, GPS_LATITUDE, jpegWithGps, pngWithMetadata } from './photo-fixtures';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('chat photos: type by content', () => {
  it('knows JPEG and PNG by their first bytes, nothing else', () => {
    expect(detectPhotoType(jpegWithGps())).toBe('image/jpeg');
    expect(detectPhotoType(pngWithMetadata())).toBe('image/png');
    expect(detectPhotoType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(detectPhotoType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBeNull();
    expect(detectPhotoType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectPhotoType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(detectPhotoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectPhotoType(new Uint8Array())).toBeNull();
  });

  it('refuses what is too large or malformed', () => {
    const big = new Uint8Array(MAX_CHAT_PHOTO_BYTES + 1);
    big.set(jpegWithGps());
    expect(checkPhoto(big)).toEqual({ ok: false, reason: 'too_large' });
    // A JPEG's signature on top of something else, and a PNG cut short.
    expect(checkPhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0x3c, 0x68, 0x74, 0x6d, 0x6c]))).toEqual({ ok: false, reason: 'wrong_type' });
    expect(checkPhoto(pngWithMetadata().subarray(0, 40))).toEqual({ ok: false, reason: 'wrong_type' });
  });
});

describe('chat photos: metadata stripped', () => {
  it('drops EXIF (with GPS), XMP and comments from a JPEG and keeps the picture', () => {
    const original = jpegWithGps();
    expect(contains(original, GPS_LATITUDE)).toBe(true);
    const clean = stripPhotoMetadata(original, 'image/jpeg')!;
    expect(clean).not.toBeNull();
    expect(contains(clean, GPS_LATITUDE)).toBe(false);
    expect(text(clean)).not.toMatch(/Exif|xmpmeta|taken at home/);
    // SOI, JFIF, the quantisation table, the scan with its data and EOI are all still there.
    expect(text(clean)).toContain('JFIF');
    expect(Array.from(clean.subarray(0, 2))).toEqual([0xff, 0xd8]);
    expect(Array.from(clean.subarray(-10))).toEqual([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0xff, 0xd9]);
    expect(contains(clean, [0xff, 0xdb])).toBe(true);
    // Stripping twice changes nothing more.
    expect(stripPhotoMetadata(clean, 'image/jpeg')).toEqual(clean);
  });

  it('drops eXIf, tEXt and iTXt from a PNG and keeps IHDR, IDAT and IEND', () => {
    const original = pngWithMetadata();
    expect(contains(original, GPS_LATITUDE)).toBe(true);
    const result = checkPhoto(original);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.type).toBe('image/png');
    expect(contains(result.bytes, GPS_LATITUDE)).toBe(false);
    expect(text(result.bytes)).not.toMatch(/eXIf|tEXt|iTXt|Erika|xmpmeta/);
    expect(text(result.bytes)).toMatch(/IHDR[\s\S]*IDAT[\s\S]*IEND/);
    // Exactly the PNG without the three chunks.
    const removed = original.length - result.bytes.length;
    expect(removed).toBeGreaterThan(0);
    expect(detectPhotoType(result.bytes)).toBe('image/png');
  });
});
