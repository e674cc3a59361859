import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  pinnerAndFinder,
  signUp,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { levelForScore, scoreOf } from '../../core/rules.ts';
import { LEADERBOARD_SIZE, type LeaderboardEntry } from '../../core/schemas/community.ts';
import { users } from '../db/schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;

const T0 = new Date('2024-01-01T00:00:00Z');
const FILLERS = 110;

/** Rows straight into users: far cheaper than 110 sign-ups. */
const player = (id: string, tokens: number, discoveries: number, createdAt = T0) => ({
  id,
  username: id,
  tokens,
  discoveries,
  createdAt,
});

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.db.insert(users).values([
    // Three-way tie at 10,000: the earlier account first, then by id.
    player('tie-b', 10_000, 0),
    player('tie-a', 4_000, 400),
    player('tie-early', 10_000, 0, new Date(T0.getTime() - 86_400_000)),
    // 9,200 tokens beat 100 tokens + 600 discoveries (9,100): the score rule decides.
    player('tokens-only', 9_200, 0),
    player('mixed', 100, 600),
    ...Array.from({ length: FILLERS }, (_, i) =>
      player(`filler-${String(i).padStart(3, '0')}`, i + 1, 0),
    ),
  ]);
  // Signed up last with score 0: the very last place.
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

async function board(p: Player): Promise<LeaderboardEntry[]> {
  const res = await p.request({ url: '/api/leaderboard' });
  expect(res.statusCode).toBe(200);
  return res.json<LeaderboardEntry[]>();
}

describe('GET /api/leaderboard', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/leaderboard' });
    expect(res.statusCode).toBe(401);
  });

  it('ranks by tokens + 15 x discoveries, ties by account age then id', async () => {
    const list = await board(alice);
    expect(list.slice(0, 5).map((e) => [e.id, e.score, e.rank])).toEqual([
      ['tie-early', 10_000, 1],
      ['tie-a', 10_000, 2],
      ['tie-b', 10_000, 3],
      ['tokens-only', 9_200, 4],
      ['mixed', 9_100, 5],
    ]);
    expect(list[1]).toEqual({
      id: 'tie-a',
      username: 'tie-a',
      tokens: 4_000,
      discoveries: 400,
      firstFinds: 0,
      score: 10_000,
      level: 11,
      rank: 2,
      isCurrentUser: false,
    });
    for (const e of list) expect(e.score).toBe(scoreOf(e.tokens, e.discoveries));
  });

  it('shows the top 100 with consecutive ranks and levels from levelForScore', async () => {
    const list = await board(alice);
    const top = list.slice(0, LEADERBOARD_SIZE);
    expect(top.map((e) => e.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const e of list) expect(e.level).toBe(levelForScore(e.score));
    const scores = top.map((e) => e.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Fillers 110..16 fill places 6..100.
    expect(top.at(-1)).toMatchObject({ id: 'filler-015', score: 16, rank: 100 });
  });

  it("appends the player's own entry with their real rank when outside the top 100", async () => {
    const list = await board(alice);
    expect(list).toHaveLength(LEADERBOARD_SIZE + 1);
    const total = 5 + FILLERS + 2;
    // Alice and Bob both score 0; Alice signed up first, so only Bob is behind her.
    expect(list.at(-1)).toEqual({
      id: alice.id,
      username: alice.username,
      tokens: 0,
      discoveries: 0,
      firstFinds: 0,
      score: 0,
      level: 1,
      rank: total - 1,
      isCurrentUser: true,
    });
    expect(list.filter((e) => e.isCurrentUser)).toHaveLength(1);
    expect((await board(bob)).at(-1)).toMatchObject({ id: bob.id, rank: total });
  });

  it('lists the player in place, with no extra entry, once they reach the top 100', async () => {
    await t.db.update(users).set({ tokens: 5_000 }).where(eq(users.id, alice.id));
    const list = await board(alice);
    expect(list).toHaveLength(LEADERBOARD_SIZE);
    expect(list[5]).toMatchObject({ id: alice.id, score: 5_000, rank: 6, isCurrentUser: true });
    expect(list.filter((e) => e.isCurrentUser)).toHaveLength(1);
    // Bob sees Alice without the flag, and himself appended.
    const bobs = await board(bob);
    expect(bobs[5]).toMatchObject({ id: alice.id, isCurrentUser: false });
    expect(bobs.at(-1)).toMatchObject({ id: bob.id, isCurrentUser: true });
  });

  it('counts discoveries at 15 points each for the rank of a player outside the top 100', async () => {
    // 1 discovery = 15 points: ahead of fillers scoring up to 14, behind those scoring 15+.
    await t.db.update(users).set({ discoveries: 1 }).where(eq(users.id, bob.id));
    const me = (await board(bob)).at(-1)!;
    expect(me).toMatchObject({ id: bob.id, score: 15, level: 1, isCurrentUser: true });
    // Ahead of Bob: 5 leaders, Alice, 95 fillers scoring 16..110 and the filler scoring 15
    // (an older account): 102 players, so rank 103.
    expect(me.rank).toBe(103);
  });
});

describe('first finds on the board', () => {
  it('shows the first finder 1 and a player who found the same piece later 0', async () => {
    const { pinner, finder } = await pinnerAndFinder(t.app);

    // Both rank inside the top 100 now (scores 65 and 35), each where their score puts them.
    const list = await board(pinner);
    expect(list.find((e) => e.id === pinner.id)).toMatchObject({ discoveries: 1, firstFinds: 1 });
    expect(list.find((e) => e.id === finder.id)).toMatchObject({ discoveries: 1, firstFinds: 0 });
  });
});
