import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueues, ReportPage, WallPage } from '../../core/schemas/moderation.ts';
import type { WallDetail } from '../../core/schemas/walls.ts';
import {
  createTestApp,
  pinArtwork,
  signUp,
  UNLIMITED,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { forumRequests } from '../../../test/forum.ts';
import { acted, report, signUpEstablished, signUpModerator } from '../../../test/moderation.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';

/**
 * The moderation queues for people (docs/decisions/046): newest players' items first, imported
 * walls apart, a page at a time, each card with its words, place and history. Seeded like a
 * fresh install, so its unverified Canberra walls are in the queue as they are for real.
 */

let t: TestApp;
let mod: Player;

beforeAll(async () => {
  t = await createTestApp({ limits: UNLIMITED });
  mod = await signUpModerator(t.app, t.db);
});
afterAll(() => t.close());

async function get<T>(url: string, player: Player = mod): Promise<T> {
  const res = await player.request({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const queues = () => get<ModerationQueues>('/api/moderation/queues');

/** Every page of a queue from the first, by each page's cursor. */
async function allPages<T extends { nextCursor: string | null; items: unknown[] }>(url: string) {
  const pages: T[] = [await get<T>(url)];
  while (pages.at(-1)!.nextCursor) {
    pages.push(await get<T>(`${url}?cursor=${pages.at(-1)!.nextCursor}`));
  }
  return pages;
}

const BRISBANE = { latitude: -27.4705, longitude: 153.0235 };

async function propose(player: Player): Promise<WallDetail> {
  const res = await player.request({
    method: 'POST',
    url: '/api/legal-walls',
    payload: {
      name: 'Kangaroo Point culvert',
      imageUrl: await uploadPhoto(player, 'wall'),
      description: 'Free wall under the bridge, bring your own cans.',
      permitRequired: false,
      hours: 'Daylight',
      city: 'Brisbane',
      country: 'Australia',
      address: 'Under the Story Bridge, Kangaroo Point',
      ...BRISBANE,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WallDetail>();
}

describe('the wall queue', () => {
  it('lists a player’s proposal first and the seeded walls apart, newest first, a page at a time', async () => {
    const before = await queues();
    expect(before.walls.total).toBe(0);
    expect(before.importedWalls.total).toBeGreaterThanOrEqual(25);

    const proposer = await signUp(t.app);
    const wall = await propose(proposer);
    const { walls, importedWalls } = await queues();
    expect(walls.total).toBe(1);
    expect(walls.items[0]).toMatchObject({
      id: wall.id,
      name: 'Kangaroo Point culvert',
      description: 'Free wall under the bridge, bring your own cans.',
      address: 'Under the Story Bridge, Kangaroo Point',
      city: 'Brisbane',
      ...BRISBANE,
      status: 'unverified',
      hidden: false,
      source: { kind: 'player', label: proposer.username },
      reports: [],
      history: { decisions: [], decisionCount: 0, logs: null },
    });
    expect(Date.parse(walls.items[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // The seeded walls: none of them a player's, every one on one page or another, once.
    expect(importedWalls.total).toBe(before.importedWalls.total);
    const pages = await allPages<WallPage>('/api/moderation/queues/imported-walls');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.items).toEqual(importedWalls.items);
    const seeded = pages.flatMap((p) => p.items);
    expect(pages.every((p) => p.items.length <= 20)).toBe(true);
    expect(new Set(seeded.map((w) => w.id)).size).toBe(importedWalls.total);
    expect(seeded.every((w) => w.source.kind !== 'player' && w.id !== wall.id)).toBe(true);
    const times = seeded.map((w) => w.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // A wall decided between two pages leaves the queue; the next page goes on after it.
    const last = pages[0]!.items.at(-1)!;
    await acted(mod, { action: 'verify_wall', targetId: last.id, reason: 'Painted there' });
    const next = await get<WallPage>(
      `/api/moderation/queues/imported-walls?cursor=${pages[0]!.nextCursor}`,
    );
    expect(next.items).toEqual(pages[1]!.items);
    expect(next.total).toBe(importedWalls.total - 1);
  });

  it('lists a seeded wall a player reported with the players’ walls, with the reporter’s standing', async () => {
    const { importedWalls } = await queues();
    const seeded = importedWalls.items[0]!;
    const visitor = await signUpEstablished(t.app, t.db);
    await t.db
      .update(discoveries)
      .set({ latitude: seeded.latitude, longitude: seeded.longitude })
      .where(eq(discoveries.userId, visitor.id));
    const res = await visitor.request({
      method: 'POST',
      url: `/api/legal-walls/${seeded.id}/reports`,
      payload: { reason: 'gone', note: 'Demolished last month' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { walls, importedWalls: after } = await queues();
    expect(walls.items[0]).toMatchObject({
      id: seeded.id,
      source: { kind: 'open_data' },
      reports: [
        {
          reason: 'gone',
          note: 'Demolished last month',
          username: visitor.username,
          established: true,
        },
      ],
    });
    expect(after.items.some((w) => w.id === seeded.id)).toBe(false);
  });
});

describe('report cards', () => {
  it('carry the words, the place, who and when, each report with its reporter’s standing, and the history', async () => {
    const [alice, newcomer] = [await signUp(t.app), await signUp(t.app)];
    const [bob, carol, dan] = [
      await signUpEstablished(t.app, t.db),
      await signUpEstablished(t.app, t.db),
      await signUpEstablished(t.app, t.db),
    ];
    // An older report of a seeded artwork: a player's newer one comes before it.
    const [seededArt] = await t.db.select().from(artworks).limit(1);
    await report(newcomer, { targetType: 'artwork', targetId: seededArt!.id, reason: 'other' });

    const at = { latitude: -37.7995, longitude: 144.9846 };
    const artworkId = await pinArtwork(alice, at, { description: 'Pink koala on the bakery wall' });
    const [discovery] = await t.db
      .select()
      .from(discoveries)
      .where(eq(discoveries.artworkId, artworkId));
    const target = { targetType: 'discovery' as const, targetId: discovery!.id };
    await report(newcomer, { ...target, reason: 'spam', note: 'Same photo twice' });
    await report(bob, { ...target, reason: 'copyright' });
    await report(carol, { ...target, reason: 'copyright' });

    const { reports } = await queues();
    const [first, second] = reports.items;
    expect(first).toMatchObject({
      ...target,
      imported: false,
      count: 3,
      established: 2,
      preview: {
        title: 'Koala',
        text: 'Pink koala on the bakery wall',
        place: { address: null, ...at },
        ownerName: alice.username,
        hidden: true,
      },
      reports: [
        {
          reporter: newcomer.username,
          reason: 'spam',
          note: 'Same photo twice',
          established: false,
        },
        { reporter: bob.username, reason: 'copyright', note: '', established: true },
        { reporter: carol.username, reason: 'copyright', note: '', established: true },
      ],
      history: { decisions: [], decisionCount: 0, logs: { found: 1, gone: 0, paintedOver: 0 } },
    });
    expect(Date.parse(first!.preview!.postedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(second).toMatchObject({
      targetType: 'artwork',
      targetId: seededArt!.id,
      imported: true,
      preview: { place: { address: seededArt!.address } },
    });

    // Restored, then reported again: the card shows the earlier decision.
    await acted(mod, { action: 'restore', ...target, reason: 'Their own photo' });
    await report(dan, { ...target, reason: 'abusive' });
    const again = (await queues()).reports.items.find((g) => g.targetId === target.targetId);
    expect(again).toMatchObject({
      count: 1,
      reports: [{ reporter: dan.username, reason: 'abusive' }],
      history: {
        decisionCount: 1,
        decisions: [{ actor: mod.username, action: 'restore', reason: 'Their own photo' }],
      },
    });
  });

  it('pages the report queue newest first by each page’s cursor', async () => {
    const reporter = await signUp(t.app);
    const author = await signUp(t.app);
    for (let i = 0; i < 21; i++) {
      const post = await forumRequests.newPost(author, { content: `Post ${i}` });
      await report(reporter, { targetType: 'forum_post', targetId: post.id, reason: 'spam' });
    }
    const pages = await allPages<ReportPage>('/api/moderation/queues/reports');
    const groups = pages.flatMap((p) => p.items);
    expect(groups.length).toBe(pages[0]!.total);
    expect(new Set(groups.map((g) => g.targetId)).size).toBe(groups.length);
    const times = groups.map((g) => g.lastReportedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(groups[0]!.preview!.text).toBe('Post 20');
  });
});

describe('held log cards', () => {
  it('carry the finder’s words, where they logged it and the artwork’s logs', async () => {
    const player = await signUp(t.app);
    await pinArtwork(player, BRISBANE);
    // Sydney a moment after Brisbane: fair play holds it.
    const sydney = { latitude: -33.8688, longitude: 151.2093 };
    const artworkId = await pinArtwork(player, sydney, {
      description: 'Wheatpaste by the station',
    });
    const [held] = await t.db
      .select()
      .from(artworkLogs)
      .where(eq(artworkLogs.artworkId, artworkId));
    const { flags } = await queues();
    expect(flags.items[0]).toMatchObject({
      id: held!.id,
      username: player.username,
      description: 'Wheatpaste by the station',
      place: { address: null, ...sydney },
      history: { decisionCount: 0, logs: { found: 1, gone: 0, paintedOver: 0 } },
    });
  });
});

describe('queue pages refuse what they did not give', () => {
  const routes = ['reports', 'flags', 'walls', 'imported-walls'];
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('answers 400 to a cursor that is not one of theirs, 401 signed out and 403 to players', async () => {
    const player = await signUp(t.app);
    const bad = [
      'not base64!',
      encode({ at: '1', id: 'x' }),
      encode(['1700000000000000']),
      encode(['1700000000000000', 'a', 'b', 'c']),
      encode(['2024-01-01', 'x']),
      encode(['-1', 'x']),
      encode(['1700000000000000', '']),
      encode(['1700000000000000', 'x'.repeat(101)]),
      encode(['1700000000000000', 'a\u0000b']),
      encode([1700000000000000, 5]),
      'a'.repeat(601),
    ];
    for (const route of routes) {
      const url = `/api/moderation/queues/${route}`;
      for (const cursor of bad) {
        const res = await mod.request({ url: `${url}?cursor=${encodeURIComponent(cursor)}` });
        expect(res.statusCode, `${route} ${cursor}`).toBe(400);
      }
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const refused = await player.request({ url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only moderators can do this.' });
    }
  });
});
