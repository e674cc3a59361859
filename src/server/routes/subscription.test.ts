import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPhoto } from '../../../test/evidence.ts';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { deliver, invoicePaid, subscriptionEvent } from '../../../test/stripe-events.ts';
import {
  standInStripeConfig,
  startStripeStandIn,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { STRIPE_API_VERSION } from '../payments/stripe.ts';

/** The subscription API against a local Stripe stand-in, through the real Stripe SDK. */

let stripe: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn(STRIPE_API_VERSION);
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
    config: {
      stripe: standInStripeConfig(stripe),
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const setup = (player: Player) =>
  player.request({ method: 'POST', url: '/api/get-or-create-subscription' });
const status = async (player: Player) =>
  (await player.request({ url: '/api/subscription' })).json<{
    isPro: boolean;
    status: string | null;
    canManage: boolean;
    currentPeriodEnd: string | null;
    entitlements: { tokenMultiplier: number; fullColourChart: boolean };
  }>();
const subsOf = (player: Player) =>
  [...stripe.subscriptions.values()].filter((s) => s.metadata.userId === player.id);
const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('with payments on', () => {
  it('pages may load Stripe.js and its card frames, and nothing else from outside', async () => {
    const csp = (await t.app.inject({ url: '/subscribe' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toMatch(
      /frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/,
    );
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});

describe('POST /api/get-or-create-subscription', () => {
  it("returns the first invoice's client secret of one default_incomplete subscription", async () => {
    const player = await signUp(t.app);
    const res = await setup(player);
    expect(res.statusCode).toBe(200);
    const [sub] = subsOf(player);
    expect(sub?.status).toBe('incomplete');
    expect(sub?.items.data[0]?.price).toBe('price_pro_monthly');
    expect(res.json()).toEqual({ clientSecret: stripe.clientSecretOf(sub!.id) });
    // Every call carried the pinned API version.
    expect(new Set(stripe.requests.map((r) => r.apiVersion))).toEqual(
      new Set([STRIPE_API_VERSION]),
    );
    const me = await status(player);
    expect(me).toMatchObject({ isPro: false, status: 'incomplete', canManage: true });
  });

  it(
    'subscribing twice, or twice at once, yields one customer and one subscription',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      const first = await setup(player);
      const second = await setup(player);
      expect(second.json()).toEqual(first.json());
      expect(subsOf(player)).toHaveLength(1);

      const racer = await signUp(t.app);
      const answers = await Promise.all([setup(racer), setup(racer), setup(racer)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().clientSecret)).size).toBe(1);
      expect(subsOf(racer)).toHaveLength(1);
      const customers = [...stripe.customers.values()].filter(
        (c) => (c.metadata as { userId?: string }).userId === racer.id,
      );
      expect(customers).toHaveLength(1);
    },
  );

  it('refuses a player who is already subscribed, and starts afresh after a cancellation', async () => {
    const player = await signUp(t.app);
    await setup(player);
    const [sub] = subsOf(player);
    const ref = { id: sub!.id, customer: sub!.customer };
    expect((await deliver(t.app, invoicePaid(ref, future(30)))).statusCode).toBe(200);
    sub!.status = 'active';

    const again = await setup(player);
    expect(again.statusCode).toBe(409);
    expect(subsOf(player)).toHaveLength(1);

    const ended = new Date(Date.now() + 1000);
    await deliver(
      t.app,
      subscriptionEvent('deleted', ref, { status: 'canceled', periodEnd: future(30) }, ended),
    );
    sub!.status = 'canceled';
    expect((await status(player)).isPro).toBe(false);
    const renewed = await setup(player);
    expect(renewed.statusCode).toBe(200);
    expect(subsOf(player)).toHaveLength(2);
    expect((await status(player)).status).toBe('incomplete');
  });

  it('answers 502 when Stripe fails, and a retry works', async () => {
    const player = await signUp(t.app);
    stripe.failNext(400);
    const res = await setup(player);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/payment provider/);
    expect(res.body).not.toContain('stand-in');
    expect((await setup(player)).statusCode).toBe(200);
    expect(subsOf(player)).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/get-or-create-subscription' })).statusCode,
    ).toBe(401);
  });
});

describe('Pro status and the customer portal', () => {
  it('a new player is free: single tokens, the basic colour chart, nothing to manage', async () => {
    const player = await signUp(t.app);
    expect(await status(player)).toMatchObject({
      isPro: false,
      status: null,
      canManage: false,
      entitlements: { tokenMultiplier: 1, fullColourChart: false },
    });
    const portal = await player.request({ method: 'POST', url: '/api/subscription/portal' });
    expect(portal.statusCode).toBe(404);
  });

  it('opens a portal session for the player’s own customer, returning to /subscribe', async () => {
    const player = await signUp(t.app);
    await setup(player);
    const res = await player.request({ method: 'POST', url: '/api/subscription/portal' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_`));
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, player.id));
    expect(stripe.requests.at(-1)?.path).toBe('/v1/billing_portal/sessions');
    expect(row?.stripeCustomerId).toBe(subsOf(player)[0]?.customer);
  });

  it('a paid invoice makes the player Pro: the status, the user and double rewards', async () => {
    const player = await signUp(t.app);
    await setup(player);
    const [sub] = subsOf(player);
    const periodEnd = future(30);
    await deliver(t.app, invoicePaid({ id: sub!.id, customer: sub!.customer }, periodEnd));
    const me = await status(player);
    expect(me).toMatchObject({
      isPro: true,
      status: 'active',
      entitlements: { tokenMultiplier: 2, fullColourChart: true },
    });
    expect(new Date(me.currentPeriodEnd!).getTime()).toBe(
      Math.floor(periodEnd.getTime() / 1000) * 1000,
    );
    expect((await player.request({ url: '/api/auth/user' })).json().isPro).toBe(true);

    const found = await player.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: {
        name: 'Laneway piece',
        emojiPin: 'location',
        userRole: 'photographer',
        latitude: -28.0167,
        longitude: 153.4,
        tokensAwarded: 5,
        imageUrl: await storedPhoto(t.db, player.id),
      },
    });
    expect(found.statusCode).toBe(201);
    expect(found.json().tokensAwarded).toBe(100);
    expect((await player.request({ url: '/api/auth/user' })).json().tokens).toBe(100);
  });
});
