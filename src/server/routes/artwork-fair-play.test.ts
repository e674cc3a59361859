import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, uploadPhoto, useUnlimitedApp } from '../../../test/app.ts';
import { artworkKit } from '../../../test/artwork-kit.ts';
import { phoneJpeg } from '../../../test/images.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import { artworkLogs } from '../db/schema.ts';

/**
 * Fair play on artwork logs: a photo taken far from its pin, or logs implying impossible travel,
 * are kept but pay nothing until reviewed (docs/decisions/021-artworks-and-logs.md).
 */

const t = useUnlimitedApp();

const { nextSpot, north, tokensOf, document, artworkOf } = artworkKit(t);

describe('fair play', () => {
  it('a photo taken over 1 km from its pin is kept, pays nothing and waits for review', async () => {
    const a = await signUp(t().app);
    const at = nextSpot();
    const photo = await phoneJpeg({ latitude: at.latitude + 0.05, longitude: at.longitude });
    const imageUrl = await uploadPhoto(a, 'discovery', photo);
    const res = await a.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Far away', ...at, imageUrl },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<CreatedDiscovery>()).toMatchObject({ tokensAwarded: 0, pendingReview: true });
    expect(await tokensOf(a)).toEqual({ tokens: 0, discoveries: 0, firstFinds: 0 });
    const [log] = await t().db.select().from(artworkLogs).where(eq(artworkLogs.userId, a.id));
    expect(log).toMatchObject({ flagReason: 'photo_far_from_pin', reviewStatus: 'pending' });

    // The player sees their log pending; nobody else sees it.
    const id = res.json<CreatedDiscovery>().artworkId!;
    expect((await artworkOf(a, id)).logs[0]).toMatchObject({ pendingReview: true });
    const other = await signUp(t().app);
    expect((await artworkOf(other, id)).logs).toEqual([]);
  });

  it('a photo taken where it is pinned pays as usual', async () => {
    const a = await signUp(t().app);
    const at = nextSpot();
    const photo = await phoneJpeg({ ...north(at, 50) });
    const imageUrl = await uploadPhoto(a, 'discovery', photo);
    const res = await a.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Near', ...at, imageUrl },
    });
    expect(res.json<CreatedDiscovery>()).toMatchObject({ tokensAwarded: 50, pendingReview: false });
  });

  it('logs implying travel faster than 300 km/h are flagged', async () => {
    const a = await signUp(t().app);
    const brisbane = nextSpot();
    expect((await document(a, brisbane)).json<CreatedDiscovery>().tokensAwarded).toBe(50);
    const sydney = { latitude: -33.8688, longitude: 151.2093 };
    const res = await document(a, sydney);
    expect(res.json<CreatedDiscovery>()).toMatchObject({ tokensAwarded: 0, pendingReview: true });
    const flagged = await t()
      .db.select({ reason: artworkLogs.flagReason })
      .from(artworkLogs)
      .where(eq(artworkLogs.userId, a.id));
    expect(flagged.map((f) => f.reason).sort()).toEqual(['impossible_travel', null]);
    expect(await tokensOf(a)).toEqual({ tokens: 50, discoveries: 1, firstFinds: 1 });
  });
});
