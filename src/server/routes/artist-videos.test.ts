import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pinArtwork, signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { insertArtist, propose, verifiedArtist } from '../../../test/artists.ts';
import { giveProMonth } from '../../../test/pro.ts';
import type { ArtistProfile, ArtworkCredits } from '../../core/schemas/artists.ts';
import { artistVideos } from '../db/artists-schema.ts';

/** Artist video for Pro (decision 049): the verified artist adds it, Pro players play it. */

const t = useUnlimitedApp();

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const setVideo = (player: Player, artistId: string, payload: unknown) =>
  player.request({
    method: 'PUT',
    url: `/api/artists/${artistId}/video`,
    payload: payload as object,
  });
const profile = async (player: Player, artistId: string) =>
  (await player.request({ url: `/api/artists/${artistId}` })).json<ArtistProfile>();

describe('PUT /api/artists/:id/video', () => {
  it('a Pro player gets the video to play, a free player learns that it exists', async () => {
    const artistId = await insertArtist(t().db);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const res = await setVideo(artist, artistId, { url: YOUTUBE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' });

    const free = await signUp(t().app);
    expect((await profile(free, artistId)).video).toEqual({ provider: 'youtube', id: null });
    const pro = await signUp(t().app);
    await giveProMonth(t().db, pro.id);
    expect((await profile(pro, artistId)).video).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect((await profile(artist, artistId)).video?.id).toBe('dQw4w9WgXcQ');

    // A new link replaces the old one.
    await setVideo(artist, artistId, { url: 'https://vimeo.com/76979871' });
    expect((await profile(pro, artistId)).video).toEqual({ provider: 'vimeo', id: '76979871' });
    const rows = await t()
      .db.select()
      .from(artistVideos)
      .where(eq(artistVideos.artistId, artistId));
    expect(rows).toHaveLength(1);
  });

  it('a piece of theirs carries its own video, shown on the artwork', async () => {
    const artistId = await insertArtist(t().db);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const pinner = await signUp(t().app);
    const piece = await pinArtwork(pinner, { latitude: -12.46, longitude: 130.84 });
    const other = await pinArtwork(pinner, { latitude: -12.47, longitude: 130.85 });
    await propose(artist, piece, artistId);
    expect((await setVideo(artist, artistId, { url: YOUTUBE, artworkId: other })).statusCode).toBe(
      404,
    );
    expect((await setVideo(artist, artistId, { url: YOUTUBE, artworkId: piece })).statusCode).toBe(
      200,
    );
    const credits = await pinner.request({ url: `/api/artworks/${piece}/credits` });
    expect(credits.json<ArtworkCredits>().video).toMatchObject({ provider: 'youtube', id: null });
    expect((await profile(pinner, artistId)).video).toBeNull();
  });

  it('refuses anyone but the verified artist, and bad links, changing nothing', async () => {
    const artistId = await insertArtist(t().db);
    const player = await signUp(t().app);
    expect((await setVideo(player, artistId, { url: YOUTUBE })).statusCode).toBe(403);
    const someoneElse = await verifiedArtist(t().app, t().db, await insertArtist(t().db));
    expect((await setVideo(someoneElse, artistId, { url: YOUTUBE })).statusCode).toBe(403);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    for (const payload of [
      {},
      { url: 42 },
      { url: `https://www.youtube.com/watch?v=${'x'.repeat(500)}` },
      { url: 'http://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { url: 'https://example.org/video.mp4' },
      { url: YOUTUBE, artworkId: 7 },
    ]) {
      expect((await setVideo(artist, artistId, payload)).statusCode).toBe(400);
    }
    expect((await setVideo(artist, 'nobody', { url: YOUTUBE })).statusCode).toBe(404);
    const anonymous = await t().app.inject({
      method: 'PUT',
      url: `/api/artists/${artistId}/video`,
      payload: { url: YOUTUBE },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t()
      .db.select()
      .from(artistVideos)
      .where(eq(artistVideos.artistId, artistId));
    expect(rows).toEqual([]);
  });
});
