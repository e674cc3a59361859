import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, type Player } from '../../../test/app.ts';
import { inboxOf, queuedReport, useReportCast } from '../../../test/artist-reports.ts';
import {
  claim,
  confirmedCredit,
  insertArtist,
  LINK_EVIDENCE,
  propose,
  verifiedArtist,
  verifyAsArtist,
} from '../../../test/artists.ts';
import { act, acted, report, reportTwice } from '../../../test/moderation.ts';
import { ARTIST_HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import type { ArtistListItem, ArtistProfile, ArtworkCredits } from '../../core/schemas/artists.ts';
import { artistClaims } from '../db/artists-schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';

/**
 * An artist's page and a verified account's claim on it, reported and moderated
 * (docs/decisions/049, 026): a hidden page answers as a hidden tour does; a verification is
 * never hidden by players, only revoked by a moderator.
 */

const cast = useReportCast();
const t = cast.app;

const read = (player: Player, id: string) => player.request({ url: `/api/artists/${id}` });
const listed = async (id: string) =>
  (await cast.reader.request({ url: '/api/artists' }))
    .json<ArtistListItem[]>()
    .some((a) => a.id === id);
const auditOf = async (id: string) =>
  (await t().db.select().from(moderationActions).where(eq(moderationActions.targetId, id))).map(
    (a) => [a.action, a.targetType, a.reason],
  );

describe('a reported artist page', () => {
  it('is hidden by two established players and answers like a hidden tour', async () => {
    const { artistId, artworkId } = await confirmedCredit(t().app, t().db, 'Lena Vogt');
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const own = await report(artist, { targetType: 'artist', targetId: artistId, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot report your own artist page.' });

    await reportTwice(cast.reporters, 'artist', artistId);
    expect((await read(cast.reader, artistId)).statusCode).toBe(404);
    expect((await read(cast.reader, artistId)).json()).toEqual({ message: 'Artist not found' });
    for (const reporter of cast.reporters) {
      expect((await read(reporter, artistId)).json()).toEqual({
        message: ARTIST_HIDDEN_AFTER_YOUR_REPORT.waiting,
      });
    }
    expect(await listed(artistId)).toBe(false);
    // Its verified account and staff still read it, marked.
    for (const player of [artist, cast.mod]) {
      const res = await read(player, artistId);
      expect(res.statusCode).toBe(200);
      expect(res.json<ArtistProfile>().hidden).toBe(true);
    }
    // Its credits name nobody meanwhile, and it takes no new credits or claims.
    const pieceCredits = await cast.reader.request({ url: `/api/artworks/${artworkId}/credits` });
    expect(pieceCredits.json<ArtworkCredits>().credits).toEqual([]);
    expect((await propose(cast.reader, artworkId, artistId)).statusCode).toBe(404);
    expect((await claim(cast.reader, artistId, LINK_EVIDENCE)).statusCode).toBe(404);
    const late = await report(await signUp(t().app), {
      targetType: 'artist',
      targetId: artistId,
      reason: 'spam',
    });
    expect(late.statusCode).toBe(404);

    expect(await queuedReport(cast.mod, artistId)).toMatchObject({
      targetType: 'artist',
      count: 2,
      imported: true,
      preview: {
        title: 'Lena Vogt (Lena Vogt aka)',
        text: 'Brisbane, Australia · 2001–present · Murals',
        ownerName: artist.username,
        link: `/artists/${artistId}`,
        hidden: true,
      },
    });

    const entry = await acted(cast.mod, {
      action: 'restore',
      targetType: 'artist',
      targetId: artistId,
      reason: 'A real artist',
    });
    expect(entry).toMatchObject({ targetType: 'artist', targetLabel: 'Lena Vogt' });
    expect((await read(cast.reader, artistId)).json<ArtistProfile>()).toMatchObject({
      hidden: false,
      pieces: [{ id: artworkId }],
    });
    expect(await listed(artistId)).toBe(true);
    expect(await inboxOf(cast.reporters[0]!)).toContainEqual({
      kind: 'report_dismissed',
      title: 'Lena Vogt (Lena Vogt aka)',
      link: `/artists/${artistId}`,
    });
    expect(await auditOf(artistId)).toContainEqual(['restore', 'artist', 'A real artist']);
  });

  it('a moderator hides outright; the reporter hears it was taken down', async () => {
    const artistId = await insertArtist(t().db, 'Otto Kern');
    const reporter = await signUp(t().app);
    const res = await report(reporter, {
      targetType: 'artist',
      targetId: artistId,
      reason: 'spam',
    });
    expect(res.json()).toMatchObject({ hidden: false });
    expect(await queuedReport(cast.mod, artistId)).toMatchObject({
      imported: true,
      preview: { ownerName: null },
    });
    await acted(cast.mod, {
      action: 'hide',
      targetType: 'artist',
      targetId: artistId,
      reason: 'Fake',
    });
    expect((await read(reporter, artistId)).json()).toEqual({
      message: ARTIST_HIDDEN_AFTER_YOUR_REPORT.removed,
    });
    expect(await inboxOf(reporter)).toContainEqual({
      kind: 'report_upheld',
      title: 'Otto Kern (Otto Kern aka)',
      link: null,
    });
    expect(await auditOf(artistId)).toEqual([['hide', 'artist', 'Fake']]);
    const missing = await report(reporter, {
      targetType: 'artist',
      targetId: 'nobody',
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'That artist page was not found.' });
  });
});

/** The verified claim players see as the page's verified mark. */
async function verifiedClaim(name: string) {
  const artistId = await insertArtist(t().db, name);
  const artist = await verifiedArtist(t().app, t().db, artistId);
  const claimId = (await read(cast.reader, artistId)).json<ArtistProfile>().verifiedClaimId!;
  expect(claimId).toEqual(expect.any(String));
  return { artistId, artist, claimId };
}
const revoke = (claimId: string, reason = 'The link does not name StreetScope') => ({
  action: 'revoke_claim' as const,
  targetId: claimId,
  reason,
});

describe('a reported verification', () => {
  it('is queued, never hidden by players, and revoked by a moderator with a reason', async () => {
    const { artistId, artist, claimId } = await verifiedClaim('Ines Faro');
    const own = await report(artist, {
      targetType: 'artist_claim',
      targetId: claimId,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot report your own verification.' });
    for (const reporter of cast.reporters) {
      const res = await report(reporter, {
        targetType: 'artist_claim',
        targetId: claimId,
        reason: 'personal_info',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ hidden: false });
    }
    expect((await read(cast.reader, artistId)).json<ArtistProfile>().verified).toBe(true);
    expect(await queuedReport(cast.mod, claimId)).toMatchObject({
      targetType: 'artist_claim',
      count: 2,
      established: 2,
      preview: {
        title: `${artist.username}’s verification as Ines Faro`,
        text: `Evidence: ${LINK_EVIDENCE.evidenceUrl}`,
        description: expect.stringMatching(/^Verified by player_/),
        ownerName: artist.username,
        link: `/artists/${artistId}`,
        hidden: false,
      },
    });

    // Hiding means nothing for a verification; a reason is required; staff only.
    const hidden = await act(cast.mod, {
      action: 'hide',
      targetType: 'artist_claim',
      targetId: claimId,
      reason: 'x',
    });
    expect(hidden.statusCode).toBe(409);
    expect((await act(cast.mod, { action: 'revoke_claim', targetId: claimId })).statusCode).toBe(
      400,
    );
    expect((await act(cast.reader, revoke(claimId))).statusCode).toBe(403);
    expect((await act(cast.mod, revoke('no-such-claim'))).statusCode).toBe(404);
    expect((await queuedReport(cast.mod, claimId))?.count).toBe(2);

    const entry = await acted(cast.mod, revoke(claimId));
    expect(entry).toMatchObject({
      action: 'revoke_claim',
      targetType: 'artist_claim',
      targetLabel: `${artist.username}’s verification as Ines Faro`,
      details: { artistId, reportsResolved: 2 },
    });
    expect((await read(cast.reader, artistId)).json<ArtistProfile>()).toMatchObject({
      verified: false,
      verifiedClaimId: null,
    });
    expect((await read(artist, artistId)).json<ArtistProfile>()).toMatchObject({
      isMe: false,
      myClaim: 'refused',
    });
    expect(await queuedReport(cast.mod, claimId)).toBeUndefined();
    expect(await inboxOf(cast.reporters[1]!)).toContainEqual({
      kind: 'report_upheld',
      title: `${artist.username}’s verification as Ines Faro`,
      link: null,
    });
    // Replayed: there is nothing left to revoke.
    const again = await act(cast.mod, revoke(claimId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This claim is not verified.' });
    expect(await auditOf(claimId)).toEqual([
      ['revoke_claim', 'artist_claim', 'The link does not name StreetScope'],
    ]);
  });

  it('stands when a moderator dismisses its reports; its reporters hear so', async () => {
    const { artistId, claimId } = await verifiedClaim('Juno Pike');
    await report(cast.reader, { targetType: 'artist_claim', targetId: claimId, reason: 'other' });
    await acted(cast.mod, {
      action: 'restore',
      targetType: 'artist_claim',
      targetId: claimId,
      reason: 'Evidence holds',
    });
    expect((await read(cast.reader, artistId)).json<ArtistProfile>().verified).toBe(true);
    expect(await inboxOf(cast.reader)).toContainEqual(
      expect.objectContaining({ kind: 'report_dismissed', link: `/artists/${artistId}` }),
    );
  });

  it('is not reportable while waiting for staff; staff never revoke their own', async () => {
    const artistId = await insertArtist(t().db);
    const claimant = await signUp(t().app);
    const waiting = (await claim(claimant, artistId, LINK_EVIDENCE)).json<{ id: string }>().id;
    const res = await report(cast.reader, {
      targetType: 'artist_claim',
      targetId: waiting,
      reason: 'spam',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'That verification was not found.' });

    const ownArtist = await verifyAsArtist(t().db, cast.mod.id);
    const [ownClaim] = await t()
      .db.select()
      .from(artistClaims)
      .where(and(eq(artistClaims.artistId, ownArtist), eq(artistClaims.userId, cast.mod.id)));
    const refused = await act(cast.mod, revoke(ownClaim!.id));
    expect(refused.statusCode).toBe(403);
    expect(await auditOf(ownClaim!.id)).toEqual([
      ['refused', 'artist_claim', 'The link does not name StreetScope'],
    ]);
  });

  it('is revoked once under 50 simultaneous revokes', { tags: ['concurrency'] }, async () => {
    const { claimId } = await verifiedClaim('Kai Brandt');
    await report(cast.reader, { targetType: 'artist_claim', targetId: claimId, reason: 'spam' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => act(cast.mod, revoke(claimId))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    expect(await auditOf(claimId)).toHaveLength(1);
  });
});
