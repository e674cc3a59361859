import { describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp } from '../../../test/app.ts';
import { artworkKit } from '../../../test/artwork-kit.ts';
import type { ArtworksInView } from '../../core/schemas/artworks.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import { subscriptions } from '../db/payments-schema.ts';

/**
 * The artwork map's filters: status for everyone, the rest for Pro
 * (docs/decisions/021-artworks-and-logs.md).
 */

const t = useUnlimitedApp();

const { nextSpot, document } = artworkKit(t);

describe('the map', () => {
  const boxAround = (at: { latitude: number; longitude: number }) => ({
    west: String(at.longitude - 0.005),
    east: String(at.longitude + 0.005),
    south: String(at.latitude - 0.005),
    north: String(at.latitude + 0.005),
    zoom: '16',
  });

  it('filters by status for everyone; the other filters are Pro', async () => {
    const a = await signUp(t().app);
    const at = nextSpot();
    const created = (await document(a, at)).json<CreatedDiscovery>();
    const present = await a.request({
      url: '/api/artworks/in-view',
      query: { ...boxAround(at), status: 'present' },
    });
    expect(present.json<ArtworksInView>().points.map((p) => p[0])).toEqual([created.artworkId]);
    const gone = await a.request({
      url: '/api/artworks/in-view',
      query: { ...boxAround(at), status: 'gone' },
    });
    expect(gone.json<ArtworksInView>().points).toEqual([]);

    const proFilters: Record<string, string>[] = [
      { seenWithinDays: '7' },
      { hasPhoto: 'true' },
      { loggedByMe: 'false' },
    ];
    for (const filter of proFilters) {
      const res = await a.request({
        url: '/api/artworks/in-view',
        query: { ...boxAround(at), ...filter },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Advanced map filters are part of Pro.' });
    }

    await t()
      .db.insert(subscriptions)
      .values({
        userId: a.id,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
    const mine = await a.request({
      url: '/api/artworks/in-view',
      query: { ...boxAround(at), loggedByMe: 'true', seenWithinDays: '1', hasPhoto: 'true' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ArtworksInView>().points.map((p) => p[0])).toEqual([created.artworkId]);
    const notMine = await a.request({
      url: '/api/artworks/in-view',
      query: { ...boxAround(at), loggedByMe: 'false' },
    });
    expect(notMine.json<ArtworksInView>().points).toEqual([]);
  });
});
