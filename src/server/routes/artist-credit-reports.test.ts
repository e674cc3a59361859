import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/app.ts';
import { inboxOf, queuedReport, useReportCast } from '../../../test/artist-reports.ts';
import { confirmedCredit, propose, vote } from '../../../test/artists.ts';
import { act, acted, report, reportTwice } from '../../../test/moderation.ts';
import type { ArtistListItem, ArtistProfile, ArtworkCredits } from '../../core/schemas/artists.ts';
import { artistCredits } from '../db/artists-schema.ts';
import { contentReports, moderationActions } from '../db/moderation-schema.ts';
import { ALREADY_REPORTED } from '../services/reports.ts';

/**
 * A piece's credit reported and moderated like other content (docs/decisions/049, 026): a
 * hidden credit names nobody, on the piece, on the artist's page or in the artists list.
 */

const cast = useReportCast();
const t = cast.app;

const profile = async (artistId: string) =>
  (await cast.reader.request({ url: `/api/artists/${artistId}` })).json<ArtistProfile>();
const listed = async (artistId: string) =>
  (await cast.reader.request({ url: '/api/artists' }))
    .json<ArtistListItem[]>()
    .find((a) => a.id === artistId);
const credits = async (artworkId: string) =>
  (await cast.reader.request({ url: `/api/artworks/${artworkId}/credits` })).json<ArtworkCredits>();
const artistNameOf = async (artworkId: string) =>
  (await cast.reader.request({ url: `/api/artworks/${artworkId}` })).json<{
    artistName: string | null;
  }>().artistName;
const reportsOn = async (creditId: string) =>
  await t().db.select().from(contentReports).where(eq(contentReports.targetId, creditId));
const hiddenAt = async (creditId: string) =>
  (await t().db.select().from(artistCredits).where(eq(artistCredits.id, creditId)))[0]!.hiddenAt;
const hide = (creditId: string, reason: unknown = 'Not their piece') => ({
  action: 'hide' as const,
  targetType: 'artist_credit' as const,
  targetId: creditId,
  reason: reason as string,
});

