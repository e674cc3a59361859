import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNLIMITED,
  createTestApp,
  findArtwork,
  pinArtwork,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { boardOf, createArea, east } from '../../../test/challenges.ts';
import { samePiecePair } from '../../../test/murals.ts';
import { giveProMonth } from '../../../test/pro.ts';
import { signUpModerator } from '../../../test/moderation.ts';
import { dayFromToday, establishedVisitor, insertWall } from '../../../test/walls.ts';
import type { Artwork } from '../../core/schemas/artworks.ts';
import type { Privacy } from '../../core/schemas/challenges.ts';
import type { InboxPage } from '../../core/schemas/inbox.ts';
import type { WallDetail } from '../../core/schemas/walls.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { discoveries } from '../db/schema.ts';

/**
 * A player's hidden home (docs/decisions/045-challenges-and-privacy.md): what they log inside
 * it is invisible to every other player through every read of the API, and still theirs to see.
 */

const HOME = { latitude: -31.6, longitude: 115.7 };

let t: TestApp;
let clientDir: string;
let owner: Player; // sets the home and logs inside it
let neighbour: Player; // pinned the piece the owner then found, at the owner's home
let viewer: Player; // anyone else
let ownPiece: string; // the owner's own new piece inside the home
let sharedPiece: string;
let ownPhoto: string;
let wallId: string;
let proposedWallId: string; // proposed by the owner inside their home
let areaId: string;
let otherAngle: Buffer;

const box = (at: { latitude: number; longitude: number }) =>
  `west=${at.longitude - 0.02}&south=${at.latitude - 0.02}&east=${at.longitude + 0.02}&north=${at.latitude + 0.02}`;

