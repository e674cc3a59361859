import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { givePlayerData, objectIdOf } from '../../../test/player-data.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { hashSessionId } from '../auth/sessions.ts';
import {
  contentReports,
  moderationActions,
  wallConfirmations,
  wallReports,
} from '../db/moderation-schema.ts';
import { accountIdentities } from '../db/oidc-schema.ts';
import { artworkLogs, legalWalls } from '../db/schema.ts';
import { challengeCompletions, challenges } from '../db/challenges-schema.ts';
import { artistSuggestions, questAnswers } from '../db/quests-schema.ts';

/** GET /api/profile/export: a zip of the player's JSON and photos, on both photo stores. */

const download = (player: Player) => player.request({ url: '/api/profile/export' });

function unzip(payload: Buffer) {
  const files = unzipSync(new Uint8Array(payload));
  const json = JSON.parse(new TextDecoder().decode(files[DATA_EXPORT_FILE]));
  return { files, json, text: new TextDecoder().decode(files[DATA_EXPORT_FILE]) };
}

describe.each(storesUnderTest())('the data download on the $name store', (store) => {
  const ctx = appOnStore(store);
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  let bobData: Awaited<ReturnType<typeof givePlayerData>>;
  let aliceData: Awaited<ReturnType<typeof givePlayerData>>;
  const wallId = randomUUID();

  beforeAll(async () => {
    ({ t, alice, bob } = ctx);
    const bobsSpot = { latitude: -37.81, longitude: 144.96 };
    bobData = await givePlayerData(bob, bobsSpot);
    aliceData = await givePlayerData(
      alice,
      { latitude: -37.813, longitude: 144.96 },
      { artwork: { id: bobData.artworkId, at: bobsSpot }, postId: bobData.postId },
    );
    // What the walls and reports areas keep for a player, written as those areas would.
    await t.db.insert(legalWalls).values({
      id: wallId,
      name: 'Alice’s proposed wall',
      description: 'Open wall',
      city: 'Melbourne',
      country: 'Australia',
      address: '1 Lane St',
      hours: 'Any time',
      permitRequired: false,
      latitude: -37.8,
      longitude: 144.9,
      source: 'player',
      status: 'unverified',
      proposedById: alice.id,
    });
    await t.db.insert(accountIdentities).values({
      userId: alice.id,
      issuer: 'https://id.example',
      subject: 'alice-at-id',
    });
    await t.db.insert(wallConfirmations).values({
      id: randomUUID(),
      wallId,
      userId: alice.id,
      paintedOn: '2026-11-01',
    });
    await t.db.insert(wallReports).values({
      id: randomUUID(),
      wallId,
      userId: alice.id,
      reason: 'gone',
      note: 'Buffed',
    });
    await t.db.insert(contentReports).values({
      id: randomUUID(),
      reporterId: alice.id,
      targetType: 'forum_post',
      targetId: bobData.postId,
      reason: 'spam',
    });
    await t.db.insert(moderationActions).values([
      {
        id: randomUUID(),
        actorLabel: 'mod_mia',
        action: 'suspend',
        targetType: 'user',
        targetId: alice.id,
        reason: 'Spam in the forum',
      },
      {
        id: randomUUID(),
        actorLabel: 'mod_mia',
        action: 'hide',
        targetType: 'user',
        targetId: bob.id,
        reason: 'About bob only',
      },
    ]);
  });

  it('answers a zip attachment named for the player and the day', async () => {
    const res = await download(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="streetscope-${alice.username}-${day}.zip"`,
    );
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('holds every photo the player uploaded, byte for byte as served, and the JSON', async () => {
    const { files, json } = unzip((await download(alice)).rawPayload);
    const photos = json.photos as { id: string; url: string; file: string; purpose: string }[];
    // The pin, the find, the gallery piece and the profile picture.
    expect(photos.map((p) => p.purpose).sort()).toEqual([
      'discovery',
      'discovery',
      'gallery',
      'profile',
    ]);
    expect(Object.keys(files).sort()).toEqual(
      [DATA_EXPORT_FILE, ...photos.map((p) => `photos/${p.id}.webp`)].sort(),
    );
    for (const photo of photos) {
      expect(photo.file).toBe(`photos/${photo.id}.webp`);
      const served = await t.app.inject({ url: photo.url });
      expect(served.statusCode).toBe(200);
      expect(Buffer.from(files[photo.file]!).equals(served.rawPayload)).toBe(true);
    }
  });

  it('lists what the service holds about the player and nothing secret', async () => {
    const { json, text } = unzip((await download(alice)).rawPayload);
    expect(json.account).toMatchObject({ id: alice.id, username: alice.username, role: 'player' });
    expect(json.account.profileImageUrl).toMatch(/^\/objects\//);
    expect(json.subscription).toBeNull();
    expect(json.wallet).toBeNull();
    expect(json.discoveries).toHaveLength(2);
    expect(json.discoveries[0]).toMatchObject({ name: 'Koala' });
    expect(json.artworkLogs.map((l: { kind: string }) => l.kind)).toEqual(['found', 'found']);
    expect(json.artworksFirstFound).toEqual([expect.objectContaining({ id: aliceData.artworkId })]);
    expect(json.inbox.map((i: { kind: string }) => i.kind)).toContain('find_paid');
    expect(json.markers).toEqual([expect.objectContaining({ label: 'Come back at night' })]);
    expect(json.gallery).toEqual([expect.objectContaining({ title: 'My tag' })]);
    expect(json.forumPosts.map((p: { id: string }) => p.id).sort()).toEqual(
      [aliceData.postId, aliceData.replyId].sort(),
    );
    expect(json.forumLikes).toEqual([expect.objectContaining({ postId: bobData.postId })]);
    expect(json.wallProposals).toEqual([expect.objectContaining({ id: wallId })]);
    expect(json.wallConfirmations).toEqual([expect.objectContaining({ paintedOn: '2026-11-01' })]);
    expect(json.wallReports).toEqual([expect.objectContaining({ reason: 'gone' })]);
    expect(json.reports).toEqual([expect.objectContaining({ targetId: bobData.postId })]);
    expect(json.moderationActions).toEqual([
      expect.objectContaining({ action: 'suspend', reason: 'Spam in the forum' }),
    ]);
    // Sessions as device, country and dates; devices as dates only.
    expect(json.sessions.length).toBeGreaterThan(0);
    for (const session of json.sessions)
      expect(Object.keys(session)).toEqual([
        'device',
        'country',
        'createdAt',
        'lastSeenAt',
        'expiresAt',
      ]);
    for (const device of json.devices) expect(Object.keys(device)).toEqual(['lastUsedAt']);
    // Hosts signed in from, dates only: never the keyed hash, let alone the address.
    expect(json.signInHosts).toEqual([{ lastSeenAt: expect.any(String) }]);
    expect(json.accountFlags).toEqual([]);
    expect(json.signInProviders).toEqual([
      { issuer: 'https://id.example', subject: 'alice-at-id', linkedAt: expect.any(String) },
    ]);
    const sessionId = alice.cookie.split('=')[1]!;
    for (const secret of [
      'scrypt$',
      'passwordHash',
      'idHash',
      'hostKey',
      sessionId,
      hashSessionId(sessionId),
    ])
      expect(text).not.toContain(secret);
    // The staff member who acted is not named.
    expect(text).not.toContain('mod_mia');
  });

  it('holds the quests, challenges and hidden home that came with issue 34', async () => {
    const home = { latitude: -37.8, longitude: 144.9, radiusM: 400 };
    const put = await alice.request({
      method: 'PUT',
      url: '/api/profile/privacy/home',
      payload: home,
    });
    expect(put.statusCode, put.body).toBe(200);
    // Written as the quests and challenges areas would.
    const [log] = await t.db
      .select({ id: artworkLogs.id, imageUrl: artworkLogs.imageUrl })
      .from(artworkLogs)
      .where(eq(artworkLogs.userId, alice.id));
    await t.db.insert(questAnswers).values({
      id: randomUUID(),
      userId: alice.id,
      kind: 'who_painted',
      targetId: bobData.artworkId,
      period: 'once',
      latitude: -37.81,
      longitude: 144.96,
      accuracyM: 8,
      imageUrl: log!.imageUrl!,
      artworkLogId: log!.id,
      status: 'paid',
      tokensAwarded: 5,
    });
    await t.db.insert(artistSuggestions).values({
      id: randomUUID(),
      artworkId: bobData.artworkId,
      userId: alice.id,
      artistName: 'Rone',
      artworkLogId: log!.id,
    });
    const [challenge] = await t.db.select().from(challenges).limit(1);
    await t.db.insert(challengeCompletions).values({
      challengeId: challenge!.id,
      week: challenge!.firstWeek,
      userId: alice.id,
      tokens: 50,
    });

    const { json } = unzip((await download(alice)).rawPayload);
    expect(json.hiddenHome).toMatchObject(home);
    expect(json.questAnswers).toEqual([
      expect.objectContaining({ kind: 'who_painted', status: 'paid', tokensAwarded: 5 }),
    ]);
    expect(json.artistSuggestions).toEqual([expect.objectContaining({ artistName: 'Rone' })]);
    expect(json.challengeResults).toEqual([
      expect.objectContaining({ challengeId: challenge!.id, tokens: 50, kind: challenge!.kind }),
    ]);
    // Bob set no home and answered nothing: his download says so.
    const bobs = unzip((await download(bob)).rawPayload).json;
    expect(bobs.hiddenHome).toBeNull();
    expect(bobs.questAnswers).toEqual([]);
  });

  it('leaves out every other player', async () => {
    const { files, json, text } = unzip((await download(alice)).rawPayload);
    expect(text).not.toContain(bob.username);
    expect(text).not.toContain(bob.id);
    const bobs = await bob.request({ url: '/api/discoveries/user' });
    for (const discovery of bobs.json<{ imageUrl: string }[]>()) {
      expect(files[`photos/${objectIdOf(discovery.imageUrl)}.webp`]).toBeUndefined();
    }
    expect(json.moderationActions).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/profile/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('downloads per hour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      limits: { signUpPerIp: NO_LIMIT, exportsPerUser: { limit: 2, windowSeconds: 3600 } },
    });
  });
  afterAll(() => t.close());

  it('are limited per player, with a clear 429', async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await download(player)).statusCode).toBe(200);
    expect((await download(player)).statusCode).toBe(200);
    const refused = await download(player);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many requests/);
    // Another player's budget is their own.
    expect((await download(other)).statusCode).toBe(200);
  });
});
