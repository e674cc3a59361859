import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pinArtwork, signUp, useUnlimitedApp } from '../../../test/app.ts';
import { insertArtist, propose, settle, verifiedArtist, vote } from '../../../test/artists.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import type { ArtistProfile, ArtworkCredits } from '../../core/schemas/artists.ts';
import type { AuditPage } from '../../core/schemas/moderation.ts';
import { artistCreditVotes, artistCredits } from '../db/artists-schema.ts';
import { artworks } from '../db/schema.ts';

/** "Who painted this?": credits proposed, confirmed, disputed and settled (decision 049). */

const t = useUnlimitedApp();

let lng = 144;
const spot = () => ({ latitude: -37.8, longitude: (lng += 0.01) });

async function piece(fields: Record<string, unknown> = {}) {
  const pinner = await signUp(t().app);
  return { pinner, artworkId: await pinArtwork(pinner, spot(), fields) };
}

const creditsOf = async (artworkId: string) =>
  await t().db.select().from(artistCredits).where(eq(artistCredits.artworkId, artworkId));
const pieceIds = async (artistId: string) => {
  const viewer = await signUp(t().app);
  const res = await viewer.request({ url: `/api/artists/${artistId}` });
  expect(res.statusCode).toBe(200);
  return res.json<ArtistProfile>().pieces.map((p) => p.id);
};

describe('proposing and confirming a credit', () => {
  it('a proposal waits; one other player’s confirmation puts the piece on the artist’s page', async () => {
    const artistId = await insertArtist(t().db, 'Mira Okafor');
    const { pinner, artworkId } = await piece();
    const proposed = await propose(pinner, artworkId, artistId);
    expect(proposed.statusCode).toBe(201);
    const [credit] = proposed.json<ArtworkCredits>().credits;
    expect(credit).toMatchObject({ status: 'proposed', proposedByMe: true, confirmations: 0 });
    expect(await pieceIds(artistId)).toEqual([]);

    const second = await signUp(t().app);
    const confirmed = await vote(second, credit!.id, 'confirm');
    expect(confirmed.statusCode).toBe(201);
    const after = confirmed.json<ArtworkCredits>().credits[0]!;
    expect(after).toMatchObject({ status: 'confirmed', confirmations: 1, myVote: 'confirm' });
    expect(after.history.map((h) => [h.kind, h.username])).toEqual([
      ['proposed', pinner.username],
      ['confirm', second.username],
    ]);
    expect(await pieceIds(artistId)).toEqual([artworkId]);
    // The piece now names its artist wherever it is shown.
    const artwork = await pinner.request({ url: `/api/artworks/${artworkId}` });
    expect(artwork.json<{ artistName: string | null }>().artistName).toBe('Mira Okafor');
  });

  it('two disputes outnumbering those who agree dispute it, and it leaves the page', async () => {
    const artistId = await insertArtist(t().db);
    const { pinner, artworkId } = await piece();
    const creditId = (await propose(pinner, artworkId, artistId)).json<ArtworkCredits>().credits[0]!
      .id;
    await vote(await signUp(t().app), creditId, 'confirm');
    expect(await pieceIds(artistId)).toEqual([artworkId]);
    for (let i = 0; i < 3; i++) {
      expect((await vote(await signUp(t().app), creditId, 'dispute')).statusCode).toBe(201);
    }
    expect((await creditsOf(artworkId))[0]!.status).toBe('disputed');
    expect(await pieceIds(artistId)).toEqual([]);
  });

  it('free text stays a suggestion, naming the artist it matches', async () => {
    const artistId = await insertArtist(t().db, 'Sofia Wren');
    const { pinner, artworkId } = await piece();
    await t()
      .db.update(artworks)
      .set({ artistName: ' sofia wren ' })
      .where(eq(artworks.id, artworkId));
    const res = await pinner.request({ url: `/api/artworks/${artworkId}/credits` });
    expect(res.json<ArtworkCredits>()).toMatchObject({
      suggestion: 'sofia wren',
      suggestedArtistId: artistId,
      credits: [],
    });
  });
});

