import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useUnlimitedApp } from '../../../test/app.ts';
import { signUpEstablished, signUpModerator } from '../../../test/moderation.ts';
import { artworkStops, artworksInARow, makeTour, tourInput } from '../../../test/tours.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { tourStops } from '../db/tours-schema.ts';

/**
 * A tour's stops are always one author's list whole (docs/decisions/044): updates lock the
 * tour's row, so 50 fired at once run one after another. Meaningful on Postgres
 * (TEST_DATABASE_URL), where they truly overlap; PGlite runs them one after another anyway.
 */

const AT_ONCE = 50;
const app = useUnlimitedApp();

describe(`${AT_ONCE} updates of one tour at once`, () => {
  it(
    'every one answered, and the stops are exactly the list of one of them',
    { tags: ['concurrency'] },
    async () => {
      const author = await signUpEstablished(app().app, app().db);
      const ids = await artworksInARow(app().db, { latitude: -33.87, longitude: 151.2 }, 12, 100);
      const tour = await makeTour(author, tourInput(artworkStops(ids.slice(0, 2))));
      // Each request its own list: a different length and order, so a mix of two shows.
      const lists = Array.from({ length: AT_ONCE }, (_, i) =>
        Array.from({ length: 2 + (i % 10) }, (_, j) => ids[(i + j) % ids.length]!),
      );
      const results = await Promise.all(
        lists.map((stops, i) =>
          author.request({
            method: 'PUT',
            url: `/api/tours/${tour.id}`,
            payload: tourInput(artworkStops(stops), { title: `Version ${i}` }),
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(200));
      // Each answer shows the tour as its own update left it.
      results.forEach((r, i) => {
        expect(r.json<{ stops: { id: string }[] }>().stops.map((s) => s.id)).toEqual(lists[i]);
      });

      const stored = await app()
        .db.select({ artworkId: tourStops.artworkId, position: tourStops.position })
        .from(tourStops)
        .where(eq(tourStops.tourId, tour.id))
        .orderBy(asc(tourStops.position));
      const title = (await author.request({ url: `/api/tours/${tour.id}` })).json<{
        title: string;
      }>().title;
      const winner = Number(title.replace('Version ', ''));
      expect(stored.map((s) => s.artworkId)).toEqual(lists[winner]);
      expect(stored.map((s) => s.position)).toEqual(lists[winner]!.map((_, i) => i));
    },
  );
});

describe(`${AT_ONCE} deletions of one tour at once by staff`, () => {
  it(
    'one deletes it and is audited; the others find it gone',
    { tags: ['concurrency'] },
    async () => {
      const author = await signUpEstablished(app().app, app().db);
      const mod = await signUpModerator(app().app, app().db);
      const ids = await artworksInARow(app().db, { latitude: -33.9, longitude: 151.25 }, 3, 100);
      const tour = await makeTour(author, tourInput(artworkStops(ids)));
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          mod.request({
            method: 'DELETE',
            url: `/api/tours/${tour.id}`,
            payload: { reason: 'Spam' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([
        204,
        ...Array(AT_ONCE - 1).fill(404),
      ]);
      const audited = await app()
        .db.select()
        .from(moderationActions)
        .where(eq(moderationActions.targetId, tour.id));
      expect(audited.map((a) => a.action)).toEqual(['delete_tour']);
    },
  );
});
