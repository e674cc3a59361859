import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pinArtwork, signUp, useUnlimitedApp } from '../../../test/app.ts';
import { claim, insertArtist, LINK_EVIDENCE, propose, vote } from '../../../test/artists.ts';
import type { ArtworkCredits } from '../../core/schemas/artists.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { artistClaims, artistCreditVotes, artistCredits } from '../db/artists-schema.ts';

/** A player's claims, credits and votes in their data download and at deletion (decision 049). */

const t = useUnlimitedApp();

async function playerWithArtistData() {
  const artistId = await insertArtist(t().db);
  const player = await signUp(t().app);
  const other = await signUp(t().app);
  const mine = await pinArtwork(player, { latitude: -31.95, longitude: 115.86 });
  const theirs = await pinArtwork(other, { latitude: -31.96, longitude: 115.87 });
  const proposed = await propose(player, mine, artistId);
  const creditId = proposed.json<ArtworkCredits>().credits[0]!.id;
  const othersCredit = (await propose(other, theirs, artistId)).json<ArtworkCredits>().credits[0]!
    .id;
  await vote(player, othersCredit, 'dispute');
  await claim(player, artistId, { ...LINK_EVIDENCE, note: 'My page' });
  return { player, artistId, creditId, othersCredit };
}

describe('artist data', () => {
  it('the download holds the player’s claims, the credits they proposed and their votes', async () => {
    const { player, artistId, creditId, othersCredit } = await playerWithArtistData();
    const res = await player.request({ url: '/api/profile/export' });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = JSON.parse(new TextDecoder().decode(files[DATA_EXPORT_FILE]));
    expect(json.artistClaims).toEqual([
      expect.objectContaining({
        artistId,
        evidenceUrl: LINK_EVIDENCE.evidenceUrl,
        note: 'My page',
      }),
    ]);
    expect(json.artistCreditsProposed).toEqual([expect.objectContaining({ id: creditId })]);
    expect(json.artistCreditVotes).toEqual([
      expect.objectContaining({ creditId: othersCredit, vote: 'dispute' }),
    ]);
  });

  it('deleting the account removes claims and votes; credits stay without a proposer', async () => {
    const { player, creditId, othersCredit } = await playerWithArtistData();
    const res = await player.request({
      method: 'DELETE',
      url: '/api/profile',
      payload: { username: player.username, password: 'spray-paint-rules-42' },
    });
    expect(res.statusCode).toBe(204);
    expect(
      await t().db.select().from(artistClaims).where(eq(artistClaims.userId, player.id)),
    ).toEqual([]);
    expect(
      await t()
        .db.select()
        .from(artistCreditVotes)
        .where(eq(artistCreditVotes.creditId, othersCredit)),
    ).toEqual([]);
    const [kept] = await t().db.select().from(artistCredits).where(eq(artistCredits.id, creditId));
    expect(kept!.proposedById).toBeNull();
  });
});
