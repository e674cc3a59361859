import { describe, expect, it } from 'vitest';
import { findArtwork, pinArtwork, signUp, useUnlimitedApp } from '../../../test/app.ts';
import { artworkKit } from '../../../test/artwork-kit.ts';
import { giveProMonth } from '../../../test/pro.ts';
import { WAYPOINTS_MAX, type ArtworkWaypoints } from '../../core/schemas/artworks.ts';
import { artworks } from '../db/schema.ts';

/** GET /api/artworks/waypoints: what a GPX export of the map's view lists for its artworks. */

const t = useUnlimitedApp();
const { nextSpot, north } = artworkKit(t);

/** A box of about 200 m around a spot. */
const boxAround = (at: { latitude: number; longitude: number }) => ({
  west: String(at.longitude - 0.001),
  east: String(at.longitude + 0.001),
  south: String(at.latitude - 0.001),
  north: String(at.latitude + 0.001),
});

describe('GET /api/artworks/waypoints', () => {
  it('lists the artworks in the box by title and artist, and which the player found', async () => {
    const [pinner, finder] = [await signUp(t().app), await signUp(t().app)];
    const at = nextSpot();
    const koala = await pinArtwork(pinner, at, { name: 'Koala Dreaming' });
    const wombat = await pinArtwork(pinner, north(at, 40), {
      name: 'Neon wombat',
      userRole: 'artist',
    });
    // 1 km north: out of the box.
    await pinArtwork(pinner, north(at, 1000), { name: 'Far away' });
    await findArtwork(finder, koala, north(at, 10));

    const res = await finder.request({ url: '/api/artworks/waypoints', query: boxAround(at) });
    expect(res.statusCode).toBe(200);
    const { artworks: listed, truncated } = res.json<ArtworkWaypoints>();
    expect(truncated).toBe(false);
    // Seen most recently first: the koala was seen again by the finder.
    expect(listed.map((a) => [a.id, a.title, a.status, a.foundByMe])).toEqual([
      [koala, 'Koala Dreaming', 'present', true],
      [wombat, 'Neon wombat', 'present', false],
    ]);
    expect(listed[0]).toMatchObject({ latitude: at.latitude, longitude: at.longitude });

    const gone = await finder.request({
      url: '/api/artworks/waypoints',
      query: { ...boxAround(at), status: 'gone' },
    });
    expect(gone.json<ArtworkWaypoints>().artworks).toEqual([]);
  });

  it('keeps the Pro filters for Pro, as the map does', async () => {
    const player = await signUp(t().app);
    const at = nextSpot();
    const query = { ...boxAround(at), loggedByMe: 'true' };
    const refused = await player.request({ url: '/api/artworks/waypoints', query });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Advanced map filters are part of Pro.' });

    await giveProMonth(t().db, player.id);
    const mine = await pinArtwork(player, at, { name: 'My piece' });
    await pinArtwork(await signUp(t().app), north(at, 30), { name: 'Not mine' });
    const res = await player.request({ url: '/api/artworks/waypoints', query });
    expect(res.json<ArtworkWaypoints>().artworks.map((a) => a.id)).toEqual([mine]);
  });

  it('lists at most the WAYPOINTS_MAX seen most recently, and says there were more', async () => {
    const player = await signUp(t().app);
    const at = nextSpot();
    const start = Date.UTC(2026, 0, 1);
    await t()
      .db.insert(artworks)
      .values(
        Array.from({ length: WAYPOINTS_MAX + 1 }, (_, i) => ({
          id: `crowded-${i}`,
          title: `Piece ${i}`,
          emojiPin: 'tag',
          latitude: at.latitude + (i % 40) * 0.00002,
          longitude: at.longitude + Math.floor(i / 40) * 0.00002,
          lastSeenAt: new Date(start + i * 60_000),
        })),
      );
    const res = await player.request({ url: '/api/artworks/waypoints', query: boxAround(at) });
    const { artworks: listed, truncated } = res.json<ArtworkWaypoints>();
    expect(truncated).toBe(true);
    expect(listed).toHaveLength(WAYPOINTS_MAX);
    expect(listed[0]!.title).toBe(`Piece ${WAYPOINTS_MAX}`);
    expect(listed.map((a) => a.title)).not.toContain('Piece 0');
  });
});
