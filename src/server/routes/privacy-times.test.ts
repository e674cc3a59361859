import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findArtwork,
  pinArtwork,
  signUp,
  useUnlimitedApp,
  type Player,
} from '../../../test/app.ts';
import { east } from '../../../test/challenges.ts';
import { giveProMonth } from '../../../test/pro.ts';
import type { Artwork } from '../../core/schemas/artworks.ts';
import type { InboxPage } from '../../core/schemas/inbox.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';

/**
 * A log of the last 24 hours shows its day, never its time, wherever another player can read it
 * (docs/decisions/045-challenges-and-privacy.md); older ones show their time.
 */

const t = useUnlimitedApp();
const SPOT = { latitude: -31.7, longitude: 116.2 };
let pinner: Player;
let finder: Player;
let viewer: Player;
let piece: string;
let neighbour: string;

const dayOf = (at: Date) => `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;

async function read<T>(player: Player, url: string): Promise<T> {
  const res = await player.request({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Every time the public reads give for the piece, its pinner's find and its finder's. */
async function timesSeen(player: Player) {
  const artwork = await read<Artwork>(player, `/api/artworks/${piece}`);
  const [discovery] = await t()
    .db.select()
    .from(discoveries)
    .where(eq(discoveries.artworkId, piece));
  const mapDiscovery = await read<{ createdAt: string }>(
    player,
    `/api/discoveries/${discovery!.id}`,
  );
  const nearby = await read<{ id: string; createdAt: string }[]>(
    player,
    `/api/discoveries/nearby?latitude=${SPOT.latitude}&longitude=${SPOT.longitude}&radius=1`,
  );
  const box = `west=${SPOT.longitude - 0.01}&south=${SPOT.latitude - 0.01}&east=${SPOT.longitude + 0.01}&north=${SPOT.latitude + 0.01}`;
  const waypoints = await read<{ artworks: { id: string; lastSeenAt: string }[] }>(
    player,
    `/api/artworks/waypoints?${box}`,
  );
  const inView = await read<{ points: unknown[][] }>(
    player,
    `/api/artworks/in-view?${box}&zoom=16`,
  );
  const near = await read<{ artworks: { id: string; createdAt: string }[] }>(
    player,
    `/api/artworks/${neighbour}/nearby`,
  );
  const seen = inView.points.find((p) => p[0] === piece)![6] as number;
  return {
    logs: artwork.logs.map((l) => l.createdAt),
    photos: artwork.photos.map((p) => p.createdAt),
    lastSeenAt: [artwork.lastSeenAt, waypoints.artworks.find((a) => a.id === piece)!.lastSeenAt],
    mapSeen: new Date(seen * 1000).toISOString(),
    createdAt: [
      artwork.createdAt,
      near.artworks.find((a) => a.id === piece)!.createdAt,
      mapDiscovery.createdAt,
      nearby.find((d) => d.id === discovery!.id)!.createdAt,
    ],
  };
}

beforeAll(async () => {
  [pinner, finder, viewer] = await Promise.all([signUp(t().app), signUp(t().app), signUp(t().app)]);
  await giveProMonth(t().db, pinner.id);
  await giveProMonth(t().db, viewer.id);
  piece = await pinArtwork(pinner, SPOT);
  neighbour = await pinArtwork(pinner, east(SPOT, 40));
  await findArtwork(finder, piece, east(SPOT, 5));
});

describe('times of others’ logs', () => {
  it('show the UTC day only while under 24 hours old, to every other player', async () => {
    const logs = await t().db.select().from(artworkLogs).where(eq(artworkLogs.artworkId, piece));
    const [art] = await t().db.select().from(artworks).where(eq(artworks.id, piece));
    const found = logs.map((l) => l.createdAt).sort((a, b) => b.getTime() - a.getTime());
    expect(await timesSeen(viewer)).toEqual({
      logs: found.map(dayOf),
      photos: found.map(dayOf),
      lastSeenAt: [dayOf(art!.lastSeenAt), dayOf(art!.lastSeenAt)],
      mapSeen: dayOf(art!.lastSeenAt),
      createdAt: Array(4).fill(dayOf(art!.createdAt)),
    });
    // Someone finding your piece is told the day too.
    const inbox = await read<InboxPage>(pinner, '/api/inbox');
    const told = inbox.items.find((i) => i.kind === 'piece_found')!;
    expect(told.createdAt).toMatch(/T00:00:00\.000Z$/);
  });

  it('keep their time in the player’s own list', async () => {
    const own = await read<{ createdAt: string }[]>(finder, '/api/discoveries/user');
    const [row] = await t().db.select().from(discoveries).where(eq(discoveries.userId, finder.id));
    expect(own[0]!.createdAt).toBe(row!.createdAt.toISOString());
  });

  it('show their time once older than 24 hours', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000 - 1_234_567);
    await t()
      .db.update(artworkLogs)
      .set({ createdAt: old })
      .where(eq(artworkLogs.artworkId, piece));
    await t()
      .db.update(artworks)
      .set({ createdAt: old, lastSeenAt: old })
      .where(eq(artworks.id, piece));
    await t()
      .db.update(discoveries)
      .set({ createdAt: old })
      .where(eq(discoveries.artworkId, piece));
    const iso = old.toISOString();
    // The map's points carry whole seconds (rounded by the cast to bigint).
    const seconds = new Date(Math.round(old.getTime() / 1000) * 1000).toISOString();
    expect(await timesSeen(viewer)).toEqual({
      logs: [iso, iso],
      photos: [iso, iso],
      lastSeenAt: [iso, iso],
      mapSeen: seconds,
      createdAt: [iso, iso, iso, iso],
    });
  });
});
