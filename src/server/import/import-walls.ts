import { sql } from 'drizzle-orm';
import { canonicalCountry, insideCountry } from '../../core/country-boxes.ts';
import { SeedLegalWallSchema, type SeedLegalWall } from '../../core/schemas/seed.ts';
import type { Db, Tx } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { WALL_FIELDS, loadSeedFile } from '../db/seed.ts';
import {
  RECORDS_PER_TRANSACTION,
  chunks,
  insertMany,
  textsIn,
  updateMany,
  writeBatch,
  type RowChange,
} from './batch-writes.ts';
import { MAX_DESCRIPTION, MAX_TEXT, tooLong } from './cells.ts';
import { PlaceGrid, metresBetween } from './place-grid.ts';
import type { RawWall } from './wall-sources.ts';

/** Two walls closer than this are one wall. */
export const DUPLICATE_METRES = 50;

export interface ImportDefaults {
  /** Used when a record names no city / country / source (e.g. a one-city OSM export). */
  city?: string;
  country?: string;
  source?: string;
}

export interface ImportReport {
  added: { id: string; name: string; at: string }[];
  updated: { id: string; name: string; at: string; reason: string }[];
  unchanged: { id: string; at: string; reason: string }[];
  /** Good records left out on purpose: a duplicate in the file, a wall near a curated one. */
  skipped: { at: string; reason: string }[];
  /** Records that cannot be used, and why. */
  refused: { at: string; reason: string }[];
  /** What was put right in records that were kept. */
  fixed: { at: string; fault: string }[];
}

type Field = keyof Omit<SeedLegalWall, 'id' | 'latitude' | 'longitude'>;
/** A valid wall and which of its fields are stand-ins rather than facts from the file. */
export interface Candidate {
  wall: SeedLegalWall;
  at: string;
  standIns: Set<Field>;
  fixed: string[];
}

/** A record's id: letters, digits and dashes, at most 80 characters. */
export const slug = (s: string, max = 80) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');

const LIMITS: [Exclude<Field, 'permitRequired'>, number][] = [
  ['name', MAX_TEXT],
  ['description', MAX_DESCRIPTION],
  ['city', MAX_TEXT],
  ['address', MAX_TEXT],
  ['hours', MAX_TEXT],
  ['source', MAX_DESCRIPTION],
];

/** Fills gaps with honest stand-ins, then validates with the seed schema and the country box. */
export function toCandidate(raw: RawWall, defaults: ImportDefaults): Candidate | string {
  if (raw.problem) return raw.problem;
  const { latitude: lat, longitude: lng } = raw;
  if (lat === undefined || lng === undefined) return 'no coordinates';
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return `coordinates out of range (${lat}, ${lng})`;
  if (lat === 0 && lng === 0) return 'coordinates are 0, 0 (null island)';
  const countryText = raw.country ?? defaults.country;
  if (!countryText) return 'no country (add one, or pass --country)';
  const country = canonicalCountry(countryText);
  if (!country) return `unknown country '${countryText.slice(0, 60)}'`;
  if (insideCountry(country, lat, lng) === false) {
    return `coordinates (${lat}, ${lng}) are outside ${country}`;
  }
  const city = raw.city ?? defaults.city;
  if (!city) return 'no city (add one, or pass --city)';
  const source = raw.source ?? defaults.source;
  if (!source) return 'no source (every wall names one: add a source column or pass --source)';

  const standIns = new Set<Field>();
  const or = (field: Field, value: string | undefined, standIn: string) => {
    if (value !== undefined) return value;
    standIns.add(field);
    return standIn;
  };
  const wall = {
    id: slug(raw.key ?? `${raw.name ?? 'wall'}-${lat.toFixed(4)}-${lng.toFixed(4)}`),
    name: or('name', raw.name, `Legal wall, ${city}`),
    description: or(
      'description',
      raw.description,
      'A legal painting surface listed by the source. Check the signs on site for what is allowed before you paint.',
    ),
    city,
    country,
    address: or('address', raw.address, `Near ${lat.toFixed(5)}, ${lng.toFixed(5)}`),
    hours: or('hours', raw.hours, 'Not stated by source'),
    permitRequired: raw.permitRequired ?? false,
    latitude: lat,
    longitude: lng,
    source,
  };
  if (raw.permitRequired === undefined) standIns.add('permitRequired');
  for (const [field, max] of LIMITS) {
    const long = tooLong(field, wall[field], max);
    if (long) return long;
  }
  const parsed = SeedLegalWallSchema.safeParse(wall);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `invalid ${issue.path.join('.') || 'record'}: ${issue.message}`;
  }
  return { wall: parsed.data, at: raw.at, standIns, fixed: raw.fixed ?? [] };
}

