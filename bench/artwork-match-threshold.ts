/**
 * Calibrates SAME_ARTWORK_BITS: Hamming distances between the perceptual hashes of seeded,
 * mural-like photos (test/murals.ts), each pair run through the real photo pipeline
 * (processPhoto, as POST /api/objects/:id/complete does):
 * - same piece: one mural head-on, and again 10-20° to one side, tilted, cropped 5-15 %, in
 *   other light (brightness and gamma +-25 %), with noise, at another size and JPEG quality;
 * - different pieces: two murals on the same brick wall, framed the same way.
 * Prints both distributions (and the dHash ones for comparison), and the threshold that best
 * separates them, favouring recall (the player confirms every offer). The pairs are synthetic:
 * re-check on real photo pairs.
 *
 *   npx tsx bench/artwork-match-threshold.ts [pairs=220]
 */
import { processPhoto } from '../src/server/images/process.ts';
import { SAME_ARTWORK_BITS, hammingDistance } from '../src/server/images/phash.ts';
import { differentPiecePair, samePiecePair } from '../test/murals.ts';

const pairs = Number(process.argv[2] ?? 220);

interface Distances {
  phash: number[];
  dhash: number[];
}

async function measure(make: (seed: number) => Promise<[Buffer, Buffer]>, firstSeed: number) {
  const distances: Distances = { phash: [], dhash: [] };
  for (let i = 0; i < pairs; i++) {
    const [a, b] = await Promise.all((await make(firstSeed + i * 10)).map(processPhoto));
    distances.phash.push(hammingDistance(a!.phash, b!.phash));
    distances.dhash.push(hammingDistance(a!.hash, b!.hash));
  }
  return distances;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function summary(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const cells = [0, 0.05, 0.5, 0.95, 1].map((q) => String(quantile(sorted, q)).padStart(4));
  return `${label.padEnd(28)}${cells.join('')}`;
}

const share = (values: number[], threshold: number) =>
  values.filter((d) => d <= threshold).length / values.length;

/** Best recall minus false-match rate; among equals the larger threshold (more recall). */
function bestThreshold(same: number[], different: number[]) {
  let best = { threshold: 0, score: -Infinity };
  for (let threshold = 0; threshold <= 64; threshold++) {
    const score = share(same, threshold) - share(different, threshold);
    if (score >= best.score) best = { threshold, score };
  }
  return best.threshold;
}

const started = performance.now();
const same = await measure(samePiecePair, 1_000);
const different = await measure(differentPiecePair, 500_000);
const seconds = ((performance.now() - started) / 1000).toFixed(0);

console.log(`${pairs} same-piece pairs, ${pairs} different-piece pairs (${seconds} s)`);
console.log(`${'Hamming distance (64 bits)'.padEnd(28)} min  p5 p50 p95 max`);
console.log(summary('pHash, same piece', same.phash));
console.log(summary('pHash, different pieces', different.phash));
console.log(summary('dHash, same piece', same.dhash));
console.log(summary('dHash, different pieces', different.dhash));

const threshold = bestThreshold(same.phash, different.phash);
console.log('\nthreshold  recall  false matches');
for (let t = Math.max(0, threshold - 4); t <= Math.min(64, threshold + 4); t++) {
  const recall = (share(same.phash, t) * 100).toFixed(1).padStart(6);
  const falses = (share(different.phash, t) * 100).toFixed(1).padStart(6);
  console.log(
    `${String(t).padStart(9)} ${recall} % ${falses} %${t === threshold ? '  <- best' : ''}`,
  );
}
console.log(`\nbest threshold: ${threshold} bits; SAME_ARTWORK_BITS is ${SAME_ARTWORK_BITS}`);
