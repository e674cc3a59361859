import sharp from 'sharp';

/**
 * Seeded, mural-like photos for tuning and testing the same-artwork match: a painting (gradient
 * ground, shapes, outlined letters) on a brick wall, photographed head-on, or again from another
 * angle and in other light. The same seeds always give the same bytes.
 */

const SCENE_WIDTH = 1800;
const SCENE_HEIGHT = 1350;
/** Wall width a head-on photo frames, in scene pixels (the mural fills 70-85 % of it). */
const FRAME_WIDTH = 1000;
const PHOTO_WIDTH = 1024;
const PHOTO_HEIGHT = 768;
/** Horizontal field of view of a phone's main camera. */
const HALF_FOV = (65 / 2) * (Math.PI / 180);

export type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const pick = <T>(random: Random, items: readonly T[]) =>
  items[Math.floor(random() * items.length)]!;
const hsl = (random: Random, light = [35, 65]) =>
  `hsl(${Math.round(random() * 360)},${Math.round(between(random, 55, 95))}%,${Math.round(between(random, light[0]!, light[1]!))}%)`;

function brickWall(seed: number): string {
  const random = seeded(seed);
  const base = pick(random, [
    [150, 70, 50],
    [170, 95, 70],
    [120, 60, 45],
    [185, 170, 150],
  ] as const);
  const brickW = Math.round(between(random, 70, 100));
  const brickH = Math.round(brickW * 0.38);
  const bricks: string[] = [];
  for (let row = 0; row * brickH < SCENE_HEIGHT; row++) {
    const shift = row % 2 ? brickW / 2 : 0;
    for (let x = -shift; x < SCENE_WIDTH; x += brickW) {
      const jitter = Math.round(between(random, -22, 22));
      const [r, g, b] = base.map((c) => Math.max(0, Math.min(255, c + jitter)));
      bricks.push(
        `<rect x="${x + 2}" y="${row * brickH + 2}" width="${brickW - 4}" height="${brickH - 4}" fill="rgb(${r},${g},${b})"/>`,
      );
    }
  }
  return `<rect width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" fill="rgb(200,195,185)"/>${bricks.join('')}`;
}

