import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pinArtwork, signUp, useUnlimitedApp } from '../../../test/app.ts';
import { insertArtist, propose, vote } from '../../../test/artists.ts';
import type { ArtworkCredits } from '../../core/schemas/artists.ts';
import { artistCreditVotes, artistCredits } from '../db/artists-schema.ts';

/**
 * "Once per player per credit" is held by the votes' primary key and the credit's row lock:
 * 50 requests fired at once. Meaningful on Postgres (TEST_DATABASE_URL), where they overlap.
 */

const AT_ONCE = 50;
const t = useUnlimitedApp();

describe(`${AT_ONCE} at once`, () => {
  it(
    '50 players confirming one credit at once: every vote kept once, the credit confirmed',
    { tags: ['concurrency'] },
    async () => {
      const pinner = await signUp(t().app);
      const artworkId = await pinArtwork(pinner, { latitude: -35.28, longitude: 149.13 });
      const artistId = await insertArtist(t().db);
      const creditId = (await propose(pinner, artworkId, artistId)).json<ArtworkCredits>()
        .credits[0]!.id;
      const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t().app)));
      const results = await Promise.all(players.map((p) => vote(p, creditId, 'confirm')));
      expect(results.map((r) => r.statusCode)).toEqual(players.map(() => 201));
      const votes = await t()
        .db.select()
        .from(artistCreditVotes)
        .where(eq(artistCreditVotes.creditId, creditId));
      expect(votes).toHaveLength(AT_ONCE);
      const [credit] = await t()
        .db.select()
        .from(artistCredits)
        .where(eq(artistCredits.id, creditId));
      expect(credit!.status).toBe('confirmed');
    },
  );

  it(
    'one player confirming one credit 50 times at once: one vote, 49 refused',
    { tags: ['concurrency'] },
    async () => {
      const pinner = await signUp(t().app);
      const artworkId = await pinArtwork(pinner, { latitude: -35.3, longitude: 149.1 });
      const creditId = (
        await propose(pinner, artworkId, await insertArtist(t().db))
      ).json<ArtworkCredits>().credits[0]!.id;
      const player = await signUp(t().app);
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () => vote(player, creditId, 'confirm')),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(AT_ONCE - 1);
      const votes = await t()
        .db.select()
        .from(artistCreditVotes)
        .where(eq(artistCreditVotes.creditId, creditId));
      expect(votes).toHaveLength(1);
    },
  );
});
