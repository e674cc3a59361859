import sharp from 'sharp';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable RGB PNG whose pixel colours come from `pixel(x, y)`. */
export function pngFromPixels(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat()),
    ]),
  );
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable RGB PNG of one colour (test photos made on the spot, no fixtures). */
export function makePng(
  width = 8,
  height = 8,
  rgb: [number, number, number] = [255, 45, 149],
): Buffer {
  return pngFromPixels(width, height, () => rgb);
}

let photoCount = 0;

/**
 * A photo unlike any other the suite makes: a 9 x 8 grid of blocks in seeded shades, so the
 * duplicate check never mistakes two test photos for one another. The same seed repeats it.
 */
export function uniquePhoto(seed = process.pid * 10_000 + ++photoCount): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % 256;
  };
  const shades = Array.from({ length: 72 }, () => [next(), next(), next()] as const);
  return pngFromPixels(36, 32, (x, y) => {
    const [r, g, b] = shades[Math.floor(y / 4) * 9 + Math.floor(x / 4)]!;
    return [r, g, b];
  });
}

/** A PNG header announcing width x height with almost no data: a decompression bomb. */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real JPEG as a phone writes it: camera make and model, an orientation tag (6: turn 90°
 * clockwise to show), and the GPS position where it was "taken".
 */
export async function phoneJpeg(
  options: { seed?: number; latitude?: number; longitude?: number; width?: number } = {},
): Promise<Buffer> {
  const { latitude = -27.470094, longitude = 153.025, width = 360 } = options;
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const d = Math.floor(abs);
    const m = Math.floor((abs - d) * 60);
    const s = Math.round(((abs - d) * 60 - m) * 60 * 10_000);
    return `${d}/1 ${m}/1 ${s}/10000`;
  };
  return sharp(uniquePhoto(options.seed))
    .resize({ width, kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'StreetCam', Model: 'Serial-SN-48151623' },
      IFD3: {
        GPSLatitudeRef: latitude < 0 ? 'S' : 'N',
        GPSLatitude: dms(latitude),
        GPSLongitudeRef: longitude < 0 ? 'W' : 'E',
        GPSLongitude: dms(longitude),
      },
    })
    .toBuffer();
}
