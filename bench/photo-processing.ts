/**
 * Processing cost of one phone photo beside the decoder's own speed. The photo is a 12-megapixel
 * JPEG (4000 x 3000, noisy like a real photo, with GPS EXIF), or a file given on the command
 * line. Round after round, in alternating order, it times:
 *
 * - the app: `processPhoto`, as POST /api/objects/:id/complete runs it (checks, one decode,
 *   display and thumbnail renditions, both hashes, the GPS);
 * - bare sharp: decode, rotate upright, resize to 1600 px, encode as WebP with its defaults.
 *
 * and prints each one's median and spread, the app/bare ratio, and the CPU time of each.
 * Resident memory (sharp works outside the JS heap, so RSS is what counts) is measured for each
 * in a fresh child process: its peak above its idle RSS once the modules are loaded, for one
 * photo and for one per round (glibc's allocator keeps freed memory per thread, so the peak
 * grows with the photos before it levels off). Both children run with the allocator setting
 * `npm start` gives the server, as a production process would.
 *
 *   npm run bench:photos [-- --rounds 7] [-- --photo path/to/photo.jpg]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { processPhoto } from '../src/server/images/process.ts';
import { npmStartEnv } from './servers.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    photo: { type: 'string' },
    /** Internal: the child process that measures one side's memory. */
    memory: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);

const bare = (photo: Buffer) =>
  sharp(photo).rotate().resize(1600, 1600, { fit: 'inside' }).webp().toBuffer();
const app = (photo: Buffer) => processPhoto(photo);
const SIDES = { app, bare };
type Side = keyof typeof SIDES;

if (values.memory) {
  const [side, file] = values.memory.split(':') as [Side, string];
  const photo = readFileSync(file);
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  for (let i = 0; i < ROUNDS; i++) await SIDES[side](photo);
  clearInterval(sampler);
  // Linux keeps the exact high-water mark, which a sampler can miss.
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  peak = Math.max(peak, process.memoryUsage().rss, Number(hwm ?? 0) * 1024);
  console.log(JSON.stringify({ idle, peak }));
  process.exit(0);
}

const photo = values.photo ? readFileSync(values.photo) : await syntheticPhoto();
const { width, height } = await sharp(photo).metadata();

const times: Record<Side, number[]> = { app: [], bare: [] };
/** CPU time of every thread (sharp works on libuv's): steadier than wall time on a busy machine. */
const cpu: Record<Side, number[]> = { app: [], bare: [] };
await Promise.all([app(photo), bare(photo)]);
for (let round = 0; round < ROUNDS; round++) {
  const order: Side[] = round % 2 ? ['bare', 'app'] : ['app', 'bare'];
  for (const side of order) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await SIDES[side](photo);
    times[side].push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu[side].push((used.user + used.system) / 1000);
  }
}

const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-photos-')), 'photo');
writeFileSync(file, photo);
/** `npm start`'s environment: its allocator setting (docs/decisions/050) among it. */
const startEnv = npmStartEnv(path.resolve(import.meta.dirname, '..'));

const memory = (side: Side, photos: number) => {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      import.meta.filename,
      ...['--memory', `${side}:${file}`, '--rounds', String(photos)],
    ],
    { encoding: 'utf8', env: { ...process.env, ...startEnv } },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { idle: number; peak: number };
};

const mb = (n: number) => `${(n / 1_048_576).toFixed(0)} MB`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const spread = (list: number[]) =>
  `${Math.min(...list).toFixed(0)}-${Math.max(...list).toFixed(0)} ms`;
const result = await app(photo);

console.log(`input: ${width} x ${height} JPEG, ${(photo.length / 1_048_576).toFixed(1)} MB`);
console.log(
  `rounds: ${ROUNDS}, concurrency 1, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}`,
);
console.log(
  `app (checks, ${result.display.width} px display + thumbnail, hashes, GPS): median ${median(times.app).toFixed(0)} ms (${spread(times.app)})`,
);
console.log(
  `bare sharp (decode, rotate, 1600 px WebP): median ${median(times.bare).toFixed(0)} ms (${spread(times.bare)})`,
);
console.log(`ratio app / bare: ${(median(times.app) / median(times.bare)).toFixed(2)}`);
console.log(
  `CPU time: app ${median(cpu.app).toFixed(0)} ms, bare ${median(cpu.bare).toFixed(0)} ms, ratio ${(median(cpu.app) / median(cpu.bare)).toFixed(2)}`,
);
for (const photos of [1, ROUNDS]) {
  for (const side of ['app', 'bare'] as const) {
    const { idle, peak } = memory(side, photos);
    console.log(
      `resident memory, ${side}, ${photos} photo(s) in a fresh process: idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`,
    );
  }
}

/** Blurred noise: no flat areas a codec could skip, like a phone photo's texture. */
async function syntheticPhoto(): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const noise = Buffer.alloc(w * h * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'BenchCam' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '27/1 28/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '153/1 1/1 3000/100',
      },
    })
    .toBuffer();
}
