import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useUnlimitedApp } from '../../../test/app.ts';
import {
  createArea,
  createChallenge,
  east,
  insertFind,
  insertPlayer,
} from '../../../test/challenges.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import { insertArtwork } from '../../../test/quests.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { sendNearYouNotices } from '../services/near-you.ts';

/** "Near you" notices hold once under 50 sweeps at once (docs/decisions/042-push.md). */

const t = useUnlimitedApp();
const AT_ONCE = 50;

describe('under concurrency (50 sweeps at once)', () => {
  it(
    'each player is told of the challenge and of a quest once',
    // 50 whole sweeps, one after another on PGlite.
    { tags: ['concurrency'], timeout: 120_000 },
    async () => {
      const at = { latitude: -19.3, longitude: 146.8 };
      const staff = await signUpModerator(t().app, t().db);
      const area = await createArea(staff, { ...at, name: 'Townsville', radiusKm: 3 });
      await createChallenge(staff, area.id, { goal: 2, rewardTokens: 30 });
      await insertArtwork(t().db, east(at, 400), { title: 'Strand turtle' });
      const players = [];
      for (let i = 0; i < 3; i++) {
        const player = await insertPlayer(t().db);
        await insertFind(t().db, player.id, east(at, 100 * i));
        players.push(player);
      }

      await Promise.all(Array.from({ length: AT_ONCE }, () => sendNearYouNotices(t().db)));
      for (const player of players) {
        const told = await t()
          .db.select({ title: inboxItems.title, link: inboxItems.link })
          .from(inboxItems)
          .where(eq(inboxItems.userId, player.id));
        expect(told.map((n) => n.link).sort()).toEqual(['/challenges', '/quests']);
      }
    },
  );
});
