import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import {
  standInStripeConfig,
  startStripeStandIn,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { users } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { STRIPE_API_VERSION } from '../payments/stripe.ts';
import { objectKeys } from '../storage/object-store.ts';

/**
 * Deleting an account that pays for Pro (against the local Stripe stand-in), its limits, and a
 * photo store that fails.
 */

const PASSWORD = 'spray-paint-rules-42';
const remove = (player: Player, password = PASSWORD) =>
  player.request({
    method: 'DELETE',
    url: '/api/profile',
    payload: { username: player.username, password },
  });
const exists = async (t: TestApp, player: Player) =>
  (await t.db.select().from(users).where(eq(users.id, player.id))).length === 1;

describe('with a Pro subscription', () => {
  let stripe: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startStripeStandIn(STRIPE_API_VERSION);
    t = await createTestApp({
      seed: false,
      limits: { signUpPerIp: NO_LIMIT },
      config: {
        stripe: standInStripeConfig(stripe),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A player whose subscription Stripe has made active (as after the first payment). */
  async function proPlayer() {
    const player = await signUp(t.app);
    const setup = await player.request({ method: 'POST', url: '/api/get-or-create-subscription' });
    expect(setup.statusCode).toBe(200);
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === player.id)!;
    sub.status = 'active';
    await t.db
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, player.id));
    expect((await player.request({ url: '/api/auth/user' })).json().isPro).toBe(true);
    return { player, sub };
  }

  it('cancels the subscription at Stripe, then deletes the account', async () => {
    const { player, sub } = await proPlayer();
    const res = await remove(player);
    expect(res.statusCode).toBe(204);
    expect(sub.status).toBe('canceled');
    expect(stripe.requests).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${sub.id}` }),
    );
    expect(await exists(t, player)).toBe(false);
  });

  it('keeps the account, and says so, when Stripe cannot cancel', async () => {
    const { player, sub } = await proPlayer();
    stripe.failNext(400);
    const res = await remove(player);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'The payment provider could not cancel your Pro subscription, so your account was not deleted. Please try again.',
    );
    expect(sub.status).toBe('active');
    expect(await exists(t, player)).toBe(true);
    expect((await player.request({ url: '/api/auth/user' })).statusCode).toBe(200);
    // Trying again works.
    expect((await remove(player)).statusCode).toBe(204);
    expect(sub.status).toBe('canceled');
  });

  it('asks Stripe nothing for a subscription that already ended', async () => {
    const { player, sub } = await proPlayer();
    sub.status = 'canceled';
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, player.id));
    const before = stripe.requests.length;
    expect((await remove(player)).statusCode).toBe(204);
    expect(stripe.requests.length).toBe(before);
  });
});

describe('without payments configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      limits: { signUpPerIp: NO_LIMIT, signInPerDevice: { limit: 2, windowSeconds: 900 } },
    });
  });
  afterAll(() => t.close());

  it('refuses to leave a renewing subscription behind (503), changing nothing', async () => {
    const player = await signUp(t.app);
    await t.db.insert(subscriptions).values({
      userId: player.id,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      status: 'active',
    });
    const res = await remove(player);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Your Pro subscription cannot be cancelled right now/);
    expect(await exists(t, player)).toBe(true);
  });

  it('gives a few password attempts per account, then a 429', async () => {
    const player = await signUp(t.app);
    expect((await remove(player, 'wrong-password-1')).statusCode).toBe(403);
    expect((await remove(player, 'wrong-password-2')).statusCode).toBe(403);
    const limited = await remove(player);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(await exists(t, player)).toBe(true);
    // Another player's attempts are their own.
    const other = await signUp(t.app);
    expect((await remove(other)).statusCode).toBe(204);
  });
});

describe('when the photo store cannot delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: { signUpPerIp: NO_LIMIT } });
  });
  afterAll(() => t.close());

  it('still deletes the whole account, and its photos are no longer served', async () => {
    const player = await signUp(t.app);
    const photo = await uploadPhoto(player);
    // Where display renditions go is now a file: every delete there fails (ENOTDIR).
    const display = path.join(t.config.dataDir, 'objects', 'display');
    await rm(display, { recursive: true });
    await writeFile(display, 'not a directory');
    expect((await remove(player)).statusCode).toBe(204);
    expect(await exists(t, player)).toBe(false);
    expect((await t.app.inject({ url: photo })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${photo}/thumbnail` })).statusCode).toBe(404);
    // The thumbnail, in a healthy part of the store, is gone.
    expect(await t.app.objectStore.get(objectKeys.thumb(photo.split('/').pop()!))).toBeNull();
  });
});
