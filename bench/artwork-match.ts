/**
 * "Is this the same piece?" at scale: the cost, per upload, of finding the artworks within 30 m
 * whose photos look like the new one, with 100,000 artworks (each with a photo log) spread over
 * one city in the area index. Seeds a fresh embedded database (or the Postgres at
 * BENCH_DATABASE_URL), then times `matchArtworks` at random spots in that city and reports p50
 * and p95, next to two baselines measured in the same run: the same query over a city of 1,000
 * artworks, and a bare `select 1` round trip. The pHash of the photo itself is timed on a
 * 2048 px display rendition, as the upload pipeline computes it.
 *
 *   npm run bench:match [-- --artworks 100000 --uploads 300 --spread 0.1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client.ts';
import { artworks } from '../src/server/db/schema.ts';
import { perceptualHash } from '../src/server/images/phash.ts';
import { matchArtworks } from '../src/server/services/artwork-match.ts';
import { withinRadius } from '../src/server/services/nearby.ts';

const { values } = parseArgs({
  options: {
    artworks: { type: 'string', default: '100000' },
    uploads: { type: 'string', default: '300' },
    /** Half the side of the city's box in degrees: 0.01 packs 100,000 pieces into 2 km. */
    spread: { type: 'string', default: '0.1' },
  },
});
const ARTWORKS = Number(values.artworks);
const UPLOADS = Number(values.uploads);
const BASELINE_ARTWORKS = 1_000;
/** Brisbane and, by default, about 20 km around it: 100,000 pieces is one every 70 m or so. */
const CENTRE = { latitude: -27.47, longitude: 153.02 };
const SPREAD = Number(values.spread);

const randomHash = () => BigInt.asIntN(64, BigInt(Math.floor(Math.random() * 2 ** 52)) << 12n);
const randomSpot = () => ({
  latitude: CENTRE.latitude + (Math.random() * 2 - 1) * SPREAD,
  longitude: CENTRE.longitude + (Math.random() * 2 - 1) * SPREAD,
});

async function open(): Promise<{ database: Database; cleanUp(): void }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return { database: await openDatabase({ kind: 'postgres', url }), cleanUp: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-match-'));
  return {
    database: await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') }),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `count` artworks, each with one found log carrying a random perceptual hash. */
async function seed(database: Database, prefix: string, count: number) {
  const { db } = database;
  await db.execute(sql`
    insert into users (id, username) values (${prefix}, ${prefix}) on conflict do nothing`);
  await db.execute(sql`
    insert into artworks (id, title, emoji_pin, latitude, longitude, first_finder_id)
    select ${prefix} || n, 'Piece ' || n, 'location',
           ${CENTRE.latitude} + (random() * 2 - 1) * ${SPREAD},
           ${CENTRE.longitude} + (random() * 2 - 1) * ${SPREAD}, ${prefix}
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`
    insert into artwork_logs (id, artwork_id, user_id, kind, image_url, perceptual_hash,
                              latitude, longitude, log_day)
    select 'log-' || a.id, a.id, ${prefix}, 'found', '/objects/' || a.id,
           ((random() * 2 - 1) * 9.2e18)::bigint, a.latitude, a.longitude, current_date
    from artworks a where a.first_finder_id = ${prefix}`);
  await db.execute(sql`analyze`);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeIt(label: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
  console.log(`${label}: p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms`);
  return result;
}

const { database, cleanUp } = await open();
try {
  const started = performance.now();
  await seed(database, 'bench-small-', BASELINE_ARTWORKS);
  const bare = await timeIt('bare select 1', UPLOADS, () => database.db.execute(sql`select 1`));
  const small = await timeIt(`match among ${BASELINE_ARTWORKS} artworks`, UPLOADS, () =>
    matchArtworks(database.db, randomSpot(), randomHash(), 'bench-viewer'),
  );
  await database.db.execute(sql`delete from artworks where first_finder_id = 'bench-small-'`);
  await seed(database, 'bench-', ARTWORKS);
  console.log(
    `seeded ${ARTWORKS} artworks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const large = await timeIt(`match among ${ARTWORKS} artworks`, UPLOADS, () =>
    matchArtworks(database.db, randomSpot(), randomHash(), 'bench-viewer'),
  );
  let candidates = 0;
  for (let i = 0; i < 100; i++) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from artworks
        where ${withinRadius(artworks.latitude, artworks.longitude, randomSpot(), 0.03)}`),
    );
    candidates += row?.n ?? 0;
  }
  console.log(`artworks within 30 m of an upload, on average: ${(candidates / 100).toFixed(1)}`);
  const photo = await sharp({
    create: { width: 2048, height: 1536, channels: 3, background: { r: 90, g: 60, b: 140 } },
  })
    .webp()
    .toBuffer();
  const hashing = await timeIt('pHash of a 2048 px rendition', 50, () => perceptualHash(photo));

  console.log(
    `\nper upload at ${ARTWORKS} artworks: match p50 ${large.p50.toFixed(2)} ms / p95 ` +
      `${large.p95.toFixed(2)} ms; x${(large.p50 / bare.p50).toFixed(1)} a bare query, ` +
      `x${(large.p50 / small.p50).toFixed(2)} the same match among ${BASELINE_ARTWORKS}; ` +
      `plus pHash p50 ${hashing.p50.toFixed(1)} ms`,
  );
} finally {
  await database.close();
  cleanUp();
}
