import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  findArtwork,
  signUp,
  uploadPhoto,
  useUnlimitedApp,
  type Player,
} from '../../../test/app.ts';
import { insertArtist, verifiedArtist } from '../../../test/artists.ts';
import { phoneJpeg } from '../../../test/images.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import type { ArtistProfile, ArtworkCredits } from '../../core/schemas/artists.ts';
import type { CreatedDiscovery } from '../../core/schemas/discoveries.ts';
import { artistCredits } from '../db/artists-schema.ts';
import { artworkLogs, users } from '../db/schema.ts';

/** The artist's amount (SPEC §6: 150) is for a verified artist's own new piece (decision 049). */

const t = useUnlimitedApp();

let lng = 151;
const spot = () => ({ latitude: -33.9, longitude: (lng += 0.01) });

async function document(
  player: Player,
  userRole: 'artist' | 'photographer',
  at = spot(),
  imageUrl?: string,
) {
  imageUrl ??= await uploadPhoto(player);
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Fresh wall', ...at, imageUrl, userRole, isFreshArt: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json<CreatedDiscovery>();
}

const tokensOf = async (id: string) =>
  (await t().db.select({ tokens: users.tokens }).from(users).where(eq(users.id, id)))[0]!.tokens;

describe('the artist role’s reward', () => {
  it('choosing "artist" without a verified claim pays the photographer amount', async () => {
    const player = await signUp(t().app);
    const made = await document(player, 'artist');
    expect(made.tokensAwarded).toBe(50);
    expect(await tokensOf(player.id)).toBe(50);
    const credits = await player.request({ url: `/api/artworks/${made.artworkId}/credits` });
    expect(credits.json<ArtworkCredits>().credits).toEqual([]);
  });

  it('a verified artist’s own new piece pays the artist amount once, and is theirs', async () => {
    const artistId = await insertArtist(t().db);
    const artist = await verifiedArtist(t().app, t().db, artistId);
    const at = spot();
    const made = await document(artist, 'artist', at);
    expect(made.tokensAwarded).toBe(150);
    expect(await tokensOf(artist.id)).toBe(150);

    // Another player's find pays the artist the first finder's bonus; documenting it again is
    // refused, so the 150 is paid once.
    const other = await signUp(t().app);
    await findArtwork(other, made.artworkId!, at);
    const again = await artist.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: {
        name: 'Fresh wall',
        ...at,
        imageUrl: await uploadPhoto(artist),
        userRole: 'artist',
        artworkId: made.artworkId,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(await tokensOf(artist.id)).toBe(150 + 5);

    const profile = await other.request({ url: `/api/artists/${artistId}` });
    expect(profile.json<ArtistProfile>().pieces.map((p) => p.id)).toEqual([made.artworkId]);
    expect(profile.json<ArtistProfile>().pieces[0]!.byArtist).toBe(true);
  });

  it('a verified artist logging as a photographer is paid as one', async () => {
    const artist = await verifiedArtist(t().app, t().db, await insertArtist(t().db));
    expect((await document(artist, 'photographer')).tokensAwarded).toBe(50);
  });

  it('a held piece released after its credit was hidden pays the photographer amount', async () => {
    const artist = await verifiedArtist(t().app, t().db, await insertArtist(t().db));
    const at = spot();
    // Taken 5 km from its pin: kept, paid nothing until a moderator reviews it.
    const far = await phoneJpeg({ latitude: at.latitude + 0.05, longitude: at.longitude });
    const made = await document(artist, 'artist', at, await uploadPhoto(artist, 'discovery', far));
    expect(made).toMatchObject({ tokensAwarded: 0, pendingReview: true });

    const [credit] = await t()
      .db.select({ id: artistCredits.id })
      .from(artistCredits)
      .where(eq(artistCredits.artworkId, made.artworkId!));
    const mod = await signUpModerator(t().app, t().db);
    const reason = 'Not their piece';
    await acted(mod, { action: 'hide', targetType: 'artist_credit', targetId: credit!.id, reason });
    const [log] = await t()
      .db.select({ id: artworkLogs.id })
      .from(artworkLogs)
      .where(eq(artworkLogs.artworkId, made.artworkId!));
    const released = await acted(mod, { action: 'release_log', targetId: log!.id, reason: 'Ok' });
    expect(released.details).toEqual({ tokens: 50 });
    expect(await tokensOf(artist.id)).toBe(50);
  });
});
