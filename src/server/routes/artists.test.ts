import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findArtwork,
  pinArtwork,
  signUp,
  uploadPhoto,
  useUnlimitedApp,
  type Player,
} from '../../../test/app.ts';
import {
  claim,
  insertArtist,
  LINK_EVIDENCE,
  propose,
  verifiedArtist,
  vote,
} from '../../../test/artists.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import type {
  ArtistListItem,
  ArtistProfile,
  ArtworkCredits,
  Claim,
} from '../../core/schemas/artists.ts';
import { artistClaims } from '../db/artists-schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { artworks, discoveries } from '../db/schema.ts';

/** Artist profiles built from the map, and claims on them (decision 049). */

const t = useUnlimitedApp();

let lng = 138;
const spot = () => ({ latitude: -34.9, longitude: (lng += 0.01) });

/** A piece credited to the artist: pinned and proposed by one player, confirmed by another. */
async function creditedPiece(artistId: string, pinner?: Player, voter?: Player) {
  const by = pinner ?? (await signUp(t().app));
  const at = spot();
  const artworkId = await pinArtwork(by, at, { name: `Piece ${lng}` });
  const creditId = (await propose(by, artworkId, artistId)).json<ArtworkCredits>().credits[0]!.id;
  await vote(voter ?? (await signUp(t().app)), creditId, 'confirm');
  return { pinner: by, artworkId, at };
}

const decide = (staff: Player, id: string, payload: object) =>
  staff.request({ method: 'POST', url: `/api/artist-claims/${id}/decision`, payload });

