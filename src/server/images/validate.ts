import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../errors.ts';
import { hidesContent } from './hidden-content.ts';
import { sniffImageType } from './sniff.ts';

/** Decompression-bomb guard: a 48 MP phone photo passes, a 20000 x 20000 PNG of nothing does not. */
export const MAX_PIXELS = 50_000_000;

const ACCEPTED = 'Only JPEG, PNG, WebP, GIF, AVIF or HEIC photos can be uploaded.';

export const refusal = (detail: string) => new HttpError(415, `${detail} ${ACCEPTED}`.trim());

const looksLikeSvg = (bytes: Buffer) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(
    bytes.subarray(0, 1024).toString('latin1'),
  );

export interface CheckedImage {
  format: string;
  width: number;
  height: number;
  exif: Buffer | undefined;
  /** HEVC-coded HEIF (HEIC): libvips reads its header here but cannot decode its pixels. */
  hevc: boolean;
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
  if (hidesContent(bytes, sniffed)) {
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
  const hevc = format === 'heif' && meta.compression === 'hevc';
  return { format: format!, width, height, exif: meta.exif, hevc };
}
