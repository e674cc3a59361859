import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SeedArtistSchema,
  SeedEventSchema,
  SeedForumPostSchema,
  SeedLegalWallSchema,
  SeedMissionSchema,
} from '../../core/schemas/seed.ts';
import type { Db } from './client.ts';
import { artists, events, forumPosts, legalWalls, missions } from './schema.ts';

const DATA_DIR = fileURLToPath(new URL('../../../src/data/', import.meta.url));
const DAY_MS = 86_400_000;

export function loadSeedFile<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  const raw: unknown = JSON.parse(readFileSync(DATA_DIR + file, 'utf8'));
  return z.array(schema).parse(raw);
}

export function loadSeedData() {
  return {
    walls: loadSeedFile('legal-walls.json', SeedLegalWallSchema),
    artists: loadSeedFile('artists.json', SeedArtistSchema),
    missions: loadSeedFile('missions.json', SeedMissionSchema),
    events: loadSeedFile('events.json', SeedEventSchema),
    forumPosts: loadSeedFile('forum-posts.json', SeedForumPostSchema),
  };
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
  const data = loadSeedData();
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db.transaction(async (tx) => {
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
            [
              'name',
              'aka',
              'city',
              'country',
              'active_years',
              'style',
              'achievements',
              'source',
            ].map((c) => [toCamel(c), excluded(c)]),
          ),
        });
    }
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
              ['title', 'description', 'status', 'reward_tokens', 'reward_nft', 'source'].map(
                (c) => [toCamel(c), excluded(c)],
              ),
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
  });
}

function toSnake(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function toCamel(column: string): string {
  return column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}
