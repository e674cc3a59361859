import sharp, { type Sharp } from 'sharp';
import { readExifGps, type PhotoLocation } from './exif-gps.ts';
import { decodeHeic } from './heic.ts';
import { imageProcessing } from '../observability/metrics.ts';
import { perceptualHash } from './phash.ts';
import { MAX_PIXELS, checkImage, refusal, type CheckedImage } from './validate.ts';

export const DISPLAY_MAX_SIDE = 2048;
export const THUMB_WIDTH = 200;
const DISPLAY_QUALITY = 82;
const THUMB_QUALITY = 80;
/**
 * libwebp's method 2 instead of the default 4: three times faster on a 2048 px photo for the
 * same PSNR, the file 1-7 % larger (measured on noise and on murals; docs/decisions/010).
 */
const DISPLAY_EFFORT = 2;

export interface ProcessedPhoto {
  display: { data: Buffer; width: number; height: number };
  thumb: Buffer;
  /** 64-bit difference hash of the photo as shown; near-copies differ in a few bits. */
  hash: bigint;
  /** 64-bit perceptual hash (pHash) of the photo as shown; close for one artwork seen again. */
  phash: bigint;
  /** Where the camera says it was taken: a suggestion for the uploader, never stored. */
  location: PhotoLocation | null;
}

/**
 * Checks the bytes, then re-encodes them: turned upright, every piece of metadata dropped (GPS,
 * camera serials, comments), a display rendition no longer than 2048 px on its longest side and
 * a 200 px wide thumbnail, both WebP. Only these re-encoded files are ever served. The upload is
 * decoded once, straight into the display rendition (a JPEG or WebP over twice that size shrinks
 * while loading); the thumbnail and both hashes read that small WebP, which also shrinks while
 * loading. Measured against keeping the decoded pixels for them instead: the same time, 30 MB
 * less memory (docs/decisions/010).
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const stop = imageProcessing.startTimer();
  try {
    const photo = await reencode(bytes);
    stop({ result: 'processed' });
    return photo;
  } catch (err) {
    stop({ result: 'refused' });
    throw err;
  }
}

async function reencode(bytes: Buffer): Promise<ProcessedPhoto> {
  const checked = await checkImage(bytes);
  try {
    const { data, info } = await (
      await decoded(bytes, checked)
    )
      .resize({
        width: DISPLAY_MAX_SIDE,
        height: DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: DISPLAY_QUALITY, effort: DISPLAY_EFFORT })
      .toBuffer({ resolveWithObject: true });
    const [thumb, hash, phash, location] = await Promise.all([
      sharp(data)
        .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
        .webp({ quality: THUMB_QUALITY })
        .toBuffer(),
      differenceHash(data),
      perceptualHash(data),
      readExifGps(checked.exif),
    ]);
    return {
      display: { data, width: info.width, height: info.height },
      thumb,
      hash,
      phash,
      location,
    };
  } catch {
    throw refusal('This photo could not be read; it may be damaged.');
  }
}

/** HEIC goes through libheif to raw pixels (already upright); everything else sharp decodes. */
async function decoded(bytes: Buffer, checked: CheckedImage): Promise<Sharp> {
  if (checked.hevc) {
    const { data, width, height, channels } = await decodeHeic(bytes, MAX_PIXELS);
    return sharp(data, { raw: { width, height, channels } }).removeAlpha();
  }
  return sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', autoOrient: true });
}

/** dHash: 9 x 8 greyscale, one bit per neighbour pair (is the left pixel brighter?). */
async function differenceHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const bit = pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n;
      hash = (hash << 1n) | bit;
    }
  }
  return BigInt.asIntN(64, hash);
}
