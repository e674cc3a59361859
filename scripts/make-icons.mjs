// Renders the app icons (web app manifest, Apple touch icon) from the brand mark in
// src/client/public/favicon.svg. The PNGs are committed; run again after changing the mark:
//   node scripts/make-icons.mjs
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../src/client/public/', import.meta.url).pathname;
const mark = await readFile(`${publicDir}favicon.svg`);
const WALL = '#0c0c10';

/** The sizes Android, Windows and the stores ask for; the manifest lists the same. */
const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

const render = (size) =>
  sharp(mark, { density: (72 * size) / 64 })
    .resize(size, size)
    .png();

for (const size of ICON_SIZES) {
  await render(size).toFile(`${publicDir}icons/icon-${size}.png`);
}

// A maskable icon is cropped to a circle or squircle by the launcher: the mark sits inside the
// 80% safe zone on a full-bleed background.
for (const size of MASKABLE_SIZES) {
  const inner = Math.round(size * 0.7);
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: WALL } })
    .composite([{ input: await render(inner).toBuffer(), left: offset, top: offset }])
    .png()
    .toFile(`${publicDir}icons/maskable-${size}.png`);
}

// iOS draws its own rounded corners and shows transparency as black: a full-bleed square.
await sharp({ create: { width: 180, height: 180, channels: 4, background: WALL } })
  .composite([{ input: await render(180).toBuffer() }])
  .flatten({ background: WALL })
  .png()
  .toFile(`${publicDir}apple-touch-icon.png`);
console.log('icons written');