/** A later record fills the fields an earlier one only had stand-ins for. */
function mergeInto(kept: Candidate, dup: Candidate): void {
  for (const field of [...kept.standIns]) {
    if (dup.standIns.has(field)) continue;
    (kept.wall as Record<Field, unknown>)[field] = dup.wall[field];
    kept.standIns.delete(field);
  }
}

/** A file's usable walls, ready to store, and the report so far. */
export interface WallsRead {
  kept: Candidate[];
  report: ImportReport;
}

/**
 * Every usable record, with the records within 50 m of one another (or with its id) merged into
 * the first; the unusable ones go to the report. Holds the walls, not the file.
 */
export async function readWalls(
  records: AsyncIterable<RawWall> | Iterable<RawWall>,
  defaults: ImportDefaults = {},
): Promise<WallsRead> {
  const report: ImportReport = {
    added: [],
    updated: [],
    unchanged: [],
    skipped: [],
    refused: [],
    fixed: [],
  };
  const kept: Candidate[] = [];
  const byId = new Map<string, Candidate>();
  const grid = new PlaceGrid<{ latitude: number; longitude: number; c: Candidate }>();
  for await (const raw of records) {
    const c = toCandidate(raw, defaults);
    if (typeof c === 'string') {
      report.refused.push({ at: raw.at, reason: c });
      continue;
    }
    report.fixed.push(...c.fixed.map((fault) => ({ at: c.at, fault })));
    const twin = byId.get(c.wall.id) ?? grid.nearest(c.wall, DUPLICATE_METRES)?.item.c;
    if (twin) {
      mergeInto(twin, c);
      report.skipped.push({
        at: c.at,
        reason: `merged into ${twin.wall.id} from ${twin.at} (${metresBetween(twin.wall, c.wall)} m apart in this file)`,
      });
      continue;
    }
    kept.push(c);
    byId.set(c.wall.id, c);
    grid.add({ latitude: c.wall.latitude, longitude: c.wall.longitude, c });
  }
  return { kept, report };
}

/** Reads the records, then stores the walls (below). */
export async function importWalls(
  db: Db,
  records: AsyncIterable<RawWall> | Iterable<RawWall>,
  defaults: ImportDefaults = {},
): Promise<ImportReport> {
  return storeWalls(db, await readWalls(records, defaults));
}

/**
 * Adds or updates legal walls: a wall within 50 m of one already stored (or with its id) updates
 * it; walls curated in src/data are never changed by an import. Written in transactions of 2,000
 * walls with multi-row statements. Only legal_walls is written: no player data is read or
 * touched, and nothing is ever deleted.
 */
export async function storeWalls(db: Db, { kept, report }: WallsRead): Promise<ImportReport> {
  if (kept.length === 0) return report;
  const stored = await db
    .select({ id: legalWalls.id, latitude: legalWalls.latitude, longitude: legalWalls.longitude })
    .from(legalWalls);
  const run: StoreRun = {
    report,
    curated: new Set(loadSeedFile('legal-walls.json', SeedLegalWallSchema).map((w) => w.id)),
    ids: new Set(stored.map((w) => w.id)),
    grid: new PlaceGrid(),
    claimedBy: new Map(),
  };
  for (const w of stored) run.grid.add(w);
  for (const batch of chunks(kept, RECORDS_PER_TRANSACTION)) {
    const span = `the records from ${batch[0]!.at} to ${batch.at(-1)!.at}`;
    await writeBatch(db, span, (tx) => storeBatch(tx, run, batch));
  }
  return report;
}