/** Block letters as strokes in a unit box, drawn thick with a dark outline like a throw-up. */
const LETTERS: Record<string, [number, number][][]> = {
  A: [
    [
      [0, 1],
      [0.5, 0],
      [1, 1],
    ],
    [
      [0.25, 0.55],
      [0.75, 0.55],
    ],
  ],
  E: [
    [
      [1, 0],
      [0, 0],
      [0, 1],
      [1, 1],
    ],
    [
      [0, 0.5],
      [0.7, 0.5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [1, 0],
      [0, 0.55],
      [1, 1],
    ],
  ],
  M: [
    [
      [0, 1],
      [0, 0],
      [0.5, 0.6],
      [1, 0],
      [1, 1],
    ],
  ],
  N: [
    [
      [0, 1],
      [0, 0],
      [1, 1],
      [1, 0],
    ],
  ],
  O: [
    [
      [0.3, 0],
      [0.7, 0],
      [1, 0.3],
      [1, 0.7],
      [0.7, 1],
      [0.3, 1],
      [0, 0.7],
      [0, 0.3],
      [0.3, 0],
    ],
  ],
  R: [
    [
      [0, 1],
      [0, 0],
      [0.8, 0],
      [1, 0.25],
      [0.8, 0.5],
      [0, 0.5],
    ],
    [
      [0.4, 0.5],
      [1, 1],
    ],
  ],
  S: [
    [
      [1, 0],
      [0, 0],
      [0, 0.5],
      [1, 0.5],
      [1, 1],
      [0, 1],
    ],
  ],
  T: [
    [
      [0, 0],
      [1, 0],
    ],
    [
      [0.5, 0],
      [0.5, 1],
    ],
  ],
  W: [
    [
      [0, 0],
      [0.25, 1],
      [0.5, 0.4],
      [0.75, 1],
      [1, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [1, 1],
    ],
    [
      [1, 0],
      [0, 1],
    ],
  ],
  Z: [
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
  ],
};

function painting(seed: number, x: number, y: number, width: number, height: number): string {
  const random = seeded(seed);
  const parts: string[] = [];
  const gradient = `g${seed}`;
  parts.push(
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="${between(random, 0.3, 1).toFixed(2)}" y2="1">` +
      `<stop offset="0" stop-color="${hsl(random)}"/><stop offset="1" stop-color="${hsl(random)}"/>` +
      `</linearGradient></defs>`,
  );
  parts.push(
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${between(random, 0, 60)}" fill="url(#${gradient})"/>`,
  );
  const shapes = 4 + Math.floor(random() * 5);
  for (let i = 0; i < shapes; i++) {
    const cx = x + between(random, 0.1, 0.9) * width;
    const cy = y + between(random, 0.1, 0.9) * height;
    const size = between(random, 0.08, 0.3) * width;
    const fill = hsl(random);
    const kind = pick(random, ['circle', 'polygon', 'blob'] as const);
    if (kind === 'circle') {
      parts.push(
        `<ellipse cx="${cx}" cy="${cy}" rx="${size}" ry="${size * between(random, 0.5, 1.2)}" fill="${fill}"/>`,
      );
    } else {
      const corners = kind === 'polygon' ? 3 + Math.floor(random() * 4) : 6;
      const points = Array.from({ length: corners }, (_, k) => {
        const angle = (k / corners) * 2 * Math.PI + between(random, -0.3, 0.3);
        const radius = size * between(random, 0.5, 1.1);
        return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius] as const;
      });
      const d =
        kind === 'polygon'
          ? `M${points.map((p) => p.join(' ')).join(' L')} Z`
          : `M${points[0]!.join(' ')} ${points.map((p, k) => `Q${p.join(' ')} ${points[(k + 1) % corners]!.map((v, j) => (v + p[j]!) / 2).join(' ')}`).join(' ')} Z`;
      parts.push(`<path d="${d}" fill="${fill}"/>`);
    }
  }
  const word = Array.from({ length: 3 + Math.floor(random() * 4) }, () =>
    pick(random, Object.keys(LETTERS)),
  );
  const letterH = height * between(random, 0.22, 0.35);
  const letterW = letterH * 0.7;
  const startX = x + between(random, 0.05, 0.95 - (word.length * letterW * 1.25) / width) * width;
  const startY = y + between(random, 0.1, 0.85) * height - letterH / 2;
  const fill = hsl(random, [55, 85]);
  const strokes = word.flatMap((letter, k) =>
    LETTERS[letter]!.map(
      (line) =>
        `M${line.map(([u, v]) => `${startX + k * letterW * 1.25 + u * letterW} ${startY + v * letterH}`).join(' L')}`,
    ),
  );
  const path = strokes.join(' ');
  const weight = letterH * 0.16;
  parts.push(
    `<path d="${path}" fill="none" stroke="#141414" stroke-width="${weight * 1.8}" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<path d="${path}" fill="none" stroke="${fill}" stroke-width="${weight}" stroke-linejoin="round" stroke-linecap="round"/>`,
  );
  return parts.join('');
}

export interface Scene {
  wallSeed: number;
  muralSeed: number;
}

/** The whole wall with its mural, as raw RGB pixels (SCENE_WIDTH x SCENE_HEIGHT). */
export async function renderScene({ wallSeed, muralSeed }: Scene): Promise<Buffer> {
  const random = seeded(muralSeed ^ 0x5eed);
  const width = FRAME_WIDTH * between(random, 0.7, 0.85);
  const height = width * between(random, 0.55, 0.7);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}">` +
    brickWall(wallSeed) +
    painting(muralSeed, (SCENE_WIDTH - width) / 2, (SCENE_HEIGHT - height) / 2, width, height) +
    `</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

export interface View {
  /** Turn of the camera around the wall's vertical axis, degrees (0 = head-on). */
  yaw: number;
  pitch: number;
  roll: number;
  /** Multiplies brightness after the gamma curve. */
  brightness: number;
  gamma: number;
  /** Standard deviation of added sensor noise, 0-255 scale. */
  noise: number;
  /** Fraction of the photo cut away (split between the sides at random). */
  crop: number;
  /** Width of the stored photo and its JPEG quality. */
  width: number;
  quality: number;
  seed: number;
}

export const headOn = (seed: number): View => ({
  yaw: 0,
  pitch: 0,
  roll: 0,
  brightness: 1,
  gamma: 1,
  noise: 2,
  crop: 0,
  width: PHOTO_WIDTH,
  quality: 90,
  seed,
});

/**
 * Another visit: 10-20° to one side (and held a little tilted, as hands do), framed tighter
 * (5-15 % cropped away), in other light, through another camera (size, JPEG quality, noise).
 */
export const otherVisit = (seed: number): View => {
  const random = seeded(seed);
  const side = random() < 0.5 ? -1 : 1;
  return {
    yaw: side * between(random, 10, 20),
    pitch: between(random, -3, 3),
    roll: between(random, -2, 2),
    brightness: between(random, 0.75, 1.25),
    gamma: between(random, 0.75, 1.25),
    noise: between(random, 3, 9),
    crop: between(random, 0.05, 0.15),
    width: Math.round(between(random, 640, 1600)),
    quality: Math.round(between(random, 65, 92)),
    seed,
  };
};

/**
 * A JPEG photo of the scene through a pinhole camera at the given angle (each photo pixel traced
 * back onto the wall plane, sampled bilinearly), then lit, noised, cropped, resized and
 * re-compressed as the view says.
 */
export async function photograph(scene: Buffer, view: View): Promise<Buffer> {
  const focal = PHOTO_WIDTH / 2 / Math.tan(HALF_FOV);
  const distance = FRAME_WIDTH / 2 / Math.tan(HALF_FOV);
  const [yaw, pitch, roll] = [view.yaw, view.pitch, view.roll].map((d) => (d * Math.PI) / 180);
  // Camera axes: right, down, forward; turned by yaw (about the vertical) then pitch, then roll.
  const rotate = (v: [number, number, number]): [number, number, number] => {
    let [x, y, z] = v;
    [x, y] = [x * Math.cos(roll!) - y * Math.sin(roll!), x * Math.sin(roll!) + y * Math.cos(roll!)];
    [y, z] = [
      y * Math.cos(pitch!) - z * Math.sin(pitch!),
      y * Math.sin(pitch!) + z * Math.cos(pitch!),
    ];
    [x, z] = [x * Math.cos(yaw!) + z * Math.sin(yaw!), -x * Math.sin(yaw!) + z * Math.cos(yaw!)];
    return [x, y, z];
  };
  const forward = rotate([0, 0, 1]);
  const camera = forward.map((f) => -f * distance) as [number, number, number];
  const right = rotate([1, 0, 0]);
  const down = rotate([0, 1, 0]);
  const centreX = SCENE_WIDTH / 2;
  const centreY = SCENE_HEIGHT / 2;

  const random = seeded(view.seed ^ 0xbeef);
  const noise = Float32Array.from({ length: 4096 }, () => {
    const gaussian = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    return gaussian * view.noise;
  });
  const tone = Float32Array.from(
    { length: 256 },
    (_, v) => 255 * (v / 255) ** view.gamma * view.brightness,
  );
  const [rx, ry, rz] = right;
  const [dx, dy, dz] = down;
  const [fx0, fy0, fz0] = forward;
  const out = new Uint8ClampedArray(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  let grain = Math.floor(random() * 2 ** 32) | 1;
  for (let v = 0; v < PHOTO_HEIGHT; v++) {
    const b = (v - PHOTO_HEIGHT / 2) / focal;
    for (let u = 0; u < PHOTO_WIDTH; u++) {
      const a = (u - PHOTO_WIDTH / 2) / focal;
      const rayX = rx * a + dx * b + fx0;
      const t = -camera[2] / (rz * a + dz * b + fz0);
      const sx = centreX + camera[0] + t * rayX;
      const sy = centreY + camera[1] + t * (ry * a + dy * b + fy0);
      const x = Math.min(SCENE_WIDTH - 2, Math.max(0, sx));
      const y = Math.min(SCENE_HEIGHT - 2, Math.max(0, sy));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const top = (y0 * SCENE_WIDTH + x0) * 3;
      const bottom = top + SCENE_WIDTH * 3;
      const target = (v * PHOTO_WIDTH + u) * 3;
      for (let c = 0; c < 3; c++) {
        const value =
          (scene[top + c]! * (1 - fx) + scene[top + 3 + c]! * fx) * (1 - fy) +
          (scene[bottom + c]! * (1 - fx) + scene[bottom + 3 + c]! * fx) * fy;
        grain ^= grain << 13;
        grain ^= grain >>> 17;
        grain ^= grain << 5;
        out[target + c] = tone[Math.round(value)]! + noise[grain & 4095]!;
      }
    }
  }
  const cropW = Math.round(PHOTO_WIDTH * view.crop);
  const cropH = Math.round(PHOTO_HEIGHT * view.crop);
  const left = Math.round(cropW * random());
  const top = Math.round(cropH * random());
  return sharp(Buffer.from(out.buffer), {
    raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 },
  })
    .extract({ left, top, width: PHOTO_WIDTH - cropW, height: PHOTO_HEIGHT - cropH })
    .resize({ width: view.width })
    .jpeg({ quality: view.quality })
    .toBuffer();
}

/** The same mural photographed head-on and on another visit. */
export async function samePiecePair(seed: number): Promise<[Buffer, Buffer]> {
  const scene = await renderScene({ wallSeed: seed, muralSeed: seed + 1 });
  return [await photograph(scene, headOn(seed + 2)), await photograph(scene, otherVisit(seed + 3))];
}

/** Two different murals on the same wall, photographed with the same framing. */
export async function differentPiecePair(seed: number): Promise<[Buffer, Buffer]> {
  const view = headOn(seed + 2);
  const first = await renderScene({ wallSeed: seed, muralSeed: seed + 1 });
  const second = await renderScene({ wallSeed: seed, muralSeed: seed + 4 });
  return [await photograph(first, view), await photograph(second, view)];
}
