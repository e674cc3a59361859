import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player, type Spot } from '../../../test/app.ts';
import { createArea, createChallenge, east, insertFind } from '../../../test/challenges.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import { insertArtwork } from '../../../test/quests.ts';
import { challengeTitle } from '../../core/challenges.ts';
import type { InboxItem, InboxPage } from '../../core/schemas/inbox.ts';
import { sendNearYouNotices } from '../services/near-you.ts';

/**
 * "A quest or challenge near you" (docs/decisions/042-push.md, 043, 045): the sweep tells a
 * player of a challenge running where they found art lately, once a week, and of a quest near
 * their latest find, once a day and never twice about the same one; it names nobody else.
 */

const t = useUnlimitedApp();
const DAY_MS = 86_400_000;

let spots = 0;
/** A stretch of its own per test, far from anything else (and from the seeded areas). */
const nextSpot = (): Spot => ({ latitude: -20 - ++spots * 0.5, longitude: 120 });

const nearYou = async (player: Player): Promise<InboxItem[]> => {
  const res = await player.request({ url: '/api/inbox' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>().items.filter((i) => i.kind === 'near_you');
};
const sweep = (now?: Date) => sendNearYouNotices(t().db, now);

describe('a challenge near you', () => {
  it('tells a recent finder in the area once a week, with the reward on offer', async () => {
    const at = nextSpot();
    const staff = await signUpModerator(t().app, t().db);
    const area = await createArea(staff, { ...at, name: `Near ${spots}`, radiusKm: 2 });
    await createChallenge(staff, area.id, { goal: 3, rewardTokens: 40 });
    const [finder, far, held, old] = await Promise.all(
      Array.from({ length: 4 }, () => signUp(t().app)),
    );
    await insertFind(t().db, finder!.id, east(at, 500));
    await insertFind(t().db, far!.id, east(at, 5000));
    await insertFind(t().db, held!.id, east(at, 400), new Date(), 'pending');
    await insertFind(t().db, old!.id, east(at, 300), new Date(Date.now() - 40 * DAY_MS));

    await sweep();
    const told = (await nearYou(finder!)).filter((i) => i.link === '/challenges');
    expect(told).toEqual([
      expect.objectContaining({
        title: challengeTitle('find', 3, area.name),
        tokens: 40,
        otherPlayer: null,
        read: false,
      }),
    ]);
    // Far away, held by fair play, or a find from weeks ago: nothing.
    for (const other of [far!, held!, old!]) {
      expect((await nearYou(other)).filter((i) => i.link === '/challenges')).toEqual([]);
    }
    // Once a week: another sweep, another challenge in the area, tell nothing more.
    await createChallenge(staff, area.id, { goal: 1, rewardTokens: 10 });
    await sweep();
    expect((await nearYou(finder!)).filter((i) => i.link === '/challenges')).toHaveLength(1);
  });
});

describe('a quest near you', () => {
  it('tells the closest quest near the latest find once a day, never the same twice', async () => {
    const at = nextSpot();
    const player = await signUp(t().app);
    // Their own find asks "Who painted this?", but they stood there already: not news.
    await insertFind(t().db, player.id, at);
    await insertArtwork(t().db, east(at, 300), { title: 'Dockside heron' });
    await insertArtwork(t().db, east(at, 5000), { title: 'Too far to walk' });

    expect(await sweep()).toBeGreaterThan(0);
    expect(await nearYou(player)).toEqual([
      expect.objectContaining({
        title: 'Needs a photo: Dockside heron',
        tokens: 15,
        link: '/quests',
        otherPlayer: null,
      }),
    ]);
    // The same day, or the next with nothing new near: nothing more.
    await sweep();
    await sweep(new Date(Date.now() + DAY_MS));
    expect(await nearYou(player)).toHaveLength(1);

    // A new quest near, the next day: told.
    await insertArtwork(t().db, east(at, 200), { title: 'Tide pool', artistName: null });
    await sweep(new Date(Date.now() + DAY_MS));
    expect((await nearYou(player)).map((i) => i.title)).toEqual([
      'Needs a photo: Tide pool',
      'Needs a photo: Dockside heron',
    ]);
  });

  it('tells nobody without a counted find in the last week', async () => {
    const at = nextSpot();
    const [held, old] = await Promise.all([signUp(t().app), signUp(t().app)]);
    await insertFind(t().db, held.id, at, new Date(), 'pending');
    await insertFind(t().db, old.id, east(at, 100), new Date(Date.now() - 8 * DAY_MS));
    await insertArtwork(t().db, east(at, 300), { title: 'Unseen gull' });
    await sweep();
    expect(await nearYou(held)).toEqual([]);
    expect(await nearYou(old)).toEqual([]);
  });
});
