/**
 * The importers at scale on PGlite (docs/decisions/013 and 023). Writes generated files to a
 * temporary folder: legal walls as CSV and as GeoJSON for `npm run import:walls`, and a Socrata
 * JSON listing of murals for `npm run import` (the Chicago registry's columns). Each is
 * imported into a fresh embedded database, then imported again (every record unchanged). The
 * records sit on a grid over 100 m apart, so none merge. Opening and migrating the database is not
 * counted. Prints, per case, the seconds and records per second of each run, the heap after it
 * and the second run's time over the first's.
 *
 *   npm run bench:import [-- --size 100000 --cases walls-csv,walls-geojson,open-data]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import { importWalls } from '../src/server/import/import-walls.ts';
import { importSource, readListing } from '../src/server/import/run-import.ts';
import { readWallFile } from '../src/server/import/wall-sources.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    cases: { type: 'string', default: 'walls-csv,walls-geojson,open-data' },
  },
});
const SIZE = Number(values.size);
const STEP = 0.0013;
const side = Math.ceil(Math.sqrt(SIZE));
/** The i-th point of a grid whose south-west corner is (lat, lng): 0.0013° apart, over 100 m. */
const grid = (i: number, lat: number, lng: number) => ({
  lat: +(lat + Math.floor(i / side) * STEP).toFixed(6),
  lng: +(lng + (i % side) * STEP).toFixed(6),
});
const indices = Array.from({ length: SIZE }, (_, i) => i);

const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-import-'));

function wallsCsv(): string {
  const file = path.join(dir, 'walls.csv');
  const rows = indices.map((i) => {
    const p = grid(i, -38.5, 144.5);
    return `bench-${i},Bench wall ${i},"A wall, number ${i}",Melbourne,Australia,${i} Bench Street,Daylight,no,${p.lat},${p.lng},https://example.org/bench/${i}`;
  });
  const header =
    'id,name,description,city,country,address,hours,permitRequired,latitude,longitude,source';
  writeFileSync(file, [header, ...rows].join('\n'));
  return file;
}

function wallsGeoJson(): string {
  const file = path.join(dir, 'walls.geojson');
  const features = indices.map((i) => {
    const p = grid(i, -38.5, 144.5);
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: {
        id: `bench-${i}`,
        name: `Bench wall ${i}`,
        city: 'Melbourne',
        country: 'Australia',
        source: `https://example.org/bench/${i}`,
      },
    };
  });
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return file;
}

/** Inside the registry's box (41.6–42.1 N, 87.95–87.5 W): up to 110,000 records fit. */
function chicagoJson(): string {
  const file = path.join(dir, 'murals.json');
  const records = indices.map((i) => {
    const p = grid(i, 41.6, -87.95);
    return {
      mural_registration_id: String(i),
      artwork_title: `Bench mural ${i}`,
      artist_credit: `Painter ${i % 500}`,
      year_installed: '2019',
      street_address: `${i} W Bench Ave`,
      latitude: String(p.lat),
      longitude: String(p.lng),
    };
  });
  writeFileSync(file, JSON.stringify(records));
  return file;
}

const CASES: Record<
  string,
  { make: () => string; run: (db: Db, file: string) => Promise<number> }
> = {
  'walls-csv': {
    make: wallsCsv,
    run: async (db, file) => {
      const r = await importWalls(db, readWallFile(file));
      return r.added.length + r.unchanged.length;
    },
  },
  'walls-geojson': {
    make: wallsGeoJson,
    run: async (db, file) => {
      const r = await importWalls(db, readWallFile(file));
      return r.added.length + r.unchanged.length;
    },
  },
  'open-data': {
    make: chicagoJson,
    run: async (db, file) => {
      const r = await importSource(
        db,
        'chicago-mural-registry',
        await readListing('chicago-mural-registry', file),
      );
      return r.added.length + r.unchanged.length;
    },
  },
};

console.log(
  `${SIZE.toLocaleString('en')} records per file, PGlite, ${os.availableParallelism()} cores`,
);
for (const name of values.cases.split(',')) {
  const c = CASES[name];
  if (!c) throw new Error(`Unknown case ${name}: ${Object.keys(CASES).join(', ')}`);
  const file = c.make();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-import-db-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const seconds: number[] = [];
  for (const run of ['first', 'again']) {
    const start = performance.now();
    const stored = await c.run(database.db, file);
    const s = (performance.now() - start) / 1000;
    seconds.push(s);
    if (stored !== SIZE) throw new Error(`${name} ${run}: ${stored} of ${SIZE} records stored`);
    const heap = process.memoryUsage().heapUsed / 1e6;
    console.log(
      `${name.padEnd(14)} ${run.padEnd(6)} ${s.toFixed(1).padStart(6)} s  ${Math.round(SIZE / s)
        .toLocaleString('en')
        .padStart(7)} records/s  heap ${heap.toFixed(0)} MB`,
    );
  }
  console.log(`${name.padEnd(14)} again/first ${(seconds[1]! / seconds[0]!).toFixed(2)}`);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
rmSync(dir, { recursive: true, force: true });
