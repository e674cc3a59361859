import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import {
  acted,
  report,
  reportTwice,
  signUpEstablished,
  signUpModerator,
} from '../../../test/moderation.ts';
import { artworkStops, artworksInARow, makeTour, tourInput } from '../../../test/tours.ts';
import type { ModerationQueues } from '../../core/schemas/moderation.ts';
import type { TourDetail, TourList } from '../../core/schemas/tours.ts';
import { TOUR_HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { tours } from '../db/tours-schema.ts';

/**
 * A tour is reported and moderated like everything else (docs/decisions/044, 026): two
 * established players' reports hide it until a moderator decides; staff tours are never hidden
 * by players.
 */

const app = useUnlimitedApp();
let mod: Player;
let author: Player;
let reporters: Player[];
let reader: Player;

beforeAll(async () => {
  const t = app();
  mod = await signUpModerator(t.app, t.db);
  author = await signUpEstablished(t.app, t.db);
  reporters = [await signUpEstablished(t.app, t.db), await signUpEstablished(t.app, t.db)];
  reader = await signUp(t.app);
});

let spot = 0;
/** A tour of three new artworks, in a place of its own. */
async function tourBy(player: Player, title: string): Promise<TourDetail> {
  const at = { latitude: 45.4 + ++spot * 0.05, longitude: -73.6 };
  return makeTour(
    player,
    tourInput(artworkStops(await artworksInARow(app().db, at, 3)), { title }),
  );
}
const read = (player: Player, id: string) => player.request({ url: `/api/tours/${id}` });
const listed = async (player: Player) =>
  (await player.request({ url: '/api/tours' })).json<TourList>().tours;
const auditOf = (id: string) =>
  app().db.select().from(moderationActions).where(eq(moderationActions.targetId, id));
const queued = async (id: string) =>
  (await mod.request({ url: '/api/moderation/queues' }))
    .json<ModerationQueues>()
    .reports.items.find((g) => g.targetId === id);

describe('a reported tour', () => {
  it('is hidden by two established players, queued with a preview, and a moderator restores it', async () => {
    const tour = await tourBy(author, 'Reported walk');
    await reportTwice(reporters, 'tour', tour.id);

    // Gone for everyone else, still there for its author, marked.
    expect((await read(reader, tour.id)).statusCode).toBe(404);
    expect((await read(reader, tour.id)).json()).toEqual({ message: 'That tour was not found.' });
    // Its reporters hear why, not that its link is broken.
    for (const reporter of reporters) {
      expect((await read(reporter, tour.id)).json()).toEqual({
        message: TOUR_HIDDEN_AFTER_YOUR_REPORT.waiting,
      });
    }
    expect((await listed(reader)).some((t) => t.id === tour.id)).toBe(false);
    expect((await read(author, tour.id)).json<TourDetail>().hidden).toBe(true);
    expect((await listed(author)).find((t) => t.id === tour.id)?.hidden).toBe(true);
    // Nobody reports what they cannot see.
    const late = await report(await signUpEstablished(app().app, app().db), {
      targetType: 'tour',
      targetId: tour.id,
      reason: 'spam',
    });
    expect(late.statusCode).toBe(404);

    expect(await queued(tour.id)).toMatchObject({
      targetType: 'tour',
      count: 2,
      established: 2,
      imported: false,
      preview: {
        title: 'Reported walk',
        ownerName: author.username,
        link: `/tours/${tour.id}`,
        hidden: true,
        place: { address: 'Melbourne', latitude: tour.start.latitude },
      },
    });
    expect((await queued(tour.id))!.preview!.text).toMatch(/^Melbourne · Test mural → /);

    const entry = await acted(mod, {
      action: 'restore',
      targetType: 'tour',
      targetId: tour.id,
      reason: 'A fair walk',
    });
    expect(entry).toMatchObject({ action: 'restore', targetLabel: 'Reported walk' });
    expect((await read(reader, tour.id)).statusCode).toBe(200);
    expect(await queued(tour.id)).toBeUndefined();

    // A moderator may hide it outright, too; its reporter hears it was taken down.
    await report(reporters[0]!, { targetType: 'tour', targetId: tour.id, reason: 'spam' });
    await acted(mod, { action: 'hide', targetType: 'tour', targetId: tour.id, reason: 'Spam' });
    expect((await read(reader, tour.id)).statusCode).toBe(404);
    expect((await read(reporters[0]!, tour.id)).json()).toEqual({
      message: TOUR_HIDDEN_AFTER_YOUR_REPORT.removed,
    });
  });

  it('of staff is queued but never hidden by players; a player cannot report their own', async () => {
    const curated = await tourBy(mod, 'Staff walk');
    await reportTwice(reporters, 'tour', curated.id);
    expect((await read(reader, curated.id)).statusCode).toBe(200);
    expect(await queued(curated.id)).toMatchObject({ count: 2, preview: { hidden: false } });

    const own = await tourBy(author, 'My own walk');
    const res = await report(author, { targetType: 'tour', targetId: own.id, reason: 'spam' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot report your own tour.' });
    const missing = await report(reader, { targetType: 'tour', targetId: 'nope', reason: 'spam' });
    expect(missing.statusCode).toBe(404);
  });

  it('seeded by StreetScope is queued as imported', async () => {
    const tour = await tourBy(author, 'Seeded walk');
    await app().db.update(tours).set({ authorId: null }).where(eq(tours.id, tour.id));
    await report(reader, { targetType: 'tour', targetId: tour.id, reason: 'other' });
    expect(await queued(tour.id)).toMatchObject({ imported: true, preview: { ownerName: null } });
  });
});

const remove = (player: Player, id: string, payload: object = {}) =>
  player.request({ method: 'DELETE', url: `/api/tours/${id}`, payload });

describe('deleting a tour', () => {
  it('by its author: gone for everyone, its reports closed, nothing audited', async () => {
    const tour = await tourBy(author, 'Walk I regret');
    await report(reader, { targetType: 'tour', targetId: tour.id, reason: 'spam' });
    expect((await read(author, tour.id)).json<TourDetail>()).toMatchObject({
      mine: true,
      mayDelete: true,
    });
    expect((await read(reader, tour.id)).json<TourDetail>().mayDelete).toBe(false);
    const res = await remove(author, tour.id);
    expect(res.statusCode, res.body).toBe(204);
    for (const player of [author, reader]) {
      expect((await read(player, tour.id)).statusCode).toBe(404);
    }
    expect(await queued(tour.id)).toBeUndefined();
    expect(await auditOf(tour.id)).toEqual([]);
    // Replayed: already gone.
    expect((await remove(author, tour.id)).statusCode).toBe(404);
  });

  it('by staff: with a reason, audited; refused to other players and without a reason', async () => {
    const tour = await tourBy(author, 'Walk to remove');
    expect((await read(mod, tour.id)).json<TourDetail>().mayDelete).toBe(true);
    for (const [player, payload, status] of [
      [reader, {}, 403],
      [reporters[0]!, { reason: 'I do not like it' }, 403],
      [mod, {}, 400],
      [mod, { reason: '   ' }, 400],
      [mod, { reason: 'x'.repeat(2001) }, 400],
      [mod, { reason: 42 }, 400],
    ] as const) {
      const res = await remove(player, tour.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect((await read(reader, tour.id)).statusCode).toBe(200);
    expect(
      (await app().app.inject({ method: 'DELETE', url: `/api/tours/${tour.id}` })).statusCode,
    ).toBe(401);
    expect((await remove(mod, 'no-such-tour', { reason: 'Spam' })).statusCode).toBe(404);

    const res = await remove(mod, tour.id, { reason: 'Spam route' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await read(reader, tour.id)).statusCode).toBe(404);
    expect(await auditOf(tour.id)).toMatchObject([
      { action: 'delete_tour', reason: 'Spam route', details: { title: 'Walk to remove' } },
    ]);
  });

  it('hidden: its author and staff still may, nobody else finds it', async () => {
    const tour = await tourBy(author, 'Hidden walk to delete');
    await reportTwice(reporters, 'tour', tour.id);
    expect((await remove(reader, tour.id)).statusCode).toBe(404);
    expect((await remove(author, tour.id)).statusCode).toBe(204);
  });
});
