import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPhoto } from '../../../test/evidence.ts';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import type { CollectionItem } from '../../core/schemas/profile.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

async function collection(player: Player): Promise<CollectionItem[]> {
  const res = await player.request({ url: '/api/profile/collection' });
  expect(res.statusCode).toBe(200);
  return res.json<CollectionItem[]>();
}

const unlockedIds = async (player: Player) =>
  (await collection(player)).filter((i) => i.unlocked).map((i) => i.id);

const post = (player: Player, url: string, payload: object) =>
  player.request({ method: 'POST', url, payload });

describe('GET /api/profile/collection', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/profile/collection' })).statusCode).toBe(401);
  });

  it('gives a new player the starter items: Spray Can, Palette, and one locked', async () => {
    const items = await collection(await signUp(t.app));
    expect(items.filter((i) => i.starter).map((i) => [i.name, i.unlocked])).toEqual([
      ['Spray Can', true],
      ['Palette', true],
      ['Fat Cap', false],
    ]);
    expect(items.filter((i) => i.unlocked)).toHaveLength(2);
    for (const item of items.filter((i) => !i.unlocked)) expect(item.howToUnlock).toBeTruthy();
    expect(items.find((i) => i.id === 'blackbook')?.progress).toEqual({ current: 0, target: 10 });
  });

  it('unlocks items from the player’s own discoveries, markers and posts only', async () => {
    const erin = await signUp(t.app);
    const other = await signUp(t.app);
    const here = { latitude: -28.0167, longitude: 153.4 };
    const theirs = await storedPhoto(t.db, other.id);
    const notHers = await post(other, '/api/discoveries', {
      name: 'Not hers',
      ...here,
      imageUrl: theirs,
    });
    expect(notHers.statusCode).toBe(201);
    expect((await post(other, '/api/markers', here)).statusCode).toBe(201);
    expect(await unlockedIds(erin)).toEqual(['spray_can', 'palette']);

    const hers = await storedPhoto(t.db, erin.id);
    const first = await post(erin, '/api/discoveries', {
      name: 'Her first',
      ...here,
      imageUrl: hers,
    });
    expect(first.statusCode).toBe(201);
    expect(await unlockedIds(erin)).toEqual(['spray_can', 'palette', 'fat_cap']);

    expect((await post(erin, '/api/markers', here)).statusCode).toBe(201);
    const posted = await post(erin, '/api/community/forum', { content: 'Hello walls' });
    expect(posted.statusCode).toBe(201);
    expect(await unlockedIds(erin)).toEqual([
      'spray_can',
      'palette',
      'fat_cap',
      'paint_marker',
      'megaphone',
    ]);
    const blackbook = (await collection(erin)).find((i) => i.id === 'blackbook');
    expect(blackbook).toMatchObject({ unlocked: false, progress: { current: 1, target: 10 } });
  });
});
