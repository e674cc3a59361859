import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findArtwork, pinArtwork, signUp, type Player } from '../../../test/app.ts';
import { usePushApp } from '../../../test/push-app.ts';
import { inboxItems } from '../db/inbox-schema.ts';
import { pushSubscriptions } from '../db/push-schema.ts';
import { notify } from '../services/inbox.ts';
import { PushSender } from '../services/push-sender.ts';

/**
 * Once-only rules of push, each raced by 50 simultaneous requests or senders. Meaningful on
 * Postgres (TEST_DATABASE_URL), where they truly overlap; PGlite runs them one after another.
 */

const AT_ONCE = 50;
const app = usePushApp();

const subscribe = (player: Player, payload: object) =>
  player.request({ method: 'POST', url: '/api/push/subscriptions', payload });

describe(`${AT_ONCE} at once`, () => {
  it(
    'one endpoint subscribed 50 times at once: one device',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(app().app);
      const { subscription } = app().endpoint.device('raced-once');
      const results = await Promise.all(
        Array.from({ length: AT_ONCE }, () => subscribe(player, subscription)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(AT_ONCE - 1).fill(200), 201]);
      expect(new Set(results.map((r) => r.json<{ id: string }>().id)).size).toBe(1);
      const [row] = await app()
        .db.select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
      expect(row!.n).toBe(1);
    },
  );

  it('50 devices at once: the 10 allowed are kept', { tags: ['concurrency'] }, async () => {
    const player = await signUp(app().app);
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        subscribe(player, app().endpoint.device(`crowd-${i}`).subscription),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(AT_ONCE - 10);
    const [row] = await app()
      .db.select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.id));
    expect(row!.n).toBe(10);
  });

  it('50 gone reports at once: each finder told once', { tags: ['concurrency'] }, async () => {
    const at = { latitude: -12.46, longitude: 130.84 };
    const pinner = await signUp(app().app);
    const artworkId = await pinArtwork(pinner, at, { name: 'Top End Croc' });
    const finder = await signUp(app().app);
    await findArtwork(finder, artworkId, { latitude: at.latitude + 0.0001, longitude: 130.84 });
    const reporters = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(app().app)));
    const results = await Promise.all(
      reporters.map((p) =>
        p.request({
          method: 'POST',
          url: `/api/artworks/${artworkId}/logs`,
          payload: { kind: 'gone', latitude: at.latitude - 0.0001, longitude: at.longitude },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(201));
    for (const player of [pinner, finder]) {
      const [row] = await app()
        .db.select({ n: count() })
        .from(inboxItems)
        .where(and(eq(inboxItems.userId, player.id), eq(inboxItems.kind, 'piece_gone')));
      expect(row!.n).toBe(1);
    }
  });

  it(
    '50 queued pushes and 5 senders at once: each sent once',
    { tags: ['concurrency'] },
    async () => {
      const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(app().app)));
      for (const [i, player] of players.entries()) {
        expect(
          (await subscribe(player, app().endpoint.device(`queued-${i}`).subscription)).statusCode,
        ).toBe(201);
        const consent = await player.request({ method: 'PUT', url: '/api/push/topics/near_you' });
        expect(consent.statusCode).toBe(200);
      }
      await Promise.all(
        players.map((player, i) =>
          app().db.transaction((tx) =>
            notify(tx, player.id, { kind: 'near_you', title: `Quest ${i}`, link: `/quests/${i}` }),
          ),
        ),
      );
      const senders = Array.from(
        { length: 5 },
        () => new PushSender(app().db, app().config, app().app.log),
      );
      await Promise.all([...senders.map((s) => s.flush()), app().app.pushSender.flush()]);
      const queued = app().endpoint.received.filter((r) => r.device.startsWith('queued-'));
      expect(queued).toHaveLength(AT_ONCE);
      expect(new Set(queued.map((r) => r.device)).size).toBe(AT_ONCE);
      for (const r of queued) {
        expect(r.payload).toMatchObject({
          kind: 'near_you',
          title: 'Near you',
          body: `Quest ${r.device.slice('queued-'.length)}.`,
          url: `/quests/${r.device.slice('queued-'.length)}`,
        });
      }
    },
  );
});
