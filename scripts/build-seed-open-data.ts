/**
 * Builds `src/data/artworks.json` and `src/data/open-data-walls.json`, the real artworks and
 * legal walls a fresh start seeds, from openly licensed council exports
 * (docs/decisions/023-open-data-connectors.md, "Seed"; 026 for the dated wall list).
 *
 *   npx tsx scripts/build-seed-open-data.ts [dir]     # dir defaults to ../shared/data/open-data
 *
 * `dir` holds one folder per dataset, as exported (see each folder's README):
 *   montreal-murales/murales.geojson              Ville de Montréal, CC BY 4.0
 *   vancouver-public-art/public-art.geojson       City of Vancouver, Open Government Licence – Vancouver
 *   brisbane-public-art/public-art-raw.csv        Brisbane City Council, CC BY 4.0
 *   melbourne-outdoor-artworks/outdoor-artworks.csv  City of Melbourne, CC BY 4.0
 *   act-graffiti-sites-2016/act_graffiti_sites_2016.csv  ACT Government, CC BY 4.0: the 2016
 *     list of legal graffiti sites; its walls are seeded unverified, showing "2016"
 * Chicago's mural registry is not used: its terms of use are not an open licence.
 *
 * The files are read, mapped and merged by the importer itself (`src/server/import`): each
 * source is imported, in the order above, into a throwaway in-memory database with its
 * snapshot date as the import time, so ids, selection rules, fault fixes and the 50 m merge are
 * exactly those of `npm run import`. The JSON keeps facts and provenance only — never a
 * description. The raw exports are not committed; re-run this script when a snapshot changes
 * (and update `listedAt` below from the folder's README), then review the diff.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import {
  SeedArtworkSchema,
  SeedOpenDataWallSchema,
  type SeedArtwork,
  type SeedOpenDataWall,
} from '../src/core/schemas/seed.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { artworks, legalWalls } from '../src/server/db/schema.ts';
import { formatOpenDataReport } from '../src/server/import/import-open-data.ts';
import { importSource, readListing } from '../src/server/import/run-import.ts';

/** Each dataset's export file and the date of its snapshot (from the folder's README). */
const SEED_SOURCES = [
  { id: 'montreal-murales', file: 'montreal-murales/murales.geojson', listedAt: '2023-04-12' },
  {
    id: 'vancouver-public-art',
    file: 'vancouver-public-art/public-art.geojson',
    listedAt: '2026-05-06',
  },
  {
    id: 'brisbane-public-art',
    file: 'brisbane-public-art/public-art-raw.csv',
    listedAt: '2018-03-28',
  },
  {
    id: 'melbourne-outdoor-artworks',
    file: 'melbourne-outdoor-artworks/outdoor-artworks.csv',
    listedAt: '2024-10-22',
  },
  {
    id: 'act-graffiti-sites-2016',
    file: 'act-graffiti-sites-2016/act_graffiti_sites_2016.csv',
    listedAt: '2016-07-31',
  },
] as const;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/data/open-data'));
const out = path.join(ROOT, 'src/data/artworks.json');
const wallsOut = path.join(ROOT, 'src/data/open-data-walls.json');

const database = await openDatabase({ kind: 'pglite-instance', client: await PGlite.create() });
const records: SeedArtwork[] = [];
const wallRecords: SeedOpenDataWall[] = [];
try {
  for (const s of SEED_SOURCES) {
    const listing = await readListing(s.id, path.join(dir, s.file));
    const report = await importSource(database.db, s.id, listing, {}, new Date(s.listedAt));
    console.log(formatOpenDataReport(report).split('\n').slice(0, 1).join('\n'));
    for (const f of new Set(report.fixed.map((x) => x.fault))) {
      console.log(`  fixed: ${report.fixed.filter((x) => x.fault === f).length} × ${f}`);
    }
    for (const u of report.updated) console.log(`  merged: ${u.at}: ${u.reason}`);
    for (const u of report.unchanged) console.log(`  merged: ${u.at}: ${u.reason}`);

    const wallIds = report.added.map((a) => a.id).filter((id) => id.startsWith('wall-'));
    const walls = wallIds.length
      ? await database.db.select().from(legalWalls).where(inArray(legalWalls.id, wallIds))
      : [];
    for (const w of walls.sort((a, b) => a.id.localeCompare(b.id))) {
      wallRecords.push(
        SeedOpenDataWallSchema.parse({
          id: w.id,
          name: w.name,
          description: w.description,
          city: w.city,
          country: w.country,
          address: w.address,
          hours: w.hours,
          permitRequired: w.permitRequired,
          latitude: w.latitude,
          longitude: w.longitude,
          source: w.source,
          status: w.status,
          listedYear: w.listedYear,
          sourceId: w.sourceId,
          sourceRecordId: w.sourceRecordId,
          sourceUrl: w.sourceUrl,
          licence: w.licence,
          attribution: w.attribution,
          lowPrecision: w.lowPrecision,
        }),
      );
    }

    const ids = report.added.map((a) => a.id).filter((id) => id.startsWith('art-'));
    const rows = ids.length
      ? await database.db.select().from(artworks).where(inArray(artworks.id, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id)!;
      records.push(
        SeedArtworkSchema.parse({
          id: r.id,
          title: r.title,
          artistName: r.artistName,
          year: r.year,
          address: r.address,
          latitude: r.latitude,
          longitude: r.longitude,
          status: r.status,
          emojiPin: r.emojiPin,
          sourceId: r.sourceId,
          sourceRecordId: r.sourceRecordId,
          sourceUrl: r.sourceUrl,
          licence: r.licence,
          attribution: r.attribution,
          lowPrecision: r.lowPrecision,
          listedAt: s.listedAt,
        }),
      );
    }
  }
} finally {
  await database.close();
}

writeFileSync(out, `${JSON.stringify(records, null, 2)}\n`);
writeFileSync(wallsOut, `${JSON.stringify(wallRecords, null, 2)}\n`);
const per = SEED_SOURCES.map((s) => `${s.id} ${records.filter((r) => r.sourceId === s.id).length}`);
console.log(
  `${records.length} artworks written to ${path.relative(ROOT, out)} (${per.join(', ')})`,
);
console.log(`${wallRecords.length} legal walls written to ${path.relative(ROOT, wallsOut)}`);