async function json<T>(player: Player | null, url: string): Promise<T> {
  const res = player ? await player.request({ url }) : await t.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const ownersDiscoveries = () =>
  t.db.select().from(discoveries).where(eq(discoveries.userId, owner.id));

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
  copyFileSync(
    new URL('../../client/index.html', import.meta.url),
    path.join(clientDir, 'index.html'),
  );
  t = await createTestApp({ seed: false, limits: UNLIMITED, config: { clientDir } });
  const staff = await signUpModerator(t.app, t.db);
  areaId = (await createArea(staff, { ...HOME, name: 'Home Town' })).id;
  // Established (old enough, with finds at home) so their wall confirmation counts.
  owner = await establishedVisitor(t.app, t.db, HOME);
  neighbour = await signUp(t.app);
  viewer = await signUp(t.app);
  // Pro: the heat layer is one of its map layers.
  await giveProMonth(t.db, viewer.id);
  const set = await owner.request({
    method: 'PUT',
    url: '/api/profile/privacy/home',
    payload: { ...HOME, radiusM: 500 },
  });
  expect(set.statusCode, set.body).toBe(200);

  sharedPiece = await pinArtwork(neighbour, east(HOME, 50));
  await findArtwork(owner, sharedPiece, east(HOME, 60));
  const [headOn, secondPhoto] = await samePiecePair(4500);
  otherAngle = secondPhoto;
  ownPhoto = await uploadPhoto(owner, 'discovery', headOn);
  const pinned = await owner.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: { name: 'Backyard piece', ...east(HOME, 200), imageUrl: ownPhoto },
  });
  expect(pinned.statusCode, pinned.body).toBe(201);
  ownPiece = pinned.json<{ artworkId: string }>().artworkId;
  wallId = await insertWall(t.db, east(HOME, 100), { status: 'unverified' });
  proposedWallId = await insertWall(t.db, east(HOME, 150), {
    status: 'unverified',
    source: 'Proposed by a player',
    proposedById: owner.id,
  });
  const confirmed = await owner.request({
    method: 'POST',
    url: `/api/legal-walls/${wallId}/confirmations`,
    payload: { paintedOn: dayFromToday() },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/**
 * Every read of the API that shows one player's finds, photos, reports or confirmations to
 * another, each checked from the viewer's side below. Reads that show none (the global
 * leaderboard's counts, community events and forum, missions, artists, the colour chart) or
 * only the player's own (My Discoveries, their map layer of logs, achievements, collection,
 * their data) are left out; staff's moderation queues show held logs by design.
 */
describe('a find inside a hidden home is invisible to everyone else', () => {
  it('GET /api/artworks/:id — history, photos, finders and first finder', async () => {
    const shared = await json<Artwork>(viewer, `/api/artworks/${sharedPiece}`);
    expect(shared.logs.map((l) => l.username)).toEqual([neighbour.username]);
    expect(shared.photos.map((p) => p.username)).toEqual([neighbour.username]);
    expect(shared.finders).toEqual([neighbour.username]);
    // The cover was the owner's photo (the newest): others see none rather than it.
    expect(shared.coverImageUrl).toBeNull();

    const own = await json<Artwork>(viewer, `/api/artworks/${ownPiece}`);
    expect(own).toMatchObject({ firstFinder: null, coverImageUrl: null, logs: [], photos: [] });
    expect(own.finders).toEqual([]);
  });

  it('GET /api/artworks/in-view, /waypoints, /heat and /:id/nearby — the map', async () => {
    const inView = await json<{ points: unknown[][] }>(
      viewer,
      `/api/artworks/in-view?${box(HOME)}&zoom=16`,
    );
    const images = new Map(inView.points.map((p) => [p[0], p[3]]));
    expect(images.get(ownPiece)).toBeNull();
    expect(images.get(sharedPiece)).toBeNull();
    const waypoints = await json<{ artworks: { id: string }[] }>(
      viewer,
      `/api/artworks/waypoints?${box(HOME)}`,
    );
    expect(JSON.stringify(waypoints)).not.toContain(owner.username);
    const heat = await json<{ points: number[][] }>(viewer, `/api/artworks/heat?${box(HOME)}`);
    // The neighbour's find warms the shared piece; the owner's two finds warm nothing.
    expect(heat.points.map((p) => p[2])).toEqual([1]);
    const near = await json<{ artworks: { id: string; coverImageUrl: string | null }[] }>(
      viewer,
      `/api/artworks/${sharedPiece}/nearby`,
    );
    expect(near.artworks.find((a) => a.id === ownPiece)?.coverImageUrl).toBeNull();
  });

  it('POST /api/artworks/matches — "is this the same piece?" shows no hidden photo', async () => {
    const same = await uploadPhoto(viewer, 'discovery', otherAngle);
    const res = await viewer.request({
      method: 'POST',
      url: '/api/artworks/matches',
      payload: { imageUrl: same, ...east(HOME, 200) },
    });
    expect(res.statusCode).toBe(200);
    const match = res.json<{ matches: { id: string; coverImageUrl: string | null }[] }>();
    expect(match.matches.find((m) => m.id === ownPiece)).toMatchObject({ coverImageUrl: null });
  });

  it('GET /api/discoveries/in-view, /nearby and /:id — others’ discoveries on the map', async () => {
    const mine = (await ownersDiscoveries()).map((d) => d.id);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    const inView = await json<{ points: unknown[][] }>(
      viewer,
      `/api/discoveries/in-view?${box(HOME)}`,
    );
    expect(inView.points.map((p) => p[0]).filter((id) => mine.includes(id as string))).toEqual([]);
    expect(inView.points.length).toBeGreaterThan(0);
    const nearby = await json<{ id: string; username: string }[]>(
      viewer,
      `/api/discoveries/nearby?latitude=${HOME.latitude}&longitude=${HOME.longitude}&radius=2`,
    );
    expect(nearby.map((d) => d.username)).toEqual([neighbour.username]);
    for (const id of mine) {
      expect((await viewer.request({ url: `/api/discoveries/${id}` })).statusCode).toBe(404);
    }
  });

  it('GET /api/area — what a saved area takes offline', async () => {
    const area = await json<{ artworks: unknown[][] }>(
      viewer,
      `/api/area?latitude=${HOME.latitude}&longitude=${HOME.longitude}&radius=2`,
    );
    expect(area.artworks.find((p) => p[0] === ownPiece)?.[3]).toBeNull();
  });

  it('GET /api/legal-walls/:id — the wall’s recent confirmations', async () => {
    const wall = await json<WallDetail>(viewer, `/api/legal-walls/${wallId}`);
    expect(wall.recentConfirmations).toEqual([]);
    const anonymous = await json<WallDetail>(null, `/api/legal-walls/${wallId}`);
    expect(anonymous.recentConfirmations).toEqual([]);
  });

  it('GET /api/challenges/areas/:id/leaderboard — the area’s week', async () => {
    const board = await boardOf(viewer, areaId);
    expect(board.top.map((r) => r.username)).toEqual([neighbour.username]);
    expect(board.me).toBeNull();
  });

  it('GET /api/legal-walls/:id — a wall they proposed names no proposer', async () => {
    const wall = await json<WallDetail>(viewer, `/api/legal-walls/${proposedWallId}`);
    expect(wall.source).toMatchObject({ kind: 'player', label: 'a player' });
  });

  it('GET /api/inbox and the data download — the piece’s finder tells nobody who found it', async () => {
    const inbox = await json<InboxPage>(neighbour, '/api/inbox');
    const found = inbox.items.find((i) => i.kind === 'piece_found');
    expect(found).toMatchObject({ artworkId: sharedPiece, otherPlayer: null });
    const zip = await neighbour.request({ url: '/api/profile/export' });
    expect(zip.statusCode).toBe(200);
    const data = new TextDecoder().decode(
      unzipSync(new Uint8Array(zip.rawPayload))[DATA_EXPORT_FILE],
    );
    expect(data).not.toContain(owner.id);
    expect(data).not.toContain(owner.username);
  });

  it('GET /art/:id — a shared link’s preview', async () => {
    const res = await t.app.inject({ url: `/art/${ownPiece}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(ownPhoto);
    expect(res.body).not.toContain('og:image');
  });
});

describe('the owner still sees all of it', () => {
  it('in the history, on the map and in the discovery', async () => {
    const shared = await json<Artwork>(owner, `/api/artworks/${sharedPiece}`);
    expect(shared.logs.map((l) => l.username)).toContain(owner.username);
    const own = await json<Artwork>(owner, `/api/artworks/${ownPiece}`);
    expect(own).toMatchObject({ firstFinder: owner.username, coverImageUrl: ownPhoto });
    const [find] = (await ownersDiscoveries()).filter((d) => d.artworkId === ownPiece);
    expect((await owner.request({ url: `/api/discoveries/${find!.id}` })).statusCode).toBe(200);
  });

  it('on the area leaderboard: their home finds count on their own board', async () => {
    const board = await boardOf(owner, areaId);
    // The shared piece and their own piece, both at home: two finds, ahead of the neighbour.
    expect(board.top.map((r) => [r.username, r.finds, r.isCurrentUser])).toEqual([
      [owner.username, 2, true],
      [neighbour.username, 1, false],
    ]);
  });

  it('as the proposer of a wall inside their home', async () => {
    const wall = await json<WallDetail>(owner, `/api/legal-walls/${proposedWallId}`);
    expect(wall.source).toMatchObject({ kind: 'player', label: owner.username });
  });

  it('and once the home is removed, so does everyone', async () => {
    const cleared = await owner.request({ method: 'DELETE', url: '/api/profile/privacy/home' });
    expect(cleared.json<Privacy>()).toEqual({ home: null });
    const shared = await json<Artwork>(viewer, `/api/artworks/${sharedPiece}`);
    expect(shared.logs.map((l) => l.username)).toContain(owner.username);
    const wall = await json<WallDetail>(viewer, `/api/legal-walls/${wallId}`);
    expect(wall.recentConfirmations.map((c) => c.username)).toEqual([owner.username]);
    await owner.request({
      method: 'PUT',
      url: '/api/profile/privacy/home',
      payload: { ...HOME, radiusM: 500 },
    });
  });
});

describe('the privacy settings', () => {
  it('are read, set and moved by the player only', async () => {
    const fresh = await signUp(t.app);
    expect(await json<Privacy>(fresh, '/api/profile/privacy')).toEqual({ home: null });
    for (const radiusM of [100, 2000]) {
      const res = await fresh.request({
        method: 'PUT',
        url: '/api/profile/privacy/home',
        payload: { latitude: 10, longitude: 20, radiusM },
      });
      expect(res.json<Privacy>()).toEqual({ home: { latitude: 10, longitude: 20, radiusM } });
    }
    expect((await t.app.inject({ url: '/api/profile/privacy' })).statusCode).toBe(401);
  });

  it.each([
    [{ radiusM: 99 }, /radiusM/],
    [{ radiusM: 2001 }, /radiusM/],
    [{ radiusM: 150.5 }, /radiusM/],
    [{ radiusM: '500' }, /radiusM/],
    [{ latitude: 91 }, /latitude/],
    [{ longitude: -181 }, /longitude/],
    [{ latitude: undefined }, /latitude/],
  ])('refuses %j and keeps the home as it was', async (change, message) => {
    const res = await owner.request({
      method: 'PUT',
      url: '/api/profile/privacy/home',
      payload: { ...HOME, radiusM: 500, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await json<Privacy>(owner, '/api/profile/privacy')).toEqual({
      home: { ...HOME, radiusM: 500 },
    });
  });

  it('refuses an anonymous change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/privacy/home',
      payload: { ...HOME, radiusM: 500 },
    });
    expect(res.statusCode).toBe(401);
  });
});
