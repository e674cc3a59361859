import { count, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  findArtwork,
  pinArtwork,
  signUp,
  UNLIMITED,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { insertFind } from '../../../test/challenges.ts';
import { usePushApp } from '../../../test/push-app.ts';
import { insertArtwork } from '../../../test/quests.ts';
import { sendNearYouNotices } from '../services/near-you.ts';
import type { PushDevice, PushSettings } from '../../core/schemas/push.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { pushSubscriptions, pushTopics } from '../db/push-schema.ts';

/**
 * Web Push end to end: the app signs with VAPID, encrypts for each device, and a local push
 * service decrypts what arrives with the keys a browser would hold. Only what the player
 * consented to is pushed, and a device its push service says is gone is forgotten.
 */

const app = usePushApp();

let spots = 0;
/** A new spot for each artwork, far enough apart that no two tests' logs meet. */
const spot = () => ({ latitude: -37.8 + ++spots * 0.05, longitude: 144.96 });
const nearby = (at: { latitude: number; longitude: number }) => ({
  latitude: at.latitude + 0.0001,
  longitude: at.longitude,
});

const subscribe = (player: Player, payload: unknown) =>
  player.request({ method: 'POST', url: '/api/push/subscriptions', payload: payload as object });
const topic = (player: Player, name: string, on = true) =>
  player.request({ method: on ? 'PUT' : 'DELETE', url: `/api/push/topics/${name}` });
const settings = async (player: Player) =>
  (await player.request({ url: '/api/push' })).json<PushSettings>();

/** A player with one device subscribed, opted in to `topics`. */
async function subscribed(name: string, topics: string[]) {
  const player = await signUp(app().app);
  const device = app().endpoint.device(name);
  const res = await subscribe(player, device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  for (const each of topics) expect((await topic(player, each)).statusCode).toBe(200);
  return { player, device: res.json<PushDevice>() };
}

const pushesTo = (name: string) => app().endpoint.received.filter((r) => r.device === name);

describe('what is pushed', () => {
  it('a player who opted in gets one push when their piece is found, with the bonus', async () => {
    const { player: pinner } = await subscribed('pinner-phone', ['piece_found']);
    const at = spot();
    const artworkId = await pinArtwork(pinner, at, { name: 'Laneway Lyrebird' });
    await findArtwork(await signUp(app().app), artworkId, nearby(at));
    // Sent once the database tells the sender the find committed (no flush asked for here).
    await expect.poll(() => pushesTo('pinner-phone').length).toBe(1);
    await app().app.pushSender.flush();

    expect(app().endpoint.rejected).toEqual([]);
    // Their own find was told by their own screen: only the other player's find is pushed.
    expect(pushesTo('pinner-phone')).toEqual([
      {
        device: 'pinner-phone',
        payload: {
          id: expect.any(String),
          kind: 'piece_found',
          title: 'Your piece was found',
          // Told as it happens: the finder is named a day later (decision 045), not here.
          body: `A player found Laneway Lyrebird: +5 tokens, your first finder's bonus.`,
          url: `/art/${artworkId}`,
        },
        claims: { aud: app().endpoint.origin, sub: app().vapid.subject, exp: expect.any(Number) },
        ttl: 86_400,
      },
    ]);
    const { claims } = pushesTo('pinner-phone')[0]!;
    // RFC 8292: the signature expires within a day.
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 86_400_000);
    // The push is the inbox item itself.
    const inbox = (await pinner.request({ url: '/api/inbox' })).json<{ items: { id: string }[] }>();
    expect(pushesTo('pinner-phone')[0]!.payload.id).toBe(inbox.items[0]!.id);
  });

  it('nothing without consent: not subscribed topics, a topic turned off, or no device', async () => {
    const { player: silent } = await subscribed('silent-phone', []);
    const { player: otherTopic } = await subscribed('other-topic-phone', ['piece_gone']);
    const { player: changedMind } = await subscribed('changed-mind-phone', ['piece_found']);
    expect((await topic(changedMind, 'piece_found', false)).statusCode).toBe(200);
    const noDevice = await signUp(app().app);
    expect((await topic(noDevice, 'piece_found')).statusCode).toBe(200);
    const pinners = [silent, otherTopic, changedMind, noDevice];
    for (const pinner of pinners) {
      const at = spot();
      await findArtwork(await signUp(app().app), await pinArtwork(pinner, at), nearby(at));
    }
    await app().app.pushSender.flush();
    for (const name of ['silent-phone', 'other-topic-phone', 'changed-mind-phone']) {
      expect(pushesTo(name), name).toEqual([]);
    }
    // Each was still told in the inbox.
    for (const pinner of pinners) {
      const news = await pinner.request({ url: '/api/inbox/unread' });
      expect(news.json<{ news: { kind: string }[] }>().news.map((n) => n.kind)).toEqual([
        'piece_found',
      ]);
    }
  });

  it('a find inside the finder’s hidden home is told in the inbox, never pushed', async () => {
    const { player: pinner } = await subscribed('home-pinner-phone', ['piece_found']);
    const at = spot();
    const artworkId = await pinArtwork(pinner, at, { name: 'Backyard wren' });
    const finder = await signUp(app().app);
    const home = await finder.request({
      method: 'PUT',
      url: '/api/profile/privacy/home',
      payload: { ...at, radiusM: 300 },
    });
    expect(home.statusCode, home.body).toBe(200);
    await findArtwork(finder, artworkId, nearby(at));
    await app().app.pushSender.flush();
    expect(pushesTo('home-pinner-phone')).toEqual([]);
    const news = (await pinner.request({ url: '/api/inbox/unread' })).json<{
      news: { kind: string; otherPlayer: string | null; tokens: number }[];
    }>();
    expect(news.news).toEqual([
      expect.objectContaining({ kind: 'piece_found', otherPlayer: null, tokens: 5 }),
    ]);
  });

  it('a quest near a player who opted in to "near you" is pushed, once', async () => {
    const { player } = await subscribed('walker-phone', ['near_you']);
    const { player: quiet } = await subscribed('quiet-walker-phone', ['piece_found']);
    const at = spot();
    await insertFind(app().db, player.id, at);
    await insertFind(app().db, quiet.id, spot());
    await insertArtwork(app().db, nearby(nearby(at)), { title: 'Corner fox' });
    await sendNearYouNotices(app().db);
    await sendNearYouNotices(app().db);
    await app().app.pushSender.flush();
    expect(pushesTo('walker-phone').map((r) => r.payload)).toEqual([
      {
        id: expect.any(String),
        kind: 'near_you',
        title: 'Near you',
        body: 'Needs a photo: Corner fox: +15 tokens on offer.',
        url: '/quests',
      },
    ]);
    expect(pushesTo('quiet-walker-phone')).toEqual([]);
  });

  it('every device of the player; one its push service says is gone is forgotten', async () => {
    const { player } = await subscribed('old-tablet', ['piece_found']);
    const laptop = app().endpoint.device('laptop');
    expect((await subscribe(player, laptop.subscription)).statusCode).toBe(201);
    app().endpoint.answer('old-tablet', 410);
    const at = spot();
    await findArtwork(await signUp(app().app), await pinArtwork(player, at), nearby(at));
    await app().app.pushSender.flush();

    expect(pushesTo('laptop').map((r) => r.payload.kind)).toEqual(['piece_found']);
    expect((await settings(player)).devices.map((d) => d.endpoint)).toEqual([laptop.endpoint]);
  });

  it('a push service that fails otherwise keeps the device, and the event stands', async () => {
    const { player } = await subscribed('flaky-phone', ['piece_found']);
    app().endpoint.answer('flaky-phone', 500);
    const at = spot();
    const artworkId = await pinArtwork(player, at);
    const finder = await signUp(app().app);
    await findArtwork(finder, artworkId, nearby(at));
    await app().app.pushSender.flush();
    expect((await settings(player)).devices).toHaveLength(1);
    const news = (await player.request({ url: '/api/inbox/unread' })).json<{ unread: number }>();
    expect(news.unread).toBe(2);
  });
});

describe('subscribing', () => {
  it('shows the key, the topics and the devices; a replay changes nothing', async () => {
    const { player, device } = await subscribed('replayed', ['near_you', 'piece_found']);
    const again = await subscribe(player, app().endpoint.device('replayed').subscription);
    expect(again.statusCode).toBe(200);
    expect(again.json<PushDevice>().id).toBe(device.id);
    expect(await settings(player)).toEqual({
      publicKey: app().vapid.publicKey,
      topics: ['near_you', 'piece_found'],
      devices: [device],
    });
    expect((await topic(player, 'near_you')).statusCode).toBe(200);
    expect((await settings(player)).topics).toEqual(['near_you', 'piece_found']);
  });

  it('one subscription per endpoint: a browser signed in to another account moves there', async () => {
    const { player: first } = await subscribed('shared-browser', []);
    const second = await signUp(app().app);
    const res = await subscribe(second, app().endpoint.device('shared-browser').subscription);
    expect(res.statusCode).toBe(201);
    expect((await settings(first)).devices).toEqual([]);
    expect((await settings(second)).devices).toHaveLength(1);
  });

  it('turns a device off; another player’s device is not found and stays', async () => {
    const { player, device } = await subscribed('to-turn-off', []);
    const { player: other, device: theirs } = await subscribed('not-yours', []);
    const off = (who: Player, id: string) =>
      who.request({ method: 'DELETE', url: `/api/push/subscriptions/${id}` });
    expect((await off(player, theirs.id)).statusCode).toBe(404);
    expect((await settings(other)).devices).toEqual([theirs]);
    expect((await off(player, device.id)).statusCode).toBe(204);
    expect((await off(player, device.id)).statusCode).toBe(404);
    expect((await settings(player)).devices).toEqual([]);
  });

  it('refuses bad subscriptions with a 4xx, storing nothing', async () => {
    const player = await signUp(app().app);
    const good = app().endpoint.device('never-stored').subscription;
    const keys = good.keys;
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const bad: [string, unknown][] = [
      ['no body', undefined],
      ['no endpoint', { keys }],
      ['endpoint not text', { endpoint: 42, keys }],
      ['not a URL', { endpoint: 'push me', keys }],
      ['plain http', { endpoint: 'http://push.example.com/x', keys }],
      ['a local origin not listed', { endpoint: 'http://localhost:9/push/x', keys }],
      ['an IP address', { endpoint: 'https://10.0.0.8/push/x', keys }],
      ['this machine', { endpoint: 'https://localhost/push/x', keys }],
      ['a local name', { endpoint: 'https://printer.local/push/x', keys }],
      ['credentials', { endpoint: 'https://a:b@push.example.com/x', keys }],
      ['too long', { endpoint: `https://push.example.com/${'x'.repeat(1000)}`, keys }],
      ['no keys', { endpoint: good.endpoint }],
      ['no auth', { endpoint: good.endpoint, keys: { p256dh: keys.p256dh } }],
      ['short key', { endpoint: good.endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(4) } }],
      ['not base64url', { endpoint: good.endpoint, keys: { ...keys, auth: '!'.repeat(22) } }],
      ['long auth', { endpoint: good.endpoint, keys: { ...keys, auth: `${keys.auth}AAAA` } }],
      [
        'not on the curve',
        { endpoint: good.endpoint, keys: { ...keys, p256dh: offCurve.toString('base64url') } },
      ],
    ];
    for (const [why, payload] of bad) {
      const res = await subscribe(player, payload);
      expect(res.statusCode, why).toBe(400);
      expect(res.json<{ message: string }>().message, why).toBeTruthy();
    }
    expect((await settings(player)).devices).toEqual([]);
    const stored = await app()
      .db.select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.id));
    expect(stored[0]!.n).toBe(0);

    expect((await topic(player, 'everything')).statusCode).toBe(400);
    expect((await topic(player, 'find_paid')).statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/push'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions/x'],
      ['PUT', '/api/push/topics/piece_found'],
    ] as const) {
      const res = await app().app.inject({ method, url, payload: good });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('is in the player’s data download: devices by endpoint, and topics', async () => {
    const { player, device } = await subscribed('exported', ['piece_gone']);
    const res = await player.request({ url: '/api/profile/export' });
    expect(res.statusCode).toBe(200);
    const json = JSON.parse(strFromU8(unzipSync(res.rawPayload)[DATA_EXPORT_FILE]!));
    expect(json.pushDevices).toEqual([{ endpoint: device.endpoint, createdAt: device.createdAt }]);
    expect(json.pushTopics).toEqual([{ topic: 'piece_gone', createdAt: expect.any(String) }]);
  });

  it(`keeps at most 10 devices per player (409 beyond)`, async () => {
    const player = await signUp(app().app);
    for (let i = 0; i < 10; i++) {
      const res = await subscribe(player, app().endpoint.device(`many-${i}`).subscription);
      expect(res.statusCode).toBe(201);
    }
    const more = await subscribe(player, app().endpoint.device('many-10').subscription);
    expect(more.statusCode).toBe(409);
    expect((await settings(player)).devices).toHaveLength(10);
  });
});

describe('a server without VAPID keys', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ seed: false, limits: UNLIMITED });
  });
  afterAll(() => off.close());

  it('says push is off and takes no subscription or consent (503)', async () => {
    const player = await signUp(off.app);
    const read = await player.request({ url: '/api/push' });
    expect(read.json<PushSettings>()).toEqual({ publicKey: null, topics: [], devices: [] });
    const sub = await player.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: app().endpoint.device('unused').subscription,
    });
    expect(sub.statusCode).toBe(503);
    expect(sub.json<{ message: string }>().message).toBe(
      'Push notifications are not set up on this server.',
    );
    const consent = await player.request({ method: 'PUT', url: '/api/push/topics/piece_found' });
    expect(consent.statusCode).toBe(503);
    expect(await off.db.select().from(pushTopics)).toEqual([]);
  });
});