describe('refused, changing nothing', () => {
  it('bad proposals: missing, wrong type, too long, unknown artist or piece, replayed', async () => {
    const artistId = await insertArtist(t().db);
    const { pinner, artworkId } = await piece();
    const post = (url: string, payload: unknown) =>
      pinner.request({ method: 'POST', url, payload: payload as object });
    const url = `/api/artworks/${artworkId}/credits`;
    expect((await post(url, {})).statusCode).toBe(400);
    expect((await post(url, { artistId: 7 })).statusCode).toBe(400);
    expect((await post(url, { artistId: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await post(url, { artistId: 'nobody' })).statusCode).toBe(404);
    expect((await post('/api/artworks/nothing/credits', { artistId })).statusCode).toBe(404);
    expect((await propose(pinner, artworkId, artistId)).statusCode).toBe(201);
    const again = await propose(await signUp(t().app), artworkId, artistId);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already proposed/);
    expect(await creditsOf(artworkId)).toHaveLength(1);
    const anonymous = await t().app.inject({ method: 'POST', url, payload: { artistId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a hidden piece’s credits are not there', async () => {
    const artistId = await insertArtist(t().db);
    const { pinner, artworkId } = await piece();
    await t().db.update(artworks).set({ hiddenAt: new Date() }).where(eq(artworks.id, artworkId));
    expect((await propose(pinner, artworkId, artistId)).statusCode).toBe(404);
    expect((await pinner.request({ url: `/api/artworks/${artworkId}/credits` })).statusCode).toBe(
      404,
    );
  });

  it('bad votes: the proposer, a replay, a wrong value, an unknown credit', async () => {
    const artistId = await insertArtist(t().db);
    const { pinner, artworkId } = await piece();
    const creditId = (await propose(pinner, artworkId, artistId)).json<ArtworkCredits>().credits[0]!
      .id;
    expect((await vote(pinner, creditId, 'confirm')).statusCode).toBe(403);
    const other = await signUp(t().app);
    expect((await vote(other, creditId, 'maybe')).statusCode).toBe(400);
    expect((await vote(other, creditId, undefined)).statusCode).toBe(400);
    expect((await vote(other, 'no-such-credit', 'confirm')).statusCode).toBe(404);
    expect((await vote(other, creditId, 'dispute')).statusCode).toBe(201);
    const replay = await vote(other, creditId, 'confirm');
    expect(replay.statusCode).toBe(409);
    const votes = await t()
      .db.select()
      .from(artistCreditVotes)
      .where(eq(artistCreditVotes.creditId, creditId));
    expect(votes.map((v) => v.vote)).toEqual(['dispute']);
  });
});

describe('the verified artist’s word', () => {
  it('rejects a wrong credit, which leaves their page, in the audit log', async () => {
    const artistId = await insertArtist(t().db);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const { pinner, artworkId } = await piece();
    const creditId = (await propose(pinner, artworkId, artistId)).json<ArtworkCredits>().credits[0]!
      .id;
    await vote(await signUp(t().app), creditId, 'confirm');
    expect(await pieceIds(artistId)).toEqual([artworkId]);

    const mine = (await artist.request({ url: `/api/artists/${artistId}` })).json<ArtistProfile>();
    expect(mine).toMatchObject({ isMe: true, verified: true });
    expect(mine.awaiting.map((a) => a.creditId)).toEqual([creditId]);
    expect((await vote(artist, creditId, 'dispute')).statusCode).toBe(403);

    const rejected = await settle(artist, creditId, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<ArtworkCredits>().credits[0]).toMatchObject({
      status: 'rejected',
      settledByArtist: true,
    });
    expect(await pieceIds(artistId)).toEqual([]);
    expect((await settle(artist, creditId, 'confirm')).statusCode).toBe(409);
    expect((await vote(await signUp(t().app), creditId, 'confirm')).statusCode).toBe(409);

    const moderator = await signUpModerator(t().app, t().db);
    const log = (await moderator.request({ url: '/api/moderation/actions' })).json<AuditPage>();
    const steps = log.items.filter((e) => e.targetId === artistId).map((e) => e.action);
    expect(steps).toEqual(['artist_reject_credit', 'verify_artist_claim', 'artist_claim']);
  });

  it('an unverified player or another artist cannot settle a credit', async () => {
    const artistId = await insertArtist(t().db);
    const { pinner, artworkId } = await piece();
    const creditId = (await propose(pinner, artworkId, artistId)).json<ArtworkCredits>().credits[0]!
      .id;
    expect((await settle(pinner, creditId, 'reject')).statusCode).toBe(403);
    const someoneElse = await verifiedArtist(t().app, t().db, await insertArtist(t().db));
    expect((await settle(someoneElse, creditId, 'reject')).statusCode).toBe(403);
    expect((await settle(pinner, creditId, 'nope')).statusCode).toBe(400);
    expect((await creditsOf(artworkId))[0]!.status).toBe('proposed');
  });

  it('marks a piece as theirs at once', async () => {
    const artistId = await insertArtist(t().db);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const { artworkId } = await piece();
    const res = await propose(artist, artworkId, artistId);
    expect(res.json<ArtworkCredits>().credits[0]).toMatchObject({
      status: 'confirmed',
      settledByArtist: true,
    });
    expect(await pieceIds(artistId)).toEqual([artworkId]);
  });
});
