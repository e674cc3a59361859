/**
 * Colour maths for "Match my photo": sRGB → CIELAB (D65), the CIEDE2000 colour difference, the
 * dominant colours of an image's pixels, and the nearest chart colours. Pure functions with no
 * DOM, so the browser runs them on canvas pixels and the tests run them on known values.
 */

export interface Lab {
  L: number;
  a: number;
  b: number;
}

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

// D65 reference white, as used by sRGB.
const WHITE = { x: 0.95047, y: 1, z: 1.08883 };

export function rgbToLab([r, g, b]: Rgb): Lab {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / WHITE.x;
  const y = (0.2126729 * R + 0.7151522 * G + 0.072175 * B) / WHITE.y;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / WHITE.z;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;
const POW25_7 = 25 ** 7;

/**
 * CIEDE2000 (kL = kC = kH = 1), following Sharma, Wu and Dalal, "The CIEDE2000 color-difference
 * formula: implementation notes, supplementary test data, and mathematical observations" (2005).
 */
export function ciede2000(x: Lab, y: Lab): number {
  const C1 = Math.hypot(x.a, x.b);
  const C2 = Math.hypot(y.a, y.b);
  const Cbar7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + POW25_7)));
  const a1 = (1 + G) * x.a;
  const a2 = (1 + G) * y.a;
  const c1 = Math.hypot(a1, x.b);
  const c2 = Math.hypot(a2, y.b);
  const hue = (b: number, a: number) =>
    b === 0 && a === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360;
  const h1 = hue(x.b, a1);
  const h2 = hue(y.b, a2);

  const dL = y.L - x.L;
  const dC = c2 - c1;
  let dh = 0;
  if (c1 * c2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin(rad(dh / 2));

  const Lbar = (x.L + y.L) / 2;
  const cbar = (c1 + c2) / 2;
  let hbar = h1 + h2;
  if (c1 * c2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hbar /= 2;
    else hbar = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos(rad(hbar - 30)) +
    0.24 * Math.cos(rad(2 * hbar)) +
    0.32 * Math.cos(rad(3 * hbar + 6)) -
    0.2 * Math.cos(rad(4 * hbar - 63));
  const dTheta = 30 * Math.exp(-(((hbar - 275) / 25) ** 2));
  const cbar7 = cbar ** 7;
  const Rc = 2 * Math.sqrt(cbar7 / (cbar7 + POW25_7));
  const Sl = 1 + (0.015 * (Lbar - 50) ** 2) / Math.sqrt(20 + (Lbar - 50) ** 2);
  const Sc = 1 + 0.045 * cbar;
  const Sh = 1 + 0.015 * cbar * T;
  const Rt = -Math.sin(rad(2 * dTheta)) * Rc;
  const l = dL / Sl;
  const c = dC / Sc;
  const h = dH / Sh;
  return Math.sqrt(l * l + c * c + h * h + Rt * c * h);
}

export interface Dominant {
  rgb: Rgb;
  hex: string;
  /** Share of the sampled pixels closest to this colour, 0–1. */
  share: number;
}

/**
 * The k most common colours of an RGBA pixel buffer (as from canvas getImageData): k-means in
 * CIELAB, seeded deterministically from a coarse colour histogram so the same photo always
 * gives the same answer. Transparent pixels are ignored.
 */
export function dominantColours(rgba: ArrayLike<number>, k = 5, iterations = 8): Dominant[] {
  const points: Lab[] = [];
  const rgbs: Rgb[] = [];
  const buckets = new Map<number, number>();
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue;
    const rgb: Rgb = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    rgbs.push(rgb);
    points.push(rgbToLab(rgb));
    const key = ((rgb[0] >> 5) << 6) | ((rgb[1] >> 5) << 3) | (rgb[2] >> 5);
    buckets.set(key, (buckets.get(key) ?? 0) + 1);
  }
  if (points.length === 0) return [];

  // Seeds: centres of the fullest histogram buckets.
  const seeds = [...buckets]
    .sort((p, q) => q[1] - p[1] || p[0] - q[0])
    .slice(0, k)
    .map(([key]) =>
      rgbToLab([((key >> 6) << 5) + 16, (((key >> 3) & 7) << 5) + 16, ((key & 7) << 5) + 16]),
    );
  let centres = seeds;
  const assign = new Int32Array(points.length);
  const distance2 = (p: Lab, q: Lab) => (p.L - q.L) ** 2 + (p.a - q.a) ** 2 + (p.b - q.b) ** 2;
  for (let round = 0; round < iterations; round++) {
    points.forEach((p, i) => {
      let best = 0;
      for (let c = 1; c < centres.length; c++) {
        if (distance2(p, centres[c]!) < distance2(p, centres[best]!)) best = c;
      }
      assign[i] = best;
    });
    centres = centres.map((old, c) => {
      let n = 0;
      const sum = { L: 0, a: 0, b: 0 };
      points.forEach((p, i) => {
        if (assign[i] !== c) return;
        n++;
        sum.L += p.L;
        sum.a += p.a;
        sum.b += p.b;
      });
      return n ? { L: sum.L / n, a: sum.a / n, b: sum.b / n } : old;
    });
  }

  // Report each cluster by the mean of its pixels in sRGB, so the swatch shows a real colour.
  const totals = centres.map(() => ({ n: 0, r: 0, g: 0, b: 0 }));
  rgbs.forEach((rgb, i) => {
    const t = totals[assign[i]!]!;
    t.n++;
    t.r += rgb[0];
    t.g += rgb[1];
    t.b += rgb[2];
  });
  return totals
    .filter((t) => t.n > 0)
    .map((t) => {
      const rgb: Rgb = [Math.round(t.r / t.n), Math.round(t.g / t.n), Math.round(t.b / t.n)];
      return { rgb, hex: rgbToHex(rgb), share: t.n / points.length };
    })
    .sort((p, q) => q.share - p.share);
}

export interface Match<T> {
  colour: T;
  deltaE: number;
}

/** Chart colours nearest to a target, by CIEDE2000, closest first. */
export function nearestColours<T extends { hex: string }>(
  target: Rgb,
  chart: readonly T[],
  count = 3,
): Match<T>[] {
  const lab = rgbToLab(target);
  return chart
    .map((colour) => ({ colour, deltaE: ciede2000(lab, rgbToLab(hexToRgb(colour.hex))) }))
    .sort((p, q) => p.deltaE - q.deltaE)
    .slice(0, count);
}
