import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp } from '../../../test/app.ts';
import {
  boardOf,
  claim,
  completionsOf,
  createArea,
  createChallenge,
  insertFind,
  insertPlayer,
  tokensOf,
  weeksBefore,
} from '../../../test/challenges.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import { areaWeekResults } from '../db/challenges-schema.ts';

/** What must hold once under 50 simultaneous requests (docs/decisions/045). */

const t = useUnlimitedApp();
const AT_ONCE = 50;
const statuses = (results: { statusCode: number }[]) =>
  results.map((r) => r.statusCode).sort((a, b) => a - b);

describe('under concurrency (50 requests at once)', () => {
  it(
    'a completed challenge claimed 50 times at once pays once',
    { tags: ['concurrency'] },
    async () => {
      const staff = await signUpModerator(t().app, t().db);
      const area = await createArea(staff, { latitude: -33.0, longitude: 116.0, name: 'Collie' });
      const challenge = await createChallenge(staff, area.id, { goal: 1, rewardTokens: 25 });
      const player = await signUp(t().app);
      await insertFind(t().db, player.id, { latitude: area.latitude, longitude: area.longitude });
      const before = await tokensOf(t().db, player.id);

      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () => claim(player, challenge.id)),
      );
      expect(statuses(results)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
      expect((await tokensOf(t().db, player.id)) - before).toBe(25);
      expect(await completionsOf(t().db, challenge.id, player.id)).toHaveLength(1);
    },
  );

  it(
    'a finished week read by 50 players at once is kept once, the same for all',
    { tags: ['concurrency'] },
    async () => {
      const staff = await signUpModerator(t().app, t().db);
      const area = await createArea(staff, { latitude: -33.3, longitude: 115.6, name: 'Bunbury' });
      const lastWeek = weeksBefore(area.week, 1);
      const start = Date.parse((await boardOf(staff, area.id, weeksBefore(area.week, 2))).endsAt);
      const spot = { latitude: area.latitude, longitude: area.longitude };
      for (let i = 0; i < 3; i++) {
        const p = await insertPlayer(t().db);
        for (let n = 0; n <= i; n++) await insertFind(t().db, p.id, spot, new Date(start + n));
      }
      const readers = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t().app)));
      const boards = await Promise.all(readers.map((r) => boardOf(r, area.id, lastWeek)));
      for (const board of boards) {
        expect(board.top.map((r) => [r.finds, r.rank])).toEqual([
          [3, 1],
          [2, 2],
          [1, 3],
        ]);
      }
      const kept = await t()
        .db.select()
        .from(areaWeekResults)
        .where(and(eq(areaWeekResults.areaId, area.id), eq(areaWeekResults.week, lastWeek)));
      expect(kept).toHaveLength(3);
    },
  );
});
