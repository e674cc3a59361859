import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pinArtwork, signUp, useUnlimitedApp, type Player, type Spot } from '../../../test/app.ts';
import {
  PERTH,
  boardOf,
  challengesNear,
  claim,
  completionsOf,
  createArea,
  createChallenge,
  east,
  insertFind,
  insertPlayer,
  tokensOf,
  weeksBefore,
} from '../../../test/challenges.ts';
import { storedPhotos } from '../../../test/evidence.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import { dayFromToday, establishedVisitor, insertWall } from '../../../test/walls.ts';
import type { Challenge, ChallengeArea } from '../../core/schemas/challenges.ts';
import type { InboxPage } from '../../core/schemas/inbox.ts';
import { artworkLogs } from '../db/schema.ts';

/** Weekly challenges and area leaderboards (docs/decisions/045-challenges-and-privacy.md). */

const t = useUnlimitedApp();
let staff: Player;

beforeAll(async () => {
  staff = await signUpModerator(t().app, t().db);
});

const balance = (player: { id: string }) => tokensOf(t().db, player.id);

/** A find the fair-play check holds: the photo's camera was 5 km from the pin. */
async function heldFind(player: Player, at: Spot) {
  const [imageUrl] = await storedPhotos(t().db, player.id, 1, east(at, 5000));
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Held', ...at, imageUrl },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json<{ pendingReview: boolean }>().pendingReview).toBe(true);
}

