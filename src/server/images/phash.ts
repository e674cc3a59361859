import sharpPhashModule from 'sharp-phash';

/** The package is CommonJS exporting the function itself; its types declare a default export. */
const sharpPhash = sharpPhashModule as unknown as typeof sharpPhashModule.default;

/**
 * Hamming distance up to which two photos may show the same artwork (another angle, light, crop
 * or camera): 88 % of same-piece pairs and 15 % of different murals on one wall fall within it.
 * Measured on synthetic murals by `npm run bench:match-threshold`, to be re-checked on real
 * pairs; see docs/decisions/020-photos-read-by-libraries.md.
 */
export const SAME_ARTWORK_BITS = 24;

/** pHash (32 x 32 greyscale, DCT, 8 x 8 low frequencies against their mean) as signed 64 bits. */
export async function perceptualHash(image: Buffer): Promise<bigint> {
  const bits = await sharpPhash(image);
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}