describe('reporting a credit', () => {
  it('takes one report per player; refuses bad input, an unknown credit and one’s own', async () => {
    const { creditId, proposer } = await confirmedCredit(t().app, t().db);
    const payload = { targetType: 'artist_credit', targetId: creditId, reason: 'abusive' };
    const first = await report(cast.reader, { ...payload, note: 'Wrong artist on purpose' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ hidden: false });

    const replayed = await report(cast.reader, payload);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual({ message: ALREADY_REPORTED });
    const bad: [object, string][] = [
      [{ targetId: creditId, reason: 'spam' }, 'targetType'],
      [{ targetType: 'artist_credits', targetId: creditId, reason: 'spam' }, 'targetType'],
      [{ targetType: 'artist_credit', reason: 'spam' }, 'targetId'],
      [{ targetType: 'artist_credit', targetId: 42, reason: 'spam' }, 'targetId'],
      [{ targetType: 'artist_credit', targetId: creditId }, 'reason'],
      [{ targetType: 'artist_credit', targetId: creditId, reason: 'wrong' }, 'reason'],
      [{ ...payload, note: 'n'.repeat(501) }, 'note'],
      [{ ...payload, note: 7 }, 'note'],
    ];
    const other = await signUp(t().app);
    for (const [body, field] of bad) {
      const res = await report(other, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const own = await report(proposer, payload);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot report your own credit.' });
    const unknown = await report(other, { ...payload, targetId: 'no-such-credit' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'That credit was not found.' });
    const anonymous = await t().app.inject({ method: 'POST', url: '/api/reports', payload });
    expect(anonymous.statusCode).toBe(401);
    // Only the first report was kept, and nothing is hidden.
    expect(await reportsOn(creditId)).toHaveLength(1);
    expect(await hiddenAt(creditId)).toBeNull();
  });

  it('is hidden by two established players’ reports and queued with the piece', async () => {
    const { artistId, artworkId, creditId, proposer } = await confirmedCredit(
      t().app,
      t().db,
      'Quinn Ash',
    );
    await reportTwice(cast.reporters, 'artist_credit', creditId);
    expect(await hiddenAt(creditId)).not.toBeNull();
    expect((await profile(artistId)).pieces).toEqual([]);
    expect(await queuedReport(cast.mod, creditId)).toMatchObject({
      targetType: 'artist_credit',
      count: 2,
      established: 2,
      imported: false,
      history: { logs: { found: 1 } },
      preview: {
        title: 'Quinn Ash credited for Koala',
        text: 'Confirmed by players',
        ownerName: proposer.username,
        link: `/art/${artworkId}`,
        hidden: true,
      },
    });
  });
});

describe('a moderator on a reported credit', () => {
  it('hides it with a reason: it leaves the piece, the artist’s page and the list', async () => {
    const { artistId, artworkId, creditId } = await confirmedCredit(t().app, t().db, 'Rae Moss');
    expect((await profile(artistId)).pieces.map((p) => p.id)).toEqual([artworkId]);
    expect(await artistNameOf(artworkId)).toBe('Rae Moss');
    await report(cast.reporters[0]!, {
      targetType: 'artist_credit',
      targetId: creditId,
      reason: 'spam',
    });

    for (const payload of [
      { action: 'hide', targetType: 'artist_credit', targetId: creditId },
      hide(creditId, '   '),
      hide(creditId, 42),
      hide(creditId, 'r'.repeat(2001)),
    ]) {
      const res = await act(cast.mod, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await act(cast.mod, hide('no-such-credit'))).statusCode).toBe(404);
    expect((await act(cast.reader, hide(creditId))).statusCode).toBe(403);
    expect(await hiddenAt(creditId)).toBeNull();

    const entry = await acted(cast.mod, hide(creditId));
    expect(entry).toMatchObject({
      action: 'hide',
      targetType: 'artist_credit',
      targetLabel: 'Rae Moss credited for Koala',
      reason: 'Not their piece',
      details: { reportsResolved: 1 },
    });
    const audit = await t()
      .db.select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, creditId));
    expect(audit.map((a) => [a.action, a.actorLabel])).toEqual([['hide', cast.mod.username]]);

    expect((await credits(artworkId)).credits).toEqual([]);
    expect(await artistNameOf(artworkId)).not.toBe('Rae Moss');
    const page = await profile(artistId);
    expect(page.pieces).toEqual([]);
    expect(page.counts.pieces).toBe(0);
    expect(await listed(artistId)).toMatchObject({ pieces: 0, photoUrl: null });
    // Nobody votes on it or proposes it again meanwhile.
    expect((await vote(await signUp(t().app), creditId, 'dispute')).statusCode).toBe(404);
    const again = await propose(cast.reader, artworkId, artistId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('hidden while it is reviewed');
    // Its reporter hears it was upheld; hiding it twice changes nothing.
    expect(await inboxOf(cast.reporters[0]!)).toContainEqual({
      kind: 'report_upheld',
      title: 'Rae Moss credited for Koala',
      link: null,
    });
    const twice = await act(cast.mod, hide(creditId));
    expect(twice.statusCode).toBe(409);
    expect(await queuedReport(cast.mod, creditId)).toBeUndefined();

    await acted(cast.mod, { ...hide(creditId, 'Checked: it is theirs'), action: 'restore' });
    expect((await credits(artworkId)).credits.map((c) => c.id)).toEqual([creditId]);
    expect((await profile(artistId)).pieces.map((p) => p.id)).toEqual([artworkId]);
    expect(await listed(artistId)).toMatchObject({ pieces: 1 });
  });

  it('cannot decide on a credit they proposed themself: refused and on the record', async () => {
    const { creditId } = await confirmedCredit(t().app, t().db);
    await t()
      .db.update(artistCredits)
      .set({ proposedById: cast.mod.id })
      .where(eq(artistCredits.id, creditId));
    const res = await act(cast.mod, hide(creditId));
    expect(res.statusCode).toBe(403);
    expect(await hiddenAt(creditId)).toBeNull();
    const [refused] = await t()
      .db.select()
      .from(moderationActions)
      .where(
        and(eq(moderationActions.targetId, creditId), eq(moderationActions.action, 'refused')),
      );
    expect(refused).toMatchObject({ targetType: 'artist_credit' });
  });
});

describe('many moderators at once', () => {
  it(
    'hide a reported credit once under 50 simultaneous hides',
    { tags: ['concurrency'] },
    async () => {
      const { creditId } = await confirmedCredit(t().app, t().db);
      await report(cast.reader, {
        targetType: 'artist_credit',
        targetId: creditId,
        reason: 'spam',
      });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => act(cast.mod, hide(creditId))),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
      const audit = await t()
        .db.select()
        .from(moderationActions)
        .where(eq(moderationActions.targetId, creditId));
      expect(audit).toHaveLength(1);
      const open = await t()
        .db.select()
        .from(contentReports)
        .where(and(eq(contentReports.targetId, creditId), isNull(contentReports.resolvedAt)));
      expect(open).toEqual([]);
    },
  );
});
