import { describe, expect, it } from 'vitest';
import { putBytes, signUp, uploadPhoto, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { expectReplay, freshKey, keyed, outboxCases, tokensOf } from '../../../test/idempotency.ts';
import { acted, signUpModerator } from '../../../test/moderation.ts';
import type { UploadTicket } from '../../core/schemas/objects.ts';
import { OTHER_REQUEST_MESSAGE } from '../http/idempotency.ts';

/**
 * Every create the field kit's outbox retries honours Idempotency-Key
 * (docs/decisions/031-idempotency-keys.md): a repeat gets the first answer and creates nothing.
 */
const app = useUnlimitedApp();

describe.each(
  outboxCases(
    () => app().app,
    () => app().db,
  ),
)('$name', (create) => {
  it('a repeat gets the same answer and creates nothing more', async () => {
    const player = await create.player();
    const { url, body } = await create.prepare(player);
    const before = await create.count(player);
    const key = freshKey();
    const first = await keyed(player, key, url, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await keyed(player, key, url, body);
    expectReplay(first, again);
    expect(await keyed(player, key, url, body)).toMatchObject({ body: first.body });
    expect(await create.count(player)).toBe(before + 1);
  });

  it('the same key with another body is refused with 409 and changes nothing', async () => {
    const player = await create.player();
    const { url, body, otherBody } = await create.prepare(player);
    const key = freshKey();
    expect((await keyed(player, key, url, body)).statusCode).toBe(201);
    const after = await create.count(player);
    const other = await keyed(player, key, url, otherBody);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: OTHER_REQUEST_MESSAGE });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await create.count(player)).toBe(after);
  });

  it("another player's request with the same key is their own", async () => {
    const [one, two] = [await create.player(), await create.player()];
    const key = freshKey();
    const mine = await create.prepare(one);
    const first = await keyed(one, key, mine.url, mine.body);
    const theirs = await create.prepare(two);
    const second = await keyed(two, key, theirs.url, theirs.body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body).not.toBe(first.body);
    expect(await create.count(two)).toBe(await create.count(one));
  });
});

describe('rewards', () => {
  it("a repeated discovery pays the player's tokens once", async () => {
    const player = await signUp(app().app);
    const imageUrl = await uploadPhoto(player);
    const body = { name: 'Koala', latitude: -12.46, longitude: 130.84, imageUrl };
    const key = freshKey();
    const before = await tokensOf(app().db, player);
    const first = await keyed(player, key, '/api/discoveries', body);
    expect(first.statusCode).toBe(201);
    const award = first.json<{ tokensAwarded: number }>().tokensAwarded;
    expect(award).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++)
      expectReplay(first, await keyed(player, key, '/api/discoveries', body));
    expect(await tokensOf(app().db, player)).toBe(before + award);
  });
});

describe('the other creates', () => {
  const proposal = async (player: Player) => ({
    name: 'Idempotent culvert',
    imageUrl: await uploadPhoto(player, 'wall'),
    description: 'Council-run free wall under the bridge, bring your own cans.',
    permitRequired: false,
    hours: 'Daylight',
    city: 'Hobart',
    country: 'Australia',
    address: 'Under the bridge',
    latitude: -42.88,
    longitude: 147.33,
    sourceUrl: 'https://www.hobartcity.com.au/street-art',
  });

  it('a wall proposal, a gallery piece, a report, an upload link and its completion', async () => {
    const player = await signUp(app().app);
    const creates: [string, object | undefined][] = [
      ['/api/legal-walls', await proposal(player)],
      ['/api/profile/art', { imageUrl: await uploadPhoto(player, 'gallery'), title: 'Mine' }],
      [
        '/api/reports',
        { targetType: 'profile', targetId: (await signUp(app().app)).id, reason: 'abusive' },
      ],
      ['/api/objects/upload', { purpose: 'discovery' }],
    ];
    for (const [url, body] of creates) {
      const key = freshKey();
      const first = await keyed(player, key, url, body);
      expect(first.statusCode, `${url}: ${first.body}`).toBeLessThan(300);
      expectReplay(first, await keyed(player, key, url, body));
    }
  });

  it('a completed upload answers its repeat with the same photo instead of a spent link', async () => {
    const player = await signUp(app().app);
    const ticket = await player.request({ method: 'POST', url: '/api/objects/upload' });
    const { uploadURL, completeURL } = ticket.json<UploadTicket>();
    expect((await putBytes(player, uploadURL, uniquePhoto())).statusCode).toBe(200);
    const key = freshKey();
    const first = await keyed(player, key, completeURL);
    expect(first.statusCode).toBe(200);
    expectReplay(first, await keyed(player, key, completeURL));
    expect((await player.request({ method: 'POST', url: completeURL })).statusCode).toBe(403);
  });

  it("a moderator's action is taken once", async () => {
    const moderator = await signUpModerator(app().app, app().db);
    const target = await signUp(app().app);
    const body = { action: 'suspend', targetId: target.id, days: 3, reason: 'Spam' };
    const key = freshKey();
    const first = await keyed(moderator, key, '/api/moderation/actions', body);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await keyed(moderator, key, '/api/moderation/actions', body));
    const lift = await acted(moderator, {
      action: 'lift_suspension',
      targetId: target.id,
      reason: 'Ok',
    });
    expect(lift.id).not.toBe(first.json<{ entry: { id: string } }>().entry.id);
  });
});
