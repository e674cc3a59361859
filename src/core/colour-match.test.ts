import { describe, expect, it } from 'vitest';
import {
  ciede2000,
  dominantColours,
  hexToRgb,
  nearestColours,
  rgbToHex,
  rgbToLab,
  type Rgb,
} from './colour-match.ts';

/**
 * The 34 test pairs published with Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference
 * formula: implementation notes, supplementary test data, and mathematical observations",
 * Color Research & Application 30(1). Each row: L1 a1 b1, L2 a2 b2, ΔE00.
 */
const SHARMA: [number, number, number, number, number, number, number][] = [
  [50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425],
  [50, 3.1571, -77.2803, 50, 0, -82.7485, 2.8615],
  [50, 2.8361, -74.02, 50, 0, -82.7485, 3.4412],
  [50, -1.3802, -84.2814, 50, 0, -82.7485, 1.0],
  [50, -1.1848, -84.8006, 50, 0, -82.7485, 1.0],
  [50, -0.9009, -85.5211, 50, 0, -82.7485, 1.0],
  [50, 0, 0, 50, -1, 2, 2.3669],
  [50, -1, 2, 50, 0, 0, 2.3669],
  [50, 2.49, -0.001, 50, -2.49, 0.0009, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.001, 7.1792],
  [50, 2.49, -0.001, 50, -2.49, 0.0011, 7.2195],
  [50, 2.49, -0.001, 50, -2.49, 0.0012, 7.2195],
  [50, -0.001, 2.49, 50, 0.0009, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.001, -2.49, 4.8045],
  [50, -0.001, 2.49, 50, 0.0011, -2.49, 4.7461],
  [50, 2.5, 0, 50, 0, -2.5, 4.3065],
  [50, 2.5, 0, 73, 25, -18, 27.1492],
  [50, 2.5, 0, 61, -5, 29, 22.8977],
  [50, 2.5, 0, 56, -27, -3, 31.903],
  [50, 2.5, 0, 58, 24, 15, 19.4535],
  [50, 2.5, 0, 50, 3.1736, 0.5854, 1.0],
  [50, 2.5, 0, 50, 3.2972, 0, 1.0],
  [50, 2.5, 0, 50, 1.8634, 0.5757, 1.0],
  [50, 2.5, 0, 50, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

describe('CIEDE2000', () => {
  it.each(SHARMA.map((row, i) => [i + 1, ...row] as const))(
    'Sharma pair %i gives the published ΔE00',
    (_n, L1, a1, b1, L2, a2, b2, expected) => {
      const x = { L: L1, a: a1, b: b1 };
      const y = { L: L2, a: a2, b: b2 };
      expect(ciede2000(x, y)).toBeCloseTo(expected, 4);
      // The formula is symmetric.
      expect(ciede2000(y, x)).toBeCloseTo(expected, 4);
    },
  );

  it('is zero for a colour against itself', () => {
    const lab = rgbToLab([255, 45, 149]);
    expect(ciede2000(lab, lab)).toBe(0);
  });
});

describe('sRGB to CIELAB (D65)', () => {
  it('maps the reference colours to their known Lab values', () => {
    const close = (rgb: Rgb, L: number, a: number, b: number) => {
      const lab = rgbToLab(rgb);
      expect(lab.L).toBeCloseTo(L, 1);
      expect(lab.a).toBeCloseTo(a, 1);
      expect(lab.b).toBeCloseTo(b, 1);
    };
    close([255, 255, 255], 100, 0, 0);
    close([0, 0, 0], 0, 0, 0);
    close([255, 0, 0], 53.24, 80.09, 67.2);
    close([0, 255, 0], 87.73, -86.18, 83.18);
    close([0, 0, 255], 32.3, 79.19, -107.86);
    close([128, 128, 128], 53.59, 0, 0);
  });

  it('round-trips hex codes', () => {
    expect(hexToRgb('#FF2D95')).toEqual([255, 45, 149]);
    expect(rgbToHex([255, 45, 149])).toBe('#FF2D95');
    expect(rgbToHex(hexToRgb('#0a0b0c'))).toBe('#0A0B0C');
  });
});

const chart = [
  { name: 'Black', hex: '#000000' },
  { name: 'White', hex: '#FFFFFF' },
  { name: 'Red', hex: '#E10600' },
  { name: 'Blue', hex: '#0047AB' },
  { name: 'Yellow', hex: '#FFD400' },
];

describe('nearest chart colours', () => {
  it('finds an exact colour first with ΔE 0', () => {
    const [best] = nearestColours(hexToRgb('#E10600'), chart);
    expect(best!.colour.name).toBe('Red');
    expect(best!.deltaE).toBe(0);
  });

  it('ranks by perceptual distance: a dark navy is nearest blue, then black', () => {
    const names = nearestColours([20, 30, 90], chart, 2).map((m) => m.colour.name);
    expect(names).toEqual(['Blue', 'Black']);
    expect(nearestColours([250, 220, 40], chart, 1)[0]!.colour.name).toBe('Yellow');
  });
});

/** An RGBA buffer of `n` pixels of each colour. */
function pixels(...parts: [Rgb, number][]): Uint8ClampedArray {
  const out: number[] = [];
  for (const [rgb, n] of parts) for (let i = 0; i < n; i++) out.push(...rgb, 255);
  return new Uint8ClampedArray(out);
}

describe('dominant colours', () => {
  it('finds the colours of a photo and their shares, largest first', () => {
    const result = dominantColours(
      pixels([[225, 6, 0], 600], [[0, 71, 171], 300], [[255, 255, 255], 100]),
      3,
    );
    expect(result.map((d) => d.hex)).toEqual(['#E10600', '#0047AB', '#FFFFFF']);
    expect(result.map((d) => d.share)).toEqual([0.6, 0.3, 0.1]);
  });

  it('averages a noisy patch into one colour and ignores transparent pixels', () => {
    const noisy: [Rgb, number][] = [
      [[250, 210, 10], 50],
      [[254, 214, 4], 50],
    ];
    const buffer = pixels(...noisy, [[0, 0, 0], 40]);
    // Make the black pixels transparent.
    for (let i = 100 * 4 + 3; i < buffer.length; i += 4) buffer[i] = 0;
    const [only, ...rest] = dominantColours(buffer, 3);
    expect(rest).toEqual([]);
    expect(only!.hex).toBe('#FCD407');
    expect(only!.share).toBe(1);
  });

  it('returns nothing for an empty or fully transparent image', () => {
    expect(dominantColours(new Uint8ClampedArray())).toEqual([]);
    expect(dominantColours(new Uint8ClampedArray([10, 10, 10, 0]))).toEqual([]);
  });
});