describe('GET /api/artists/:id', () => {
  it('shows the pieces on a map, players’ photos, finds and standing vs gone', async () => {
    const artistId = await insertArtist(t().db);
    const [pinner, voter] = [await signUp(t().app), await signUp(t().app)];
    const a = await creditedPiece(artistId, pinner, voter);
    const b = await creditedPiece(artistId, pinner, voter);
    await findArtwork(voter, a.artworkId, a.at);
    await t().db.update(artworks).set({ status: 'gone' }).where(eq(artworks.id, b.artworkId));

    const viewer = voter;
    const profile = (
      await viewer.request({ url: `/api/artists/${artistId}` })
    ).json<ArtistProfile>();
    expect(profile.counts).toEqual({ pieces: 2, standing: 1, gone: 1, finds: 3 });
    expect(profile.pieces.map((p) => p.id).sort()).toEqual([a.artworkId, b.artworkId].sort());
    expect(profile.photos).toHaveLength(3);
    expect(profile).toMatchObject({ verified: false, isMe: false, myClaim: null });

    const list = (await viewer.request({ url: '/api/artists' })).json<ArtistListItem[]>();
    const card = list.find((x) => x.id === artistId)!;
    expect(card.pieces).toBe(2);
    expect(card.photoUrl).toMatch(/^\/objects\//);
  });

  it('leaves out hidden pieces and hidden photos', async () => {
    const artistId = await insertArtist(t().db);
    const a = await creditedPiece(artistId);
    const b = await creditedPiece(artistId);
    await t().db.update(artworks).set({ hiddenAt: new Date() }).where(eq(artworks.id, a.artworkId));
    await t()
      .db.update(discoveries)
      .set({ hiddenAt: new Date() })
      .where(eq(discoveries.artworkId, b.artworkId));
    const profile = (
      await b.pinner.request({ url: `/api/artists/${artistId}` })
    ).json<ArtistProfile>();
    expect(profile.pieces.map((p) => p.id)).toEqual([b.artworkId]);
    expect(profile.photos).toEqual([]);
  });

  it('404 for an unknown artist, 401 signed out, 414 for a too-long id', async () => {
    const viewer = await signUp(t().app);
    expect((await viewer.request({ url: '/api/artists/nobody' })).statusCode).toBe(404);
    expect((await viewer.request({ url: `/api/artists/${'x'.repeat(101)}` })).statusCode).toBe(414);
    expect((await t().app.inject({ url: '/api/artists/nobody' })).statusCode).toBe(401);
  });
});

describe('claims', () => {
  it('a claim waits for staff; verified, the profile says so and the list marks it', async () => {
    const artistId = await insertArtist(t().db);
    const player = await signUp(t().app);
    const res = await claim(player, artistId, { ...LINK_EVIDENCE, note: 'My Instagram bio' });
    expect(res.statusCode).toBe(201);
    const made = res.json<Claim>();
    expect(made).toMatchObject({ status: 'pending', username: player.username });
    const mine = (await player.request({ url: `/api/artists/${artistId}` })).json<ArtistProfile>();
    expect(mine.myClaim).toBe('pending');

    const moderator = await signUpModerator(t().app, t().db);
    const queue = (await moderator.request({ url: '/api/artist-claims' })).json<Claim[]>();
    expect(queue.map((c) => c.id)).toContain(made.id);
    const verified = await decide(moderator, made.id, {
      decision: 'verify',
      reason: 'Bio names us',
    });
    expect(verified.statusCode).toBe(200);
    const after = (await player.request({ url: `/api/artists/${artistId}` })).json<ArtistProfile>();
    expect(after).toMatchObject({ verified: true, isMe: true });
    const list = (await player.request({ url: '/api/artists' })).json<ArtistListItem[]>();
    expect(list.find((x) => x.id === artistId)!.verified).toBe(true);
    // Replayed decision: decided once.
    expect((await decide(moderator, made.id, { decision: 'refuse', reason: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('a photo claim takes only the player’s own upload', async () => {
    const artistId = await insertArtist(t().db);
    const player = await signUp(t().app);
    const other = await signUp(t().app);
    const theirs = await uploadPhoto(other);
    const refused = await claim(player, artistId, { evidenceKind: 'photo', imageUrl: theirs });
    expect(refused.statusCode).toBe(400);
    const own = await uploadPhoto(player);
    const res = await claim(player, artistId, { evidenceKind: 'photo', imageUrl: own });
    expect(res.statusCode).toBe(201);
    expect(res.json<Claim>().evidenceUrl).toBe(own);
  });

  it('bad claims: missing, wrong type, too long, not https, replayed, unknown artist', async () => {
    const artistId = await insertArtist(t().db);
    const player = await signUp(t().app);
    const bad = [
      {},
      { evidenceKind: 'link' },
      { evidenceKind: 'video', evidenceUrl: 'https://example.org' },
      { evidenceKind: 'link', evidenceUrl: 42 },
      { evidenceKind: 'link', evidenceUrl: 'http://example.org/me' },
      { evidenceKind: 'link', evidenceUrl: `https://example.org/${'x'.repeat(500)}` },
      { ...LINK_EVIDENCE, note: 'x'.repeat(501) },
    ];
    for (const payload of bad)
      expect((await claim(player, artistId, payload)).statusCode).toBe(400);
    expect((await claim(player, 'nobody', LINK_EVIDENCE)).statusCode).toBe(404);
    expect((await claim(player, artistId, LINK_EVIDENCE)).statusCode).toBe(201);
    expect((await claim(player, artistId, LINK_EVIDENCE)).statusCode).toBe(409);
    const rows = await t()
      .db.select()
      .from(artistClaims)
      .where(eq(artistClaims.artistId, artistId));
    expect(rows).toHaveLength(1);
  });

  it('one verified account per artist, one artist per account', async () => {
    const artistId = await insertArtist(t().db);
    const first = await verifiedArtist(t().app, t().db, artistId);
    const second = await signUp(t().app);
    const taken = await claim(second, artistId, LINK_EVIDENCE);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toMatch(/already has a verified account/);
    expect((await claim(first, await insertArtist(t().db), LINK_EVIDENCE)).statusCode).toBe(409);
  });

  it('two claims waiting on one artist: verifying the second is refused', async () => {
    const artistId = await insertArtist(t().db);
    const ids = [];
    for (let i = 0; i < 2; i++) {
      ids.push((await claim(await signUp(t().app), artistId, LINK_EVIDENCE)).json<Claim>().id);
    }
    const moderator = await signUpModerator(t().app, t().db);
    const payload = { decision: 'verify', reason: 'ok' };
    expect((await decide(moderator, ids[0]!, payload)).statusCode).toBe(200);
    expect((await decide(moderator, ids[1]!, payload)).statusCode).toBe(409);
  });

  it('staff only: a player cannot list or decide claims; bad decisions are refused', async () => {
    const artistId = await insertArtist(t().db);
    const player = await signUp(t().app);
    const id = (await claim(player, artistId, LINK_EVIDENCE)).json<Claim>().id;
    expect((await player.request({ url: '/api/artist-claims' })).statusCode).toBe(403);
    expect((await decide(player, id, { decision: 'verify', reason: 'me' })).statusCode).toBe(403);
    const moderator = await signUpModerator(t().app, t().db);
    expect((await decide(moderator, id, { decision: 'verify' })).statusCode).toBe(400);
    expect((await decide(moderator, id, { decision: 'maybe', reason: 'x' })).statusCode).toBe(400);
    expect(
      (await decide(moderator, 'nothing', { decision: 'verify', reason: 'x' })).statusCode,
    ).toBe(404);
    const [row] = await t().db.select().from(artistClaims).where(eq(artistClaims.id, id));
    expect(row!.status).toBe('pending');
  });

  it('staff cannot decide their own claim: refused, on the record, still waiting', async () => {
    const artistId = await insertArtist(t().db);
    const moderator = await signUpModerator(t().app, t().db);
    const id = (await claim(moderator, artistId, LINK_EVIDENCE)).json<Claim>().id;
    for (const decision of ['verify', 'refuse']) {
      const own = await decide(moderator, id, { decision, reason: 'It is me' });
      expect(own.statusCode).toBe(403);
      expect(own.json<{ message: string }>().message).toBe(
        'Another moderator must review your own claim.',
      );
    }
    const [row] = await t().db.select().from(artistClaims).where(eq(artistClaims.id, id));
    expect(row!.status).toBe('pending');
    const audit = await t()
      .db.select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, artistId));
    const decisions = audit.filter((r) => r.action !== 'artist_claim');
    expect(decisions.map((r) => [r.action, r.actorId, r.reason])).toEqual([
      ['refused', moderator.id, 'It is me'],
      ['refused', moderator.id, 'It is me'],
    ]);
    const other = await signUpModerator(t().app, t().db);
    expect(
      (await decide(other, id, { decision: 'verify', reason: 'Bio names us' })).statusCode,
    ).toBe(200);
  });
});
