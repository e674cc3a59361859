import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player, type Spot } from '../../../test/app.ts';
import { storedPhotos } from '../../../test/evidence.ts';
import { answer, insertArtwork } from '../../../test/quests.ts';
import { insertWall } from '../../../test/walls.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { artworkLogs, users } from '../db/schema.ts';

/**
 * A quest pays once per player and period whatever the timing (quest_answers_once_idx, and the
 * target's row lock that makes answers take turns): 50 answers fired at once. Meaningful on
 * Postgres (TEST_DATABASE_URL); PGlite runs them one after another.
 */

const t = useUnlimitedApp();
const AT_ONCE = 50;

const tokensOf = async (player: Player) =>
  (await t().db.select({ tokens: users.tokens }).from(users).where(eq(users.id, player.id)))[0]!
    .tokens;

/** AT_ONCE answers by one player, each with its own photo taken at `at`. */
async function answersAtOnce(player: Player, kind: string, id: string, at: Spot) {
  const photos = await storedPhotos(t().db, player.id, AT_ONCE, at);
  return Promise.all(
    photos.map((imageUrl) => answer(player, kind, id, { ...at, accuracy: 10, imageUrl })),
  );
}

/** One answer went through; every other was refused as already answered or done (409). */
function expectOneAnswered(results: Awaited<ReturnType<typeof answer>>[]) {
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  for (const r of results.filter((r) => r.statusCode !== 201)) {
    expect(r.statusCode, r.body).toBe(409);
  }
}

describe(`${AT_ONCE} answers at once`, () => {
  it(
    "one player answering one piece's quest 50 times at once: one answer, one payment",
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: 59.33, longitude: 18.06 };
      const id = await insertArtwork(t().db, at, { daysAgo: 300 });
      const player = await signUp(t().app);
      const results = await answersAtOnce(player, 'needs_photo', id, at);
      expectOneAnswered(results);
      // The quest's 15 and the find's 20, once.
      expect(await tokensOf(player)).toBe(35);
      const answers = await t()
        .db.select()
        .from(questAnswers)
        .where(eq(questAnswers.userId, player.id));
      expect(answers).toHaveLength(1);
      expect(
        await t().db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, id)),
      ).toHaveLength(1);
    },
  );

  it(
    "one player answering one wall's quest 50 times at once: one confirmation, one payment",
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: 59.5, longitude: 18.06 };
      const wallId = await insertWall(t().db, at, { status: 'unverified' });
      const player = await signUp(t().app);
      const results = await answersAtOnce(player, 'visit_wall', wallId, at);
      expectOneAnswered(results);
      expect(await tokensOf(player)).toBe(10);
      expect(
        await t().db.select().from(wallConfirmations).where(eq(wallConfirmations.wallId, wallId)),
      ).toHaveLength(1);
    },
  );

  it(
    '50 players answering "Needs a photo" of one piece at once: the first photo is paid',
    { tags: ['concurrency'] },
    async () => {
      const at = { latitude: 59.7, longitude: 18.06 };
      const id = await insertArtwork(t().db, at);
      const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t().app)));
      const results = await Promise.all(
        players.map(async (p) => {
          const [imageUrl] = await storedPhotos(t().db, p.id, 1, at);
          return answer(p, 'needs_photo', id, { ...at, accuracy: 10, imageUrl });
        }),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 201)) {
        expect(r.json()).toEqual({ message: 'This piece has a photo now: this quest is done.' });
      }
      expect(
        await t().db.select().from(questAnswers).where(eq(questAnswers.targetId, id)),
      ).toHaveLength(1);
    },
  );
});
