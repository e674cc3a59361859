import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, between, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { distanceKm } from '../../core/geo.ts';
import {
  SeedArtistSchema,
  SeedArtworkSchema,
  type SeedArtwork,
  SeedEventSchema,
  SeedForumPostSchema,
  SeedLegalWallSchema,
  SeedMissionSchema,
  SeedOpenDataWallSchema,
  type SeedOpenDataWall,
} from '../../core/schemas/seed.ts';
import { SeedTourSchema } from '../../core/schemas/tours.ts';
import type { Db, Tx } from './client.ts';
import { artworks, legalWalls } from './schema.ts';
import { artists, events, forumPosts, missions } from './community-schema.ts';
import { seedTours } from './seed-tours.ts';
import { tours } from './tours-schema.ts';

const DATA_DIR = fileURLToPath(new URL('../../../src/data/', import.meta.url));
const DAY_MS = 86_400_000;

export function loadSeedFile<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  const raw: unknown = JSON.parse(readFileSync(DATA_DIR + file, 'utf8'));
  return z.array(schema).parse(raw);
}

export function loadSeedData() {
  return { ...loadCurated(), ...loadDated() };
}

const loadCurated = () => ({
  walls: loadSeedFile('legal-walls.json', SeedLegalWallSchema),
  artists: loadSeedFile('artists.json', SeedArtistSchema),
});

/** The seed files whose rows are dated from the day the seed runs. */
const loadDated = () => ({
  missions: loadSeedFile('missions.json', SeedMissionSchema),
  events: loadSeedFile('events.json', SeedEventSchema),
  forumPosts: loadSeedFile('forum-posts.json', SeedForumPostSchema),
});

/**
 * Real artworks from openly licensed council datasets (scripts/build-seed-open-data.ts writes the
 * file; decision 023, "Seed"). Kept apart from loadSeedData: their provenance is a dataset,
 * record id, licence and attribution rather than one `source` text.
 */
export function loadSeedArtworks(): SeedArtwork[] {
  return loadSeedFile('artworks.json', SeedArtworkSchema);
}

/** Legal walls from openly licensed council lists, with their provenance (decision 026). */
export function loadSeedOpenDataWalls(): SeedOpenDataWall[] {
  return loadSeedFile('open-data-walls.json', SeedOpenDataWallSchema);
}

/** The columns of a legal wall that seed files and imports set (all but its id). */
export const WALL_FIELDS = [
  'name',
  'description',
  'city',
  'country',
  'address',
  'hours',
  'permitRequired',
  'latitude',
  'longitude',
  'source',
] as const;

/** Keeps these columns of an existing row as they are (player-driven counters). */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Idempotent: seeded records are upserted by their stable id; counters that players move
 * (mission completions, likes, replies) and all player data are never touched.
 */
export async function seedDatabase(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCurated(tx, loadCurated());
    await seedDated(tx, loadDated(), now);
    await seedOpenData(tx);
  });
}

/**
 * The seed's rows that do not depend on the day it runs, for the seeded template `npm run
 * build` makes (docs/decisions/050); seedTemplateCopy completes a copy of it.
 */
export async function seedTemplate(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCurated(tx, loadCurated());
    await seedOpenData(tx);
  });
}

/**
 * Completes a new database copied from the seeded template, in one transaction, to what
 * seedDatabase makes on a new database: the dated rows, and the time the template's rows were
 * made (the columns they leave to their default) set to this transaction's, as seedDatabase's
 * single transaction sets them.
 */
export async function seedTemplateCopy(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDated(tx, loadDated(), now);
    await tx.update(legalWalls).set({ createdAt: sql`now()` });
    await tx.update(tours).set({ createdAt: sql`now()`, updatedAt: sql`now()` });
  });
}

async function seedCurated(tx: Tx, data: ReturnType<typeof loadCurated>): Promise<void> {
  if (data.walls.length) {
    await tx
      .insert(legalWalls)
      .values(data.walls)
      .onConflictDoUpdate({
        target: legalWalls.id,
        set: Object.fromEntries(WALL_FIELDS.map((f) => [f, excluded(toSnake(f))])),
      });
  }
  if (data.artists.length) {
    await tx
      .insert(artists)
      .values(data.artists)
      .onConflictDoUpdate({
        target: artists.id,
        set: Object.fromEntries(
          ['name', 'aka', 'city', 'country', 'active_years', 'style', 'achievements', 'source'].map(
            (c) => [toCamel(c), excluded(c)],
          ),
        ),
      });
  }
}