describe('a weekly challenge', () => {
  let area: ChallengeArea;
  let challenge: Challenge;
  let player: Player;

  beforeAll(async () => {
    area = await createArea(staff, { name: 'Northbridge' });
    challenge = await createChallenge(staff, area.id, { goal: 2, rewardTokens: 40 });
    player = await signUp(t().app);
  });

  const mine = async () =>
    (await challengesNear(player, PERTH)).find((c) => c.id === challenge.id)!;

  it('is listed near the player with this week in the area’s time zone', async () => {
    const c = await mine();
    expect(c.title).toBe('Find 2 pieces in Northbridge this week');
    expect(c.area.timeZone).toBe('Australia/Perth');
    // Perth is UTC+8 all year: its Monday 00:00 is Sunday 16:00 UTC.
    expect(new Date(c.startsAt).getTime()).toBe(Date.parse(`${c.week}T00:00:00+08:00`));
    expect(new Date(c.endsAt).getTime() - new Date(c.startsAt).getTime()).toBe(7 * 86_400_000);
    expect(new Date(`${c.week}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(c.progress).toBe(0);
    expect(c.claimed).toBe(false);
    // The closest area comes first.
    expect((await challengesNear(player, PERTH))[0]!.area.id).toBe(area.id);
  });

  it('counts a fair find and ignores a held one', async () => {
    await pinArtwork(player, east(PERTH, 100));
    expect((await mine()).progress).toBe(1);
    await heldFind(player, east(PERTH, 300));
    expect((await mine()).progress).toBe(1);
    // A find outside the area counts for nothing here (made earlier in the week, so the next
    // find is no impossible journey from it).
    const weekStart = Date.parse((await mine()).startsAt);
    await insertFind(t().db, player.id, east(PERTH, 5000), new Date(weekStart + 1000));
    expect((await mine()).progress).toBe(1);
  });

  it('refuses the reward until the goal is reached, then pays it once', async () => {
    const before = await balance(player);
    const early = await claim(player, challenge.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Not done yet: 1 of 2.');

    await pinArtwork(player, east(PERTH, 200));
    const paid = await claim(player, challenge.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ tokens: 40, week: challenge.week });
    expect(paid.json().challenge).toMatchObject({ progress: 2, claimed: true });
    const pinsPaid = await balance(player);
    expect(pinsPaid).toBeGreaterThan(before);

    const again = await claim(player, challenge.id, { week: challenge.week });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already claimed/);
    expect(await balance(player)).toBe(pinsPaid);

    // Every reward is told: the inbox says what was paid.
    const inbox = (await player.request({ url: '/api/inbox' })).json<InboxPage>();
    expect(inbox.items[0]).toMatchObject({
      kind: 'mission_completed',
      title: 'Find 2 pieces in Northbridge this week',
      tokens: 40,
    });
  });

  it('counts a find from Monday 00:00 on the area’s clocks, not one a second before', async () => {
    const other = await signUp(t().app);
    const c = (await challengesNear(other, PERTH)).find((x) => x.id === challenge.id)!;
    const start = new Date(c.startsAt);
    await insertFind(t().db, other.id, east(PERTH, 400), new Date(start.getTime() - 1000));
    await insertFind(t().db, other.id, east(PERTH, 500), start);
    const now = (await challengesNear(other, PERTH)).find((x) => x.id === challenge.id)!;
    expect(now.progress).toBe(1);
  });
});

describe('a confirm-walls challenge', () => {
  it('counts the walls an established player confirmed inside the area that week', async () => {
    const at = { latitude: -31.9, longitude: 115.9 };
    const area = await createArea(staff, { ...at, name: 'Bayswater' });
    const c = await createChallenge(staff, area.id, { kind: 'confirm', goal: 1, rewardTokens: 10 });
    expect(c.title).toBe('Confirm 1 wall in Bayswater this week');
    const wallId = await insertWall(t().db, at, { status: 'unverified' });
    const visitor = await establishedVisitor(t().app, t().db, at);
    const res = await visitor.request({
      method: 'POST',
      url: `/api/legal-walls/${wallId}/confirmations`,
      payload: { paintedOn: dayFromToday() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await challengesNear(visitor, at)).find((x) => x.id === c.id)!;
    expect(mine.progress).toBe(1);
    expect((await claim(visitor, c.id)).statusCode).toBe(200);
  });
});

describe('an area leaderboard', () => {
  let area: ChallengeArea;
  const at = { latitude: -32.05, longitude: 115.75 };

  beforeAll(async () => {
    area = await createArea(staff, { ...at, name: 'Fremantle' });
  });

  it('lists the top 10 and shows a player outside them their own rank', async () => {
    const start = Date.parse((await boardOf(staff, area.id)).startsAt);
    // Twelve players with 13 down to 2 finds; the viewer has 1 and ranks 13th.
    for (let i = 0; i < 12; i++) {
      const p = await insertPlayer(t().db);
      for (let n = 0; n < 13 - i; n++) {
        await insertFind(t().db, p.id, east(at, n * 10), new Date(start + (n + 1) * 60_000));
      }
    }
    const viewer = await signUp(t().app);
    await pinArtwork(viewer, east(at, 300));
    const board = await boardOf(viewer, area.id);
    expect(board.closed).toBe(false);
    expect(board.players).toBe(13);
    expect(board.top).toHaveLength(10);
    expect(board.top.map((r) => [r.rank, r.finds])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i + 1, 13 - i]),
    );
    expect(board.me).toMatchObject({ rank: 13, finds: 1, isCurrentUser: true });
    expect(board.me!.username).toBe(viewer.username);
  });

  it('ranks the same count by who reached it first, and equal when at the same moment', async () => {
    const tied = await createArea(staff, { latitude: -32.2, longitude: 115.8, name: 'Rockingham' });
    const start = Date.parse((await boardOf(staff, tied.id)).startsAt);
    const spot = { latitude: tied.latitude, longitude: tied.longitude };
    const [early, late, same] = [
      await insertPlayer(t().db, 'tie_early'),
      await insertPlayer(t().db, 'tie_late'),
      await insertPlayer(t().db, 'tie_same'),
    ];
    await insertFind(t().db, early!.id, spot, new Date(start + 60_000));
    await insertFind(t().db, late!.id, spot, new Date(start + 120_000));
    await insertFind(t().db, same!.id, spot, new Date(start + 120_000));
    const board = await boardOf(staff, tied.id);
    const ranks = board.top.map((r) => [r.username, r.rank]);
    // Equal ranks come in a stable order of their own (by account id): compare as a set.
    expect(ranks.sort()).toEqual([
      ['tie_early', 1],
      ['tie_late', 2],
      ['tie_same', 2],
    ]);
    expect(board.me).toBeNull();
  });

  it('counts only counted finds: not held, not hidden', async () => {
    const quiet = await createArea(staff, { latitude: -32.3, longitude: 115.7, name: 'Mandurah' });
    const spot = { latitude: quiet.latitude, longitude: quiet.longitude };
    const p = await insertPlayer(t().db);
    await insertFind(t().db, p.id, spot, new Date(), 'pending');
    const hidden = await insertFind(t().db, p.id, spot);
    await t()
      .db.update(artworkLogs)
      .set({ hiddenAt: new Date() })
      .where(eq(artworkLogs.artworkId, hidden));
    expect((await boardOf(staff, quiet.id)).players).toBe(0);
  });

  it('keeps a finished week’s results as they were when it ended', async () => {
    const past = await createArea(staff, { latitude: -32.4, longitude: 115.75, name: 'Pinjarra' });
    const spot = { latitude: past.latitude, longitude: past.longitude };
    const lastWeek = weeksBefore(past.week, 1);
    const start = Date.parse(`${lastWeek}T00:00:00+08:00`);
    const p = await insertPlayer(t().db, 'last_week_finder');
    await insertFind(t().db, p.id, spot, new Date(start + 3_600_000));
    const kept = await boardOf(staff, past.id, lastWeek);
    expect(kept).toMatchObject({ closed: true, week: lastWeek, players: 1 });
    expect(kept.top[0]).toMatchObject({ username: 'last_week_finder', finds: 1, rank: 1 });
    // A find that turns up for that week later (a late release) no longer changes it.
    await insertFind(t().db, p.id, spot, new Date(start + 7_200_000));
    expect((await boardOf(staff, past.id, lastWeek)).top[0]!.finds).toBe(1);
    // This week is still live.
    expect((await boardOf(staff, past.id)).closed).toBe(false);
  });
});

describe('bad input changes nothing', () => {
  let area: ChallengeArea;
  let challenge: Challenge;
  let player: Player;

  beforeAll(async () => {
    area = await createArea(staff, { latitude: -31.8, longitude: 116.0, name: 'Swan Valley' });
    challenge = await createChallenge(staff, area.id, { goal: 1 });
    player = await signUp(t().app);
  });

  it.each([
    ['/api/challenges?latitude=abc&longitude=115', /latitude/],
    ['/api/challenges?latitude=-31', /longitude/],
    ['/api/challenges?latitude=91&longitude=0', /latitude/],
    ['/api/challenges/areas?longitude=0', /longitude/],
  ])('GET %s is 400', async (url, message) => {
    const res = await player.request({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a leaderboard of no area, a week that is no Monday, or one not started', async () => {
    expect(
      (await player.request({ url: '/api/challenges/areas/nope/leaderboard' })).statusCode,
    ).toBe(404);
    for (const week of ['2025-01-07', '2025-02-30', 'last', '2025-1-6']) {
      const res = await player.request({
        url: `/api/challenges/areas/${area.id}/leaderboard?week=${week}`,
      });
      expect(res.statusCode, week).toBe(400);
      expect(res.json().message).toMatch(/week/);
    }
    const future = await player.request({
      url: `/api/challenges/areas/${area.id}/leaderboard?week=${weeksBefore(area.week, -1)}`,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/not started/);
  });

  it('refuses claims that are wrong, early or for weeks it did not run, paying nothing', async () => {
    await pinArtwork(player, east({ latitude: area.latitude, longitude: area.longitude }, 50));
    const before = await balance(player);
    const cases: [string, object | undefined, number, RegExp][] = [
      ['nope', undefined, 404, /not found/],
      [challenge.id, { week: 'monday' }, 400, /week/],
      [challenge.id, { week: 20250106 }, 400, /week/],
      [challenge.id, { week: '2025-01-08' }, 400, /Monday/],
      [challenge.id, { week: weeksBefore(challenge.week, -1) }, 400, /not started/],
      [challenge.id, { week: weeksBefore(challenge.week, 1) }, 400, /does not run/],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await claim(player, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await balance(player)).toBe(before);
    expect(await completionsOf(t().db, challenge.id, player.id)).toHaveLength(0);
  });

  it('needs a session, and staff to define areas and challenges', async () => {
    expect((await t().app.inject({ url: '/api/challenges' })).statusCode).toBe(401);
    const anon = await t().app.inject({
      method: 'POST',
      url: `/api/challenges/${challenge.id}/claim`,
    });
    expect(anon.statusCode).toBe(401);
    const asPlayer = await player.request({
      method: 'POST',
      url: '/api/challenges',
      payload: { areaId: area.id, kind: 'find', goal: 1, rewardTokens: 1 },
    });
    expect(asPlayer.statusCode).toBe(403);
    const areaAsPlayer = await player.request({
      method: 'POST',
      url: '/api/challenges/areas',
      payload: {},
    });
    expect(areaAsPlayer.statusCode).toBe(403);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, /timeZone/],
    [{ timeZone: 'EST' }, /timeZone/],
    [{ radiusKm: 0.1 }, /radiusKm/],
    [{ radiusKm: 51 }, /radiusKm/],
    [{ latitude: 95 }, /latitude/],
    [{ name: 'x'.repeat(61) }, /name/],
    [{ name: '   ' }, /name/],
    [{ city: undefined }, /city/],
  ])('refuses the area %j', async (change, message) => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/challenges/areas',
      payload: {
        name: 'Bad area',
        city: 'Perth',
        ...PERTH,
        radiusKm: 1,
        timeZone: 'Australia/Perth',
        ...change,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a second area of the same name in a city, whatever the case', async () => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/challenges/areas',
      payload: { ...PERTH, name: 'SWAN VALLEY', city: 'perth', radiusKm: 1, timeZone: 'UTC' },
    });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ areaId: 'nope' }, /areaId/],
    [{ kind: 'paint' }, /kind/],
    [{ goal: 0 }, /goal/],
    [{ goal: 1.5 }, /goal/],
    [{ rewardTokens: 1001 }, /rewardTokens/],
    [{ rewardTokens: -1 }, /rewardTokens/],
    [{ firstWeek: '2025-01-07' }, /firstWeek/],
    [{ firstWeek: '2025-01-13', lastWeek: '2025-01-06' }, /lastWeek/],
    [{ firstWeek: '2025-01-06', lastWeek: '2025-01-13' }, /over/],
  ])('refuses the challenge %j', async (change, message) => {
    const res = await staff.request({
      method: 'POST',
      url: '/api/challenges',
      payload: { areaId: area.id, kind: 'find', goal: 3, rewardTokens: 10, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