/** The columns a stored wall is compared on (fewer columns read back are faster on PGlite). */
const COMPARED = {
  id: legalWalls.id,
  ...Object.fromEntries(WALL_FIELDS.map((f) => [f, legalWalls[f]])),
} as { id: typeof legalWalls.id } & { [F in (typeof WALL_FIELDS)[number]]: (typeof legalWalls)[F] };

/** What one import's batches share: the walls stored before it, and which record took each. */
interface StoreRun {
  report: ImportReport;
  curated: Set<string>;
  ids: Set<string>;
  grid: PlaceGrid<{ id: string; latitude: number; longitude: number }>;
  /** A stored wall takes one record per import: the first that matches it. */
  claimedBy: Map<string, string>;
}

async function storeBatch(tx: Tx, run: StoreRun, batch: Candidate[]): Promise<void> {
  const { report, curated, ids, grid, claimedBy } = run;
  const matches = batch.map((c) => {
    if (ids.has(c.wall.id)) return { c, id: c.wall.id, m: undefined };
    const near = grid.nearest(c.wall, DUPLICATE_METRES);
    return { c, id: near?.item.id, m: near?.m };
  });
  const targetIds = new Set(matches.flatMap((x) => (x.id ? [x.id] : [])));
  const targets = new Map(
    targetIds.size
      ? (
          await tx
            .select(COMPARED)
            .from(legalWalls)
            .where(sql`${legalWalls.id} in ${textsIn(targetIds)}`)
        ).map((w) => [w.id, w])
      : [],
  );
  const inserts: Candidate[] = [];
  const changes: RowChange[] = [];
  for (const { c, id, m } of matches) {
    const { wall, at, standIns } = c;
    const target = id ? targets.get(id) : undefined;
    if (!target) {
      inserts.push(c);
      continue;
    }
    const near = m === undefined ? '' : `${m} m from `;
    if (curated.has(target.id)) {
      report.skipped.push({
        at,
        reason: near
          ? `${near}curated wall ${target.id}: curated walls are edited in src/data, not imported`
          : `${target.id} is a curated wall: edit it in src/data, not by import`,
      });
      continue;
    }
    const first = claimedBy.get(target.id);
    if (first) {
      report.skipped.push({ at, reason: `${near}${target.id}, which ${first} already matched` });
      continue;
    }
    claimedBy.set(target.id, at);
    // Stand-ins never overwrite what the database already knows.
    const set = Object.fromEntries(
      WALL_FIELDS.filter((f) => target[f] !== wall[f] && !standIns.has(f as Field)).map((f) => [
        f,
        wall[f],
      ]),
    );
    if (Object.keys(set).length === 0) {
      const reason = near ? `merged: ${near}${target.id}, nothing new` : 'same as before';
      report.unchanged.push({ at, id: target.id, reason });
      continue;
    }
    changes.push({ id: target.id, set });
    const reason = near ? `merged: ${near}${target.id}` : 'same id';
    report.updated.push({ id: target.id, name: wall.name, at, reason });
  }

  const added = await insertMany(
    tx,
    legalWalls,
    inserts.map((c) => c.wall),
  );
  await updateMany(tx, legalWalls, changes);
  for (const { wall, at } of inserts) {
    if (added.has(wall.id)) {
      report.added.push({ id: wall.id, name: wall.name, at });
      ids.add(wall.id);
    } else {
      report.skipped.push({ at, reason: `${wall.id} was added by another import meanwhile` });
    }
  }
}

/** What became of each record, then one line of totals. */
export function formatReport(report: ImportReport): string {
  return [
    ...report.added.map((a) => `  added     ${a.at}: ${a.id} (${a.name})`),
    ...report.updated.map((u) => `  updated   ${u.at}: ${u.id} (${u.reason})`),
    ...report.unchanged.map((u) => `  unchanged ${u.at}: ${u.id} (${u.reason})`),
    ...report.skipped.map((s) => `  skipped   ${s.at}: ${s.reason}`),
    ...report.fixed.map((f) => `  fixed     ${f.at}: ${f.fault}`),
    ...report.refused.map((s) => `  refused   ${s.at}: ${s.reason}`),
    `added ${report.added.length}, updated ${report.updated.length}, unchanged ${report.unchanged.length}, skipped ${report.skipped.length}, refused ${report.refused.length}`,
  ].join('\n');
}
