// Content types: the bucket's allowed list (with image/* wildcards), and sniffing what an image file really is.
import type { Bucket } from './buckets.ts';
import { storageError } from './errors.ts';

/** "image/png; charset=x" → "image/png"; jpg and ico aliases folded to one name. */
export function baseType(contentType: string): string {
  const base = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (base === 'image/jpg' || base === 'image/pjpeg') return 'image/jpeg';
  if (base === 'image/vnd.microsoft.icon') return 'image/x-icon';
  return base;
}

function allowedBy(pattern: string, type: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p === '*/*' || p === '*') return true;
  if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1));
  return baseType(p) === type;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The raster image formats browsers show, recognised by their first bytes. SVG is text and never recognised. */
export function sniffImage(bytes: Buffer): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  if (startsWith(bytes, ascii('BM'))) return 'image/bmp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  return undefined;
}

/**
 * Refuses a type the bucket does not allow (415), and, in a bucket that takes only images, a file whose bytes are not
 * the image its type claims: uploads are untrusted and served from the app's own origin, so a script or an SVG
 * labelled image/png must not get in.
 */
export function checkType(bucket: Bucket, contentType: string, bytes: Buffer): void {
  const type = baseType(contentType);
  const allowed = bucket.allowed_mime_types;
  if (allowed && allowed.length > 0 && !allowed.some((p) => allowedBy(p, type))) {
    throw storageError(415, '415', 'invalid_mime_type', `mime type ${contentType} is not supported`);
  }
  // video/gif is how some systems label an animated GIF (SPEC §5 accepts it): its bytes must still be a GIF.
  const isImageType = (p: string) => p.trim().toLowerCase().startsWith('image/') || baseType(p) === 'video/gif';
  const imagesOnly = allowed && allowed.length > 0 && allowed.every(isImageType);
  const expected = type === 'video/gif' ? 'image/gif' : type;
  if (imagesOnly && sniffImage(bytes) !== expected) {
    throw storageError(
      415,
      '415',
      'invalid_mime_type',
      `mime type ${contentType} is not supported: the file's content is not an image of type ${type}`,
    );
  }
}
