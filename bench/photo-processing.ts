/**
 * Processing cost of one phone photo: a 12-megapixel JPEG (4000 x 3000, noisy like a real
 * photo, with GPS EXIF) checked, re-encoded to the display and thumbnail renditions and hashed,
 * as POST /api/objects/:id/complete does. Reports wall time per photo and the process's peak
 * resident memory (sharp works outside the JS heap, so RSS is what counts).
 *
 *   npx tsx bench/photo-processing.ts [runs=5]
 */
import sharp from 'sharp';
import { processPhoto } from '../src/server/images/process.ts';

const runs = Number(process.argv[2] ?? 5);
const width = 4000;
const height = 3000;

const noise = Buffer.alloc(width * height * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
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

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);
const baseline = process.memoryUsage().rss;
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const photo = await processPhoto(jpeg);
  times.push(performance.now() - start);
  if (!photo.location || photo.display.width !== 2048) throw new Error('unexpected result');
}
clearInterval(sampler);

const mb = (n: number) => `${(n / 1_048_576).toFixed(0)} MB`;
times.sort((a, b) => a - b);
console.log(`input: ${width} x ${height} JPEG, ${mb(jpeg.length)} (${jpeg.length} bytes)`);
console.log(
  `runs: ${runs}, concurrency 1, sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}`,
);
console.log(
  `time per photo: median ${times[Math.floor(runs / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
);
console.log(
  `resident memory: before ${mb(baseline)}, peak ${mb(peakRss)} (+${mb(peakRss - baseline)})`,
);
