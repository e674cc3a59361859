import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findArtwork,
  pinArtwork,
  signUp,
  useUnlimitedApp,
  type Player,
} from '../../../test/app.ts';
import { storedPhoto } from '../../../test/evidence.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import type { InboxItem, InboxPage, InboxUnread } from '../../core/schemas/inbox.ts';
import { missions } from '../db/community-schema.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { artworkLogs } from '../db/schema.ts';

/** The inbox tells each player what was paid, held, released, and who found their pieces. */
const app = useUnlimitedApp();

const inbox = async (player: Player, query = '') => {
  const res = await player.request({ url: `/api/inbox${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>();
};
const unread = async (player: Player) =>
  (await player.request({ url: '/api/inbox/unread' })).json<InboxUnread>();
const markRead = (player: Player, upTo: unknown) =>
  player.request({ method: 'POST', url: '/api/inbox/read', payload: { upTo } });

const brief = (items: InboxItem[]) =>
  items.map((i) => ({ kind: i.kind, tokens: i.tokens, title: i.title, other: i.otherPlayer }));

describe('what lands in the inbox', () => {
  it('a paid find, and the first finder hears of each other player’s first find', async () => {
    const pinner = await signUp(app().app);
    const finder = await signUp(app().app);
    const at = { latitude: -31.95, longitude: 115.86 };
    const artworkId = await pinArtwork(pinner, at, { name: 'Penguin' });
    expect(brief((await inbox(pinner)).items)).toEqual([
      { kind: 'find_paid', tokens: 50, title: 'Penguin', other: null },
    ]);
    await findArtwork(finder, artworkId, {
      latitude: at.latitude + 0.0001,
      longitude: at.longitude,
    });
    const news = await unread(pinner);
    expect(news.unread).toBe(2);
    // Told as it happens, the finder is not named: that would say where they are now.
    expect(brief(news.news)).toEqual([
      { kind: 'piece_found', tokens: 5, title: 'Penguin', other: null },
    ]);
    expect(news.news[0]?.artworkId).toBe(artworkId);
    // A day on, the news names them, as an artwork's history shows a find's time by then.
    await app()
      .db.update(inboxItems)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(inboxItems.id, news.news[0]!.id));
    const later = (await inbox(pinner)).items.find((i) => i.kind === 'piece_found');
    expect(later?.otherPlayer).toBe(finder.username);
    expect(brief((await inbox(finder)).items)).toEqual([
      { kind: 'find_paid', tokens: 20, title: 'Penguin', other: null },
    ]);
  });

  it('a find held for review, then released or voided by a moderator', async () => {
    const p = await signUp(app().app);
    const mod = await signUpModerator(app().app, app().db);
    const post = async (name: string, latitude: number, longitude: number) =>
      (
        await p.request({
          method: 'POST',
          url: '/api/discoveries',
          payload: { name, latitude, longitude, imageUrl: await storedPhoto(app().db, p.id) },
        })
      ).json<{ id: string }>();
    await post('Brisbane', -27.47, 153.02);
    // Minutes later in Sydney, then Perth: both held by the travel check.
    const sydney = await post('Sydney', -33.87, 151.21);
    const perth = await post('Perth', -31.95, 115.86);
    const logOf = async (discoveryId: string) =>
      (
        await app().db.select().from(artworkLogs).where(eq(artworkLogs.discoveryId, discoveryId))
      )[0]!.id;
    await acted(mod, { action: 'release_log', targetId: await logOf(sydney.id), reason: 'plane' });
    await acted(mod, { action: 'void_log', targetId: await logOf(perth.id), reason: 'no' });
    expect(brief((await inbox(p)).items)).toEqual([
      { kind: 'find_voided', tokens: 0, title: 'Perth', other: null },
      { kind: 'find_released', tokens: 50, title: 'Sydney', other: null },
      { kind: 'find_held', tokens: 0, title: 'Perth', other: null },
      { kind: 'find_held', tokens: 0, title: 'Sydney', other: null },
      { kind: 'find_paid', tokens: 50, title: 'Brisbane', other: null },
    ]);
    expect(brief((await unread(p)).news).map((n) => n.kind)).toEqual([
      'find_voided',
      'find_released',
    ]);
  });

  it('a mission completed', async () => {
    const p = await signUp(app().app);
    const at = { latitude: -12.46, longitude: 130.84 };
    await app()
      .db.insert(missions)
      .values({
        id: `m-${randomUUID()}`,
        title: 'Top End',
        description: 'Find it',
        difficulty: 'easy',
        rewardTokens: 200,
        missionType: 'discovery',
        targetEmojiPin: 'location',
        targetLat: at.latitude,
        targetLng: at.longitude,
        source: 'test',
      });
    await pinArtwork(p, at, { name: 'Croc' });
    expect(brief((await inbox(p)).items)).toEqual([
      { kind: 'mission_completed', tokens: 200, title: 'Top End', other: null },
      { kind: 'find_paid', tokens: 50, title: 'Croc', other: null },
    ]);
  });
});

describe('reading the inbox', () => {
  it('pages newest first and marks read up to an item, leaving later ones unread', async () => {
    const p = await signUp(app().app);
    for (let i = 0; i < 3; i++) {
      await pinArtwork(p, { latitude: -35.28 + i * 0.001, longitude: 149.13 }, { name: `P${i}` });
    }
    const first = await inbox(p, '?limit=2');
    expect(first.items.map((i) => i.title)).toEqual(['P2', 'P1']);
    expect(first.unread).toBe(3);
    const rest = await inbox(p, `?limit=2&before=${first.nextBefore}`);
    expect(rest.items.map((i) => i.title)).toEqual(['P0']);
    expect(rest.nextBefore).toBeNull();

    const read = await markRead(p, first.items[1]!.id);
    expect(read.statusCode).toBe(200);
    expect(read.json<InboxUnread>().unread).toBe(1);
    expect((await inbox(p)).items.map((i) => i.read)).toEqual([false, true, true]);
  });

  it('is private, and refuses bad input changing nothing', async () => {
    const p = await signUp(app().app);
    const other = await signUp(app().app);
    await pinArtwork(other, { latitude: -42.88, longitude: 147.33 });
    const theirs = (await inbox(other)).items[0]!.id;
    expect((await inbox(p)).items).toEqual([]);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=x',
      `?before=${theirs}`,
      '?before=%00',
    ]) {
      expect((await p.request({ url: `/api/inbox${query}` })).statusCode, query).toBe(400);
    }
    for (const upTo of [undefined, 42, theirs, 'no-such-item', 'x'.repeat(500)]) {
      expect((await markRead(p, upTo)).statusCode, String(upTo)).toBe(400);
    }
    expect((await unread(other)).unread).toBe(1);
    for (const url of ['/api/inbox', '/api/inbox/unread']) {
      expect((await app().app.inject({ url })).statusCode).toBe(401);
    }
    const signedOut = await app().app.inject({
      method: 'POST',
      url: '/api/inbox/read',
      payload: { upTo: theirs },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
