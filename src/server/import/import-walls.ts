import { eq } from 'drizzle-orm';
import { canonicalCountry, insideCountry } from '../../core/country-boxes.ts';
import { distanceKm } from '../../core/geo.ts';
import { SeedLegalWallSchema, type SeedLegalWall } from '../../core/schemas/seed.ts';
import type { Db } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { WALL_FIELDS, loadSeedFile } from '../db/seed.ts';
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
  skipped: { at: string; reason: string }[];
}

type Field = keyof Omit<SeedLegalWall, 'id' | 'latitude' | 'longitude'>;
/** A valid wall and which of its fields are stand-ins rather than facts from the file. */
interface Candidate {
  wall: SeedLegalWall;
  at: string;
  standIns: Set<Field>;
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
  if (!country) return `unknown country '${countryText}'`;
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
  const parsed = SeedLegalWallSchema.safeParse(wall);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `invalid ${issue.path.join('.') || 'record'}: ${issue.message}`;
  }
  return { wall: parsed.data, at: raw.at, standIns };
}

const metresBetween = (a: SeedLegalWall, b: { latitude: number; longitude: number }) =>
  Math.round(distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000);

/** A later record fills the fields an earlier one only had stand-ins for. */
function mergeInto(kept: Candidate, dup: Candidate): void {
  for (const field of [...kept.standIns]) {
    if (dup.standIns.has(field)) continue;
    (kept.wall as Record<Field, unknown>)[field] = dup.wall[field];
    kept.standIns.delete(field);
  }
}

/**
 * Adds or updates legal walls from parsed records, in one transaction. Records within 50 m of
 * each other in the file are merged; a record within 50 m of a wall already imported updates
 * it; walls curated in src/data are never changed by an import. Only legal_walls is written:
 * no player data is read or touched, and nothing is ever deleted.
 */
export async function importWalls(
  db: Db,
  records: RawWall[],
  defaults: ImportDefaults = {},
): Promise<ImportReport> {
  const report: ImportReport = { added: [], updated: [], skipped: [] };
  const curated = new Set(loadSeedFile('legal-walls.json', SeedLegalWallSchema).map((w) => w.id));

  const kept: Candidate[] = [];
  for (const raw of records) {
    const c = toCandidate(raw, defaults);
    if (typeof c === 'string') {
      report.skipped.push({ at: raw.at, reason: c });
      continue;
    }
    const twin = kept.find(
      (k) => k.wall.id === c.wall.id || metresBetween(k.wall, c.wall) < DUPLICATE_METRES,
    );
    if (twin) {
      mergeInto(twin, c);
      report.skipped.push({
        at: c.at,
        reason: `merged into ${twin.wall.id} from ${twin.at} (${metresBetween(twin.wall, c.wall)} m apart in this file)`,
      });
      continue;
    }
    kept.push(c);
  }

  await db.transaction(async (tx) => {
    const existing: SeedLegalWall[] = await tx.select().from(legalWalls);
    for (const { wall, at, standIns } of kept) {
      const sameId = existing.find((e) => e.id === wall.id);
      const near = sameId
        ? undefined
        : existing
            .map((e) => ({ e, m: metresBetween(wall, e) }))
            .filter((x) => x.m < DUPLICATE_METRES)
            .sort((a, b) => a.m - b.m)[0];
      const target = sameId ?? near?.e;
      if (!target) {
        await tx.insert(legalWalls).values(wall);
        existing.push(wall);
        report.added.push({ id: wall.id, name: wall.name, at });
        continue;
      }
      if (curated.has(target.id)) {
        report.skipped.push({
          at,
          reason: near
            ? `${near.m} m from curated wall ${target.id}: curated walls are edited in src/data, not imported`
            : `${target.id} is a curated wall: edit it in src/data, not by import`,
        });
        continue;
      }
      // Stand-ins never overwrite what the database already knows.
      const changes = Object.fromEntries(
        WALL_FIELDS.filter((f) => target[f] !== wall[f] && !standIns.has(f as Field)).map((f) => [
          f,
          wall[f],
        ]),
      );
      if (Object.keys(changes).length === 0) {
        report.skipped.push({ at, reason: `unchanged (${target.id})` });
        continue;
      }
      await tx.update(legalWalls).set(changes).where(eq(legalWalls.id, target.id));
      Object.assign(target, changes);
      report.updated.push({
        id: target.id,
        name: wall.name,
        at,
        reason: near ? `merged: ${near.m} m from ${target.id}` : 'same id',
      });
    }
  });
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [
    `added ${report.added.length}, updated ${report.updated.length}, skipped ${report.skipped.length}`,
    ...report.added.map((a) => `  added    ${a.at}: ${a.id} (${a.name})`),
    ...report.updated.map((u) => `  updated  ${u.at}: ${u.id} (${u.reason})`),
    ...report.skipped.map((s) => `  skipped  ${s.at}: ${s.reason}`),
  ];
  return lines.join('\n');
}
