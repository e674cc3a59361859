import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Artwork } from '../src/core/schemas/artworks.ts';
import { users } from '../src/server/db/schema.ts';
import { uploadPhoto, type Player, type TestApp } from './app.ts';

type Spot = { latitude: number; longitude: number };

/**
 * What the artwork API tests share: a fresh corner of Brisbane per scenario (so no two meet by
 * accident), documenting a piece, reading an artwork and a player's balance.
 */
export function artworkKit(app: () => TestApp) {
  let spot = 0;
  return {
    nextSpot: (): Spot => {
      spot += 1;
      return { latitude: -27.4 - spot * 0.01, longitude: 153.0 + spot * 0.01 };
    },
    /** About `metres` north of a spot. */
    north: (at: Spot, metres: number): Spot => ({
      latitude: at.latitude + metres / 111_195,
      longitude: at.longitude,
    }),
    async tokensOf(player: Player) {
      const [row] = await app()
        .db.select({
          tokens: users.tokens,
          discoveries: users.discoveries,
          firstFinds: users.firstFinds,
        })
        .from(users)
        .where(eq(users.id, player.id));
      return row!;
    },
    async document(player: Player, at: Spot, extra: Record<string, unknown> = {}) {
      const imageUrl = await uploadPhoto(player);
      return player.request({
        method: 'POST',
        url: '/api/discoveries',
        payload: { name: 'Koala', ...at, imageUrl, ...extra },
      });
    },
    async artworkOf(player: Player, id: string) {
      const res = await player.request({ url: `/api/artworks/${id}` });
      expect(res.statusCode).toBe(200);
      return res.json<Artwork>();
    },
    logKind: (player: Player, id: string, body: Record<string, unknown>) =>
      player.request({ method: 'POST', url: `/api/artworks/${id}/logs`, payload: body }),
  };
}
