import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { markers } from '../db/schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const drop = (player: Player, payload: object) =>
  player.request({ method: 'POST', url: '/api/markers', payload });
const list = (player: Player) => player.request({ url: '/api/markers' });
const remove = (player: Player, id: string) =>
  player.request({ method: 'DELETE', url: `/api/markers/${id}` });

async function markerCount() {
  const [row] = await t.db.select({ n: count() }).from(markers);
  return row?.n ?? 0;
}

describe('POST /api/markers', () => {
  it('drops a marker with defaults and returns it (201)', async () => {
    const res = await drop(alice, { latitude: -28.0167, longitude: 153.4 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      latitude: -28.0167,
      longitude: 153.4,
      emojiPin: 'marker',
      label: '',
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
  });

  it('keeps a pin and a trimmed label, and ignores an owner in the body', async () => {
    const res = await drop(alice, {
      latitude: 1,
      longitude: 2,
      emojiPin: 'hot_spot',
      label: '  Come back at night  ',
      userId: bob.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ emojiPin: 'hot_spot', label: 'Come back at night' });
    expect((await list(bob)).json()).toEqual([]);
  });

  it.each([
    [{ longitude: 2 }, 'latitude'],
    [{ latitude: 91, longitude: 2 }, 'latitude'],
    [{ latitude: 1, longitude: 'abc' }, 'longitude'],
    [{ latitude: 1, longitude: 2, emojiPin: 'skull' }, 'emojiPin'],
    [{ latitude: 1, longitude: 2, label: 'x'.repeat(81) }, 'label'],
  ])('refuses %j naming %s and stores nothing', async (payload, field) => {
    const before = await markerCount();
    const res = await drop(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
    expect(await markerCount()).toBe(before);
  });

  it('answers 401 without a session, whatever the body', async () => {
    const before = await markerCount();
    for (const payload of [{ latitude: 1, longitude: 2 }, { latitude: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/markers', payload });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/markers' })).statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/markers/anything' });
    expect(del.statusCode).toBe(401);
    expect(await markerCount()).toBe(before);
  });
});

describe('GET /api/markers', () => {
  it("lists only the player's own markers, newest first", async () => {
    const carol = await signUp(t.app);
    for (const label of ['one', 'two', 'three']) {
      expect((await drop(carol, { latitude: 5, longitude: 5, label })).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
    }
    await drop(bob, { latitude: 5, longitude: 5, label: 'bobs' });
    const res = await list(carol);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { label: string }) => m.label)).toEqual(['three', 'two', 'one']);
    expect(res.json().map((m: { label: string }) => m.label)).not.toContain('bobs');
  });
});

describe('DELETE /api/markers/:id', () => {
  it("deletes the player's own marker (204), then it is gone (404)", async () => {
    const id = (await drop(alice, { latitude: 3, longitude: 3 })).json().id;
    const res = await remove(alice, id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list(alice)).json().map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await remove(alice, id)).statusCode).toBe(404);
  });

  it("answers 404 for another player's marker, exactly as for a missing one, and keeps it", async () => {
    const id = (await drop(alice, { latitude: 4, longitude: 4 })).json().id;
    const theirs = await remove(bob, id);
    const missing = await remove(bob, 'no-such-marker');
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await list(alice)).json().map((m: { id: string }) => m.id)).toContain(id);
  });

  it(
    'deletes a marker once when 50 deletes arrive at once',
    { tags: ['concurrency'] },
    async () => {
      const carol = await signUp(t.app);
      const id = (await drop(carol, { latitude: 5, longitude: 5 })).json().id;
      const results = await Promise.all(Array.from({ length: 50 }, () => remove(carol, id)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([204, ...Array(49).fill(404)]);
      expect((await list(carol)).json()).toEqual([]);
    },
  );

  it('refuses an id longer than any id with 414 and deletes nothing', async () => {
    const before = await markerCount();
    const res = await remove(alice, 'x'.repeat(101));
    expect(res.statusCode).toBe(414);
    expect(res.json()).toHaveProperty('message');
    expect(await markerCount()).toBe(before);
  });
});

describe('rate limit', () => {
  it(
    'answers 429 past writesPerUser and stores nothing, also for 50 drops at once',
    { tags: ['concurrency'] },
    async () => {
      const small = await createTestApp({
        seed: false,
        limits: { writesPerUser: { limit: 2, windowSeconds: 60 } },
      });
      try {
        const p = await signUp(small.app);
        const dropSmall = () =>
          p.request({
            method: 'POST',
            url: '/api/markers',
            payload: { latitude: 1, longitude: 1 },
          });
        const results = await Promise.all(Array.from({ length: 50 }, dropSmall));
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([201, 201, ...Array(48).fill(429)]);
        const [row] = await small.db.select({ n: count() }).from(markers);
        expect(row?.n).toBe(2);
      } finally {
        await small.close();
      }
    },
  );
});
