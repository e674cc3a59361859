import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../errors.ts';
import { sniffImageType } from './sniff.ts';

/** Decompression-bomb guard: a 48 MP phone photo passes, a 20000 x 20000 PNG of nothing does not. */
export const MAX_PIXELS = 50_000_000;

const ACCEPTED = 'Only JPEG, PNG, WebP, GIF or AVIF photos can be uploaded.';

export const refusal = (detail: string) => new HttpError(415, `${detail} ${ACCEPTED}`.trim());

/** Markup or script hidden in a file that starts like an image (an image/HTML polyglot). */
const HIDDEN_MARKUP = [
  '<script',
  '<iframe',
  '<html>',
  '<html ',
  '<!doctype',
  '<?php ',
  'javascript:',
  'http://www.w3.org/2000/svg',
];

/** A ZIP (or JAR, DOCX, APK) whose end-of-directory record closes the file: an image/ZIP polyglot. */
function endsWithZipDirectory(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - 22 - 65_535);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50) continue;
    if (at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) return true;
  }
  return false;
}

const looksLikeSvg = (bytes: Buffer) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(
    bytes.subarray(0, 1024).toString('latin1'),
  );

export interface CheckedImage {
  format: string;
  width: number;
  height: number;
  exif: Buffer | undefined;
}

/**
 * Decides by content alone (never the name or declared type) whether the bytes are a photo we
 * accept. Every refusal is a 415 whose message says what was wrong and what is accepted.
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length === 0) throw refusal('The file is empty.');
  const sniffed = sniffImageType(bytes.subarray(0, 64));
  if (!sniffed) {
    if (looksLikeSvg(bytes)) throw refusal('SVG images can carry scripts, so they are refused.');
    throw refusal('This file is not a photo.');
  }
  if (sniffed === 'image/heic') {
    throw refusal('HEIC photos cannot be read here: share the photo as JPEG instead.');
  }
  const text = bytes.toString('latin1').toLowerCase();
  if (HIDDEN_MARKUP.some((marker) => text.includes(marker)) || endsWithZipDirectory(bytes)) {
    throw refusal('This file hides other content inside the image.');
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refusal('This photo could not be read; it may be damaged.');
  }
  const { format, width, height } = meta;
  if (!width || !height || !['jpeg', 'png', 'webp', 'gif', 'heif'].includes(format ?? '')) {
    throw refusal('This file is not a photo.');
  }
  if (width * height > MAX_PIXELS) {
    throw refusal(`This image has too many pixels (over ${MAX_PIXELS / 1_000_000} megapixels).`);
  }
  return { format: format!, width, height, exif: meta.exif };
}
