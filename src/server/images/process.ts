import sharp, { type Sharp } from 'sharp';
import { readExifGps, type PhotoLocation } from './exif-gps.ts';
import { decodeHeic } from './heic.ts';
import { perceptualHash } from './phash.ts';
import { MAX_PIXELS, checkImage, refusal, type CheckedImage } from './validate.ts';

export const DISPLAY_MAX_SIDE = 2048;
export const THUMB_WIDTH = 200;
const DISPLAY_QUALITY = 82;
const THUMB_QUALITY = 80;

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
 * a 200 px wide thumbnail, both WebP. Only these re-encoded files are ever served.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const checked = await checkImage(bytes);
  try {
    const display = await (
      await decoded(bytes, checked)
    )
      .resize({
        width: DISPLAY_MAX_SIDE,
        height: DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: DISPLAY_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(display.data)
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: THUMB_QUALITY })
      .toBuffer();
    return {
      display: { data: display.data, width: display.info.width, height: display.info.height },
      thumb,
      hash: await differenceHash(display.data),
      phash: await perceptualHash(display.data),
      location: await readExifGps(checked.exif),
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