async function seedDated(tx: Tx, data: ReturnType<typeof loadDated>, now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  if (data.missions.length) {
    await tx
      .insert(missions)
      .values(
        data.missions.map(({ targetLocation, durationDays, ...m }) => ({
          ...m,
          targetLat: targetLocation?.lat ?? null,
          targetLng: targetLocation?.lng ?? null,
          expiresAt: at(durationDays),
        })),
      )
      .onConflictDoUpdate({
        target: missions.id,
        set: {
          ...Object.fromEntries(
            [
              'title',
              'description',
              'difficulty',
              'reward_tokens',
              'mission_type',
              'target_emoji_pin',
              'target_lat',
              'target_lng',
              'max_completions',
              'source',
            ].map((c) => [toCamel(c), excluded(c)]),
          ),
          // A lapsed mission is renewed; a running one keeps its expiry.
          expiresAt: sql`case when ${missions.expiresAt} is null or ${missions.expiresAt} < ${now.toISOString()}::timestamptz then excluded.expires_at else ${missions.expiresAt} end`,
        },
      });
  }
  if (data.events.length) {
    await tx
      .insert(events)
      .values(
        data.events.map(({ durationDays, ...e }) => ({
          ...e,
          endDate: durationDays === null ? null : at(durationDays),
        })),
      )
      .onConflictDoUpdate({
        target: events.id,
        set: {
          ...Object.fromEntries(
            ['title', 'description', 'status', 'reward_tokens', 'reward_nft', 'source'].map((c) => [
              toCamel(c),
              excluded(c),
            ]),
          ),
          endDate: sql`case when ${events.endDate} is null or ${events.endDate} < ${now.toISOString()}::timestamptz then excluded.end_date else ${events.endDate} end`,
        },
      });
  }
  if (data.forumPosts.length) {
    await tx
      .insert(forumPosts)
      .values(data.forumPosts.map(({ daysAgo, ...p }) => ({ ...p, createdAt: at(-daysAgo) })))
      .onConflictDoNothing();
  }
}

/** The open datasets' artworks and walls, and the tours through them. */
async function seedOpenData(tx: Tx): Promise<void> {
  await seedArtworks(tx, loadSeedArtworks());
  await seedOpenDataWalls(tx, loadSeedOpenDataWalls());
  await seedTours(tx, loadSeedFile('tours.json', SeedTourSchema));
}

/**
 * Inserts the open-data walls a database lacks and never changes one it has: players confirm
 * and report them, moderators close them. One within 50 m of a wall the seed file did not make
 * (a curated wall, a proposal, an import) is left out, as the importer would merge it.
 */
async function seedOpenDataWalls(tx: Tx, records: SeedOpenDataWall[]): Promise<void> {
  if (records.length === 0) return;
  const seedIds = new Set(records.map((r) => r.id));
  const existing = await tx
    .select({ id: legalWalls.id, latitude: legalWalls.latitude, longitude: legalWalls.longitude })
    .from(legalWalls);
  const have = new Set(existing.map((w) => w.id));
  const others = existing.filter((w) => !seedIds.has(w.id));
  const rows = records.filter(
    (r) =>
      !have.has(r.id) &&
      !others.some(
        (o) =>
          distanceKm(r.latitude, r.longitude, o.latitude, o.longitude) * 1000 < SAME_PIECE_METRES,
      ),
  );
  if (rows.length) await tx.insert(legalWalls).values(rows).onConflictDoNothing();
}

/** The importer's merge distance (decision 023): closer than this is the same piece or wall. */
const SAME_PIECE_METRES = 50;
/** Rows per insert statement, well under Postgres' 65,535 parameters. */
const INSERT_CHUNK = 1000;

/**
 * Inserts the seeded artworks a database lacks and never changes one it has: once a row exists
 * it belongs to play (players log it, report it gone, become its first finder) and to imports.
 * A seeded artwork within 50 m of an artwork the seed did not make (a player's pin, an import)
 * is left out, as the importer leaves it out. No first finder and no cover photo; created and
 * last seen on the dataset's snapshot date, since nobody has confirmed the piece since.
 */
async function seedArtworks(tx: Tx, records: SeedArtwork[]): Promise<void> {
  if (records.length === 0) return;
  const seedIds = new Set(records.map((r) => r.id));
  const have = await tx
    .select({ id: artworks.id })
    .from(artworks)
    .where(inArray(artworks.id, [...seedIds]));
  const haveIds = new Set(have.map((r) => r.id));
  const missing = records.filter((r) => !haveIds.has(r.id));
  if (missing.length === 0) return;

  const others = await othersNear(tx, missing, seedIds);
  const rows = missing
    .filter(
      (r) =>
        !others.some(
          (o) =>
            distanceKm(r.latitude, r.longitude, o.latitude, o.longitude) * 1000 < SAME_PIECE_METRES,
        ),
    )
    .map(({ listedAt, ...r }) => ({
      ...r,
      createdAt: new Date(listedAt),
      lastSeenAt: new Date(listedAt),
    }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx
      .insert(artworks)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
  }
}

/** Artworks the seed did not make, around each dataset's records (a box per source). */
async function othersNear(tx: Tx, records: SeedArtwork[], seedIds: Set<string>) {
  const margin = 0.01; // ~1 km of latitude, ~640 m of longitude at 50°: well past 50 m
  const found: { id: string; latitude: number; longitude: number }[] = [];
  for (const sourceId of new Set(records.map((r) => r.sourceId))) {
    const mine = records.filter((r) => r.sourceId === sourceId);
    const lats = mine.map((r) => r.latitude);
    const lngs = mine.map((r) => r.longitude);
    const rows = await tx
      .select({ id: artworks.id, latitude: artworks.latitude, longitude: artworks.longitude })
      .from(artworks)
      .where(
        and(
          between(artworks.latitude, Math.min(...lats) - margin, Math.max(...lats) + margin),
          between(artworks.longitude, Math.min(...lngs) - margin, Math.max(...lngs) + margin),
        ),
      );
    found.push(...rows.filter((r) => !seedIds.has(r.id)));
  }
  return found;
}

function toSnake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function toCamel(column: string): string {
  return column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}
