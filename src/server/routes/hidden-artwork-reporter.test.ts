import { beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import { pinnerAndFinder, signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import {
  acted,
  reportTwice,
  signUpEstablished,
  signUpModerator,
} from '../../../test/moderation.ts';

/**
 * A player whose report hid an artwork is told so on its page, not that its link is broken;
 * to everyone else a hidden artwork is simply not there (docs/decisions/026).
 */

const t = useUnlimitedApp();
/** A moderator and two established players, whose two reports hide what they report. */
let mod: Player;
let bob: Player;
let carol: Player;
beforeAll(async () => {
  const { app, db } = t();
  [mod, bob, carol] = [
    await signUpModerator(app, db),
    await signUpEstablished(app, db),
    await signUpEstablished(app, db),
  ];
});

const page = (player: Player, id: string) => player.request({ url: `/api/artworks/${id}` });

describe('GET /api/artworks/:id of a hidden artwork', () => {
  it('tells the reporters whose reports hid it that it waits for a moderator', async () => {
    const { pinner, artworkId } = await pinnerAndFinder(t().app, {
      latitude: -31.2,
      longitude: 115.4,
    });
    await reportTwice([bob, carol], 'artwork', artworkId);

    for (const reporter of [bob, carol]) {
      const res = await page(reporter, artworkId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: HIDDEN_AFTER_YOUR_REPORT.waiting });
    }
    // Its pinner and a stranger reported nothing: to them it is not there.
    for (const other of [pinner, await signUp(t().app)]) {
      expect((await page(other, artworkId)).json()).toEqual({ message: 'Artwork not found' });
    }
  });

  it('tells a reporter when a moderator took down what they reported', async () => {
    const { artworkId } = await pinnerAndFinder(t().app, { latitude: -31.25, longitude: 115.45 });
    await reportTwice([bob], 'artwork', artworkId);
    await acted(mod, { action: 'hide', targetType: 'artwork', targetId: artworkId, reason: 'ok' });
    expect((await page(bob, artworkId)).json()).toEqual({
      message: HIDDEN_AFTER_YOUR_REPORT.removed,
    });
    expect((await page(carol, artworkId)).json()).toEqual({ message: 'Artwork not found' });
  });

  it('shows the page to its reporter as to anyone once it is restored', async () => {
    const { artworkId } = await pinnerAndFinder(t().app, { latitude: -31.3, longitude: 115.5 });
    await reportTwice([bob, carol], 'artwork', artworkId);
    await acted(mod, {
      action: 'restore',
      targetType: 'artwork',
      targetId: artworkId,
      reason: 'fine',
    });
    const res = await page(bob, artworkId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: artworkId });
  });
});
