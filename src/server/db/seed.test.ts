import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import { COUNTRY_BOXES } from '../../core/country-boxes.ts';
import { distanceKm } from '../../core/geo.ts';
import type { Database, Db } from './client.ts';
import { legalWalls, users } from './schema.ts';
import { artists, events, forumPosts, missions } from './community-schema.ts';
import { loadSeedData, loadSeedOpenDataWalls, seedDatabase } from './seed.ts';

const DAY_MS = 86_400_000;
const data = loadSeedData();

describe('seed files', () => {
  it('parse with their schemas and are not empty', () => {
    // loadSeedData() ran at import: every record already passed its zod schema.
    expect(data.walls.length).toBeGreaterThan(0);
    expect(data.artists.length).toBeGreaterThan(0);
    expect(data.missions.length).toBeGreaterThan(0);
    expect(data.events.length).toBeGreaterThan(0);
    expect(data.forumPosts.length).toBeGreaterThan(0);
  });

  it('ship the full catalogue: 12+ artists, 20+ missions, 6+ events of every status and reward', () => {
    expect(data.walls.length).toBeGreaterThanOrEqual(13);
    expect(data.artists.length).toBeGreaterThanOrEqual(12);
    expect(data.artists.filter((a) => a.country === 'Australia').length).toBeGreaterThanOrEqual(6);
    expect(data.missions.length).toBeGreaterThanOrEqual(20);
    expect(data.missions.filter((m) => m.targetLocation).length).toBeGreaterThanOrEqual(20);
    expect(data.events.length).toBeGreaterThanOrEqual(6);
    expect(new Set(data.events.map((e) => e.status))).toEqual(
      new Set(['active', 'upcoming', 'ended']),
    );
    expect(data.events.some((e) => e.rewardTokens && !e.rewardNft)).toBe(true);
    expect(data.events.some((e) => e.rewardNft && !e.rewardTokens)).toBe(true);
    expect(data.events.some((e) => !e.rewardNft && !e.rewardTokens)).toBe(true);
  });

  it('give every artist every SPEC field, without padding', () => {
    for (const a of data.artists) {
      for (const field of [a.name, a.city, a.country, a.activeYears, a.style]) {
        expect(field.trim(), a.id).not.toBe('');
      }
      expect(a.aka === null || a.aka.trim().length > 0, a.id).toBe(true);
      expect(new Set(a.achievements).size, a.id).toBe(a.achievements.length);
    }
  });

  it('use unique ids within each file', () => {
    for (const records of Object.values(data)) {
      const ids = records.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('name a source for every record, and a public URL for every real place or person', () => {
    for (const records of Object.values(data)) {
      for (const r of records) expect(r.source.trim().length, r.id).toBeGreaterThanOrEqual(3);
    }
    for (const r of [...data.walls, ...data.artists, ...data.missions]) {
      expect(r.source, r.id).toMatch(/https?:\/\/\S+/);
    }
  });

  it('keep every wall at least 50 m from every other wall', () => {
    for (const [i, a] of data.walls.entries()) {
      for (const b of data.walls.slice(i + 1)) {
        const metres = distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000;
        expect(metres, `${a.id} / ${b.id}`).toBeGreaterThanOrEqual(50);
      }
    }
  });

  it('place walls inside their country and never on null island', () => {
    for (const w of data.walls) {
      expect(w.latitude === 0 && w.longitude === 0, w.id).toBe(false);
      const box = COUNTRY_BOXES[w.country];
      expect(box, `no plausibility box for ${w.country} (add one)`).toBeDefined();
      if (!box) continue;
      expect(w.latitude, w.id).toBeGreaterThanOrEqual(box.lat[0]);
      expect(w.latitude, w.id).toBeLessThanOrEqual(box.lat[1]);
      expect(w.longitude, w.id).toBeGreaterThanOrEqual(box.lng[0]);
      expect(w.longitude, w.id).toBeLessThanOrEqual(box.lng[1]);
    }
  });

  it('give coordinates with street-level precision (not rounded to a town)', () => {
    const points = [
      ...data.walls.map((w) => ({ id: w.id, lat: w.latitude, lng: w.longitude })),
      ...data.missions.flatMap((m) =>
        m.targetLocation ? [{ id: m.id, ...m.targetLocation }] : [],
      ),
    ];
    for (const p of points) {
      // At least three decimals (~100 m); "-33.891" is -33.8910 with its trailing zero dropped.
      expect(decimals(p.lat), p.id).toBeGreaterThanOrEqual(3);
      expect(decimals(p.lng), p.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('pin missions inside a known country, with mixed difficulty', () => {
    expect(new Set(data.missions.map((m) => m.difficulty))).toEqual(
      new Set(['easy', 'medium', 'hard']),
    );
    for (const m of data.missions) {
      if (!m.targetLocation) continue;
      const { lat, lng } = m.targetLocation;
      const inside = Object.values(COUNTRY_BOXES).some(
        (b) => lat >= b.lat[0] && lat <= b.lat[1] && lng >= b.lng[0] && lng <= b.lng[1],
      );
      expect(inside, m.id).toBe(true);
    }
  });

  it('show more than three achievements for some artists (the "+N more" case)', () => {
    expect(data.artists.some((a) => a.achievements.length > 3)).toBe(true);
    for (const a of data.artists) expect(a.achievements.length, a.id).toBeGreaterThanOrEqual(2);
  });
});

function decimals(n: number): number {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

describe('seedDatabase', () => {
  let database: Database;
  let db: Db;
  const t0 = new Date('2030-01-01T00:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDatabase(db, t0);
  });
  afterAll(() => database.close());

  const counts = async () => ({
    walls: (await db.select({ n: count() }).from(legalWalls))[0]!.n,
    artists: (await db.select({ n: count() }).from(artists))[0]!.n,
    missions: (await db.select({ n: count() }).from(missions))[0]!.n,
    events: (await db.select({ n: count() }).from(events))[0]!.n,
    forumPosts: (await db.select({ n: count() }).from(forumPosts))[0]!.n,
  });

  it('inserts every record once', async () => {
    expect(await counts()).toEqual({
      walls: data.walls.length + loadSeedOpenDataWalls().length,
      artists: data.artists.length,
      missions: data.missions.length,
      events: data.events.length,
      forumPosts: data.forumPosts.length,
    });
  });

  it('is idempotent: seeding again adds nothing and fails nothing', async () => {
    const before = await counts();
    await seedDatabase(db, t0);
    await seedDatabase(db, t0);
    expect(await counts()).toEqual(before);
  });

  it('stores what the files say, including targets, expiries and end dates', async () => {
    const wall = data.walls[0]!;
    const [row] = await db.select().from(legalWalls).where(eq(legalWalls.id, wall.id));
    expect(row).toMatchObject({
      name: wall.name,
      latitude: wall.latitude,
      longitude: wall.longitude,
      permitRequired: wall.permitRequired,
      source: wall.source,
    });

    for (const m of data.missions) {
      const [mr] = await db.select().from(missions).where(eq(missions.id, m.id));
      expect(mr!.targetLat).toBe(m.targetLocation?.lat ?? null);
      expect(mr!.targetLng).toBe(m.targetLocation?.lng ?? null);
      expect(mr!.expiresAt!.getTime()).toBe(t0.getTime() + m.durationDays * DAY_MS);
      expect(mr!.currentCompletions).toBe(0);
    }
    for (const e of data.events) {
      const [er] = await db.select().from(events).where(eq(events.id, e.id));
      expect(er!.endDate?.getTime() ?? null).toBe(
        e.durationDays === null ? null : t0.getTime() + e.durationDays * DAY_MS,
      );
    }
    const post = data.forumPosts[0]!;
    const [pr] = await db.select().from(forumPosts).where(eq(forumPosts.id, post.id));
    expect(pr).toMatchObject({
      authorName: post.authorName,
      title: post.title,
      userId: null,
      likes: 0,
      replies: 0,
    });
    expect(pr!.createdAt.getTime()).toBe(t0.getTime() - post.daysAgo * DAY_MS);
  });

  it('never touches player data or the counters players move', async () => {
    const mission = data.missions[0]!;
    const post = data.forumPosts[0]!;
    await db.update(missions).set({ currentCompletions: 7 }).where(eq(missions.id, mission.id));
    await db.update(forumPosts).set({ likes: 3, replies: 2 }).where(eq(forumPosts.id, post.id));
    const userId = randomUUID();
    await db.insert(users).values({
      id: userId,
      username: `seed_keeper_${userId.slice(0, 8)}`,
      tokens: 420,
      discoveries: 4,
    });
    const playerPostId = randomUUID();
    await db
      .insert(forumPosts)
      .values({ id: playerPostId, userId, title: 'Mine', content: 'A player post' });

    await seedDatabase(db, new Date(t0.getTime() + DAY_MS));

    const [m] = await db.select().from(missions).where(eq(missions.id, mission.id));
    expect(m!.currentCompletions).toBe(7);
    const [p] = await db.select().from(forumPosts).where(eq(forumPosts.id, post.id));
    expect(p).toMatchObject({ likes: 3, replies: 2 });
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    expect(u).toMatchObject({ tokens: 420, discoveries: 4 });
    const [mine] = await db.select().from(forumPosts).where(eq(forumPosts.id, playerPostId));
    expect(mine).toMatchObject({ userId, content: 'A player post' });
  });

  it('restores seeded catalogue text that drifted from the files', async () => {
    const wall = data.walls[0]!;
    const artist = data.artists[0]!;
    await db
      .update(legalWalls)
      .set({ name: 'Renamed by hand', latitude: 0 })
      .where(eq(legalWalls.id, wall.id));
    await db.update(artists).set({ achievements: [] }).where(eq(artists.id, artist.id));
    await seedDatabase(db, t0);
    const [w] = await db.select().from(legalWalls).where(eq(legalWalls.id, wall.id));
    expect(w).toMatchObject({ name: wall.name, latitude: wall.latitude });
    const [a] = await db.select().from(artists).where(eq(artists.id, artist.id));
    expect(a!.achievements).toEqual(artist.achievements);
  });

  it('renews a lapsed mission expiry and keeps a running one', async () => {
    const [lapsed, running] = data.missions;
    const now = new Date(t0.getTime() + 100 * DAY_MS);
    const runningExpiry = new Date(now.getTime() + 5 * DAY_MS);
    await db
      .update(missions)
      .set({ expiresAt: new Date(now.getTime() - DAY_MS) })
      .where(eq(missions.id, lapsed!.id));
    await db.update(missions).set({ expiresAt: runningExpiry }).where(eq(missions.id, running!.id));

    await seedDatabase(db, now);

    const [l] = await db.select().from(missions).where(eq(missions.id, lapsed!.id));
    expect(l!.expiresAt!.getTime()).toBe(now.getTime() + lapsed!.durationDays * DAY_MS);
    const [r] = await db.select().from(missions).where(eq(missions.id, running!.id));
    expect(r!.expiresAt!.getTime()).toBe(runningExpiry.getTime());
  });

  it('renews a lapsed event end date, keeps a running one and leaves open-ended events open', async () => {
    const dated = data.events.filter((e) => e.durationDays !== null);
    const openEnded = data.events.find((e) => e.durationDays === null);
    expect(dated.length).toBeGreaterThanOrEqual(2);
    const [lapsed, running] = dated;
    const now = new Date(t0.getTime() + 200 * DAY_MS);
    const runningEnd = new Date(now.getTime() + 3 * DAY_MS);
    await db
      .update(events)
      .set({ endDate: new Date(now.getTime() - DAY_MS) })
      .where(eq(events.id, lapsed!.id));
    await db.update(events).set({ endDate: runningEnd }).where(eq(events.id, running!.id));

    await seedDatabase(db, now);

    const [l] = await db.select().from(events).where(eq(events.id, lapsed!.id));
    expect(l!.endDate!.getTime()).toBe(now.getTime() + lapsed!.durationDays! * DAY_MS);
    const [r] = await db.select().from(events).where(eq(events.id, running!.id));
    expect(r!.endDate!.getTime()).toBe(runningEnd.getTime());
    if (openEnded) {
      const [o] = await db.select().from(events).where(eq(events.id, openEnded.id));
      expect(o!.endDate).toBeNull();
    }
  });

  it('runs in one transaction: a failing seed leaves the catalogue as it was', async () => {
    const before = await counts();
    const lastArtist = data.artists.at(-1)!.id;
    // Walls are upserted before artists; a constraint the last artist violates fails the run half-way.
    await db.delete(artists).where(eq(artists.id, lastArtist));
    await db.delete(legalWalls).where(eq(legalWalls.id, data.walls[0]!.id));
    await db.execute(
      sql.raw(`alter table artists add constraint seed_test_block check (id <> '${lastArtist}')`),
    );
    try {
      await expect(seedDatabase(db, t0)).rejects.toThrow();
      // The wall deleted above was not re-inserted: the failed seed rolled back as a whole.
      expect((await counts()).walls).toBe(before.walls - 1);
    } finally {
      await db.execute(sql.raw('alter table artists drop constraint seed_test_block'));
    }
    await seedDatabase(db, t0);
    expect(await counts()).toEqual(before);
  });
});
