import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { differentPiecePair, samePiecePair } from '../../../test/murals.ts';
import { SAME_ARTWORK_BITS, hammingDistance, perceptualHash } from './phash.ts';
import { processPhoto } from './process.ts';

describe('hammingDistance', () => {
  it.each([
    [0n, 0n, 0],
    [0n, -1n, 64],
    [5n, 6n, 2],
    [-9223372036854775808n, 9223372036854775807n, 64],
    [-2n, 2n, 62],
  ])('between %s and %s is %i', (a, b, bits) => {
    expect(hammingDistance(a, b)).toBe(bits);
    expect(hammingDistance(b, a)).toBe(bits);
  });
});

describe('perceptualHash', () => {
  it('is a signed 64-bit value, the same for a re-encoded, resized copy', async () => {
    const [photo] = await samePiecePair(1010);
    const hash = await perceptualHash(photo);
    expect(hash).toBe(BigInt.asIntN(64, hash));
    const copy = await sharp(photo).resize({ width: 500 }).webp({ quality: 60 }).toBuffer();
    expect(hammingDistance(hash, await perceptualHash(copy))).toBeLessThanOrEqual(2);
  });
});

/**
 * Pairs made as the calibration bench makes them, run through the real pipeline. The seeds are
 * typical pairs whose distances sit well inside their side of the threshold (15-16 and 31-35
 * bits), so a codec update that moves a few bits does not flip them; broken matching does.
 */
describe('the same-artwork threshold', () => {
  const distance = async ([a, b]: [Buffer, Buffer]) => {
    const [first, second] = await Promise.all([processPhoto(a), processPhoto(b)]);
    return hammingDistance(first.phash, second.phash);
  };

  it.each([1010, 1040, 1070])(
    'holds one mural seen head-on and again from another angle, in other light (seed %i)',
    async (seed) => {
      expect(await distance(await samePiecePair(seed))).toBeLessThanOrEqual(SAME_ARTWORK_BITS);
    },
  );

  it.each([500_020, 500_060, 500_100])(
    'tells apart two murals on the same wall, framed the same way (seed %i)',
    async (seed) => {
      expect(await distance(await differentPiecePair(seed))).toBeGreaterThan(SAME_ARTWORK_BITS);
    },
  );
});
