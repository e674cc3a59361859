import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import {
  deliver,
  invoicePaid,
  sign,
  subscriptionEvent,
  WEBHOOK_SECRET,
} from '../../../test/stripe-events.ts';
import { stripeEvents, subscriptions } from '../db/payments-schema.ts';

/**
 * POST /api/stripe/webhook with events signed by Stripe's own test signer. The player's Stripe
 * customer and subscription rows are written directly: this file is about the webhook alone
 * (subscription.test.ts creates them through the API against the Stripe stand-in).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT },
    config: {
      stripe: {
        secretKey: 'sk_test_unused',
        publishableKey: 'pk_test_unused',
        webhookSecret: WEBHOOK_SECRET,
        priceId: 'price_pro_monthly',
        // Nothing here may call Stripe: an unreachable address proves it.
        apiUrl: 'http://127.0.0.1:9',
      },
    },
  });
});
afterAll(() => t.close());

const future = (days: number) => new Date(Date.now() + days * 86_400_000);
const at = (secondsFromNow: number) => new Date(Date.now() + secondsFromNow * 1000);

async function subscriber(): Promise<{ player: Player; sub: { id: string; customer: string } }> {
  const player = await signUp(t.app);
  const sub = {
    id: `sub_${randomBytes(6).toString('hex')}`,
    customer: `cus_${randomBytes(6).toString('hex')}`,
  };
  await t.db.insert(subscriptions).values({
    userId: player.id,
    stripeCustomerId: sub.customer,
    stripeSubscriptionId: sub.id,
    status: 'incomplete',
  });
  return { player, sub };
}

async function row(player: Player) {
  const [r] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, player.id));
  return r!;
}
const isPro = async (player: Player) =>
  (await player.request({ url: '/api/auth/user' })).json<{ isPro: boolean }>().isPro;

describe('signature', () => {
  it('refuses a bad signature, another secret, a stale timestamp, a tampered body', async () => {
    const { player, sub } = await subscriber();
    const evt = invoicePaid(sub, future(30));
    const refusals = [
      await deliver(t.app, evt, { signature: 't=1,v1=deadbeef' }),
      await deliver(t.app, evt, { secret: 'whsec_someone_else' }),
      await deliver(t.app, evt, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: JSON.stringify(evt),
        headers: { 'content-type': 'application/json' },
      }),
    ];
    // A genuine signature, over a body that then had its period end changed.
    const tampered = { ...evt, data: invoicePaid(sub, future(3650)).data };
    refusals.push(await deliver(t.app, tampered, { signature: sign(evt) }));
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[0]!.json().message).toBe('Invalid Stripe signature.');

    expect(await isPro(player)).toBe(false);
    expect((await row(player)).status).toBe('incomplete');
    const [recorded] = await t.db
      .select({ n: count() })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, evt.id));
    expect(recorded?.n).toBe(0);
  });

  it('refuses a correctly signed body that is not JSON or not a well-formed event', async () => {
    const { player, sub } = await subscriber();
    const paid = invoicePaid(sub, future(30));
    const bodies: [string, string][] = [
      ['not json at all', 'The Stripe event is not valid JSON.'],
      ['{"id": "evt_1", "type": ', 'The Stripe event is not valid JSON.'],
      ['[]', 'The Stripe event is not well formed.'],
      ['"evt_1"', 'The Stripe event is not well formed.'],
      ['{}', 'The Stripe event is not well formed.'],
      [JSON.stringify({ ...paid, data: {} }), 'The Stripe event is not well formed.'],
      [
        JSON.stringify({ ...paid, data: { object: { ...paid.data.object, lines: null } } }),
        'The Stripe event is not well formed.',
      ],
    ];
    for (const [body, message] of bodies) {
      const res = await deliver(t.app, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await isPro(player)).toBe(false);
    expect((await t.db.select({ n: count() }).from(stripeEvents))[0]?.n).toBe(0);
  });

  it('accepts a good signature from another site (no cookie, no Origin check)', async () => {
    const { player, sub } = await subscriber();
    const res = await deliver(t.app, invoicePaid(sub, future(30)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await isPro(player)).toBe(true);
  });
});

describe('each event once', () => {
  it('a replayed event is a no-op, even when it would otherwise win a tie', async () => {
    const { player, sub } = await subscriber();
    const now = new Date();
    const paid = invoicePaid(sub, future(30), now);
    await deliver(t.app, paid);
    // Same second, delivered later: the later delivery wins the tie.
    const pastDue = subscriptionEvent(
      'updated',
      sub,
      { status: 'past_due', periodEnd: future(30) },
      now,
    );
    await deliver(t.app, pastDue);
    expect(await isPro(player)).toBe(false);

    const replay = await deliver(t.app, paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect((await row(player)).status).toBe('past_due');
    expect(await isPro(player)).toBe(false);
  });

  it(
    'the same event delivered 50 times at once is applied once',
    { tags: ['concurrency'] },
    async () => {
      const { player, sub } = await subscriber();
      const paid = invoicePaid(sub, future(30));
      const results = await Promise.all(Array.from({ length: 50 }, () => deliver(t.app, paid)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      const outcomes = results.map((r) => r.json<{ outcome: string }>().outcome).sort();
      expect(outcomes).toEqual(['applied', ...Array(49).fill('duplicate')]);
      expect(await isPro(player)).toBe(true);
      const [recorded] = await t.db
        .select({ n: count() })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, paid.id));
      expect(recorded?.n).toBe(1);
    },
  );
});

describe('out-of-order delivery', () => {
  it('an older "incomplete" update arriving after the paid invoice leaves the player Pro', async () => {
    const { player, sub } = await subscriber();
    const created = subscriptionEvent(
      'updated',
      sub,
      { status: 'incomplete', periodEnd: future(30) },
      at(-5),
    );
    await deliver(t.app, invoicePaid(sub, future(30), at(0)));
    await deliver(t.app, created);
    expect((await row(player)).status).toBe('active');
    expect(await isPro(player)).toBe(true);
  });

  it('a cancellation stays final when an older paid invoice arrives after it', async () => {
    const { player, sub } = await subscriber();
    const paid = invoicePaid(sub, future(30), at(-60));
    await deliver(
      t.app,
      subscriptionEvent('deleted', sub, { status: 'canceled', periodEnd: future(30) }, at(0)),
    );
    await deliver(t.app, paid);
    await deliver(
      t.app,
      subscriptionEvent('updated', sub, { status: 'active', periodEnd: future(30) }, at(-30)),
    );
    expect((await row(player)).status).toBe('canceled');
    expect(await isPro(player)).toBe(false);
  });

  it('the period end only moves forward; cancel-at-period-end keeps Pro until then', async () => {
    const { player, sub } = await subscriber();
    const later = future(60);
    await deliver(t.app, invoicePaid(sub, later, at(-10)));
    await deliver(t.app, invoicePaid(sub, future(30), at(-20)));
    expect((await row(player)).currentPeriodEnd?.getTime()).toBe(
      Math.floor(later.getTime() / 1000) * 1000,
    );
    await deliver(
      t.app,
      subscriptionEvent(
        'updated',
        sub,
        { status: 'active', periodEnd: later, cancelAtPeriodEnd: true },
        at(0),
      ),
    );
    const r = await row(player);
    expect(r.cancelAtPeriodEnd).toBe(true);
    expect(await isPro(player)).toBe(true);
  });

  it('a paid period that has already ended does not make a player Pro', async () => {
    const { player, sub } = await subscriber();
    await deliver(t.app, invoicePaid(sub, at(-3600), at(-7200)));
    expect((await row(player)).status).toBe('active');
    expect(await isPro(player)).toBe(false);
  });
});

describe('events that are not ours', () => {
  it('ignores unknown customers, old subscriptions and other event types', async () => {
    const { player, sub } = await subscriber();
    const stranger = { id: 'sub_stranger', customer: 'cus_stranger' };
    const old = { id: 'sub_replaced', customer: sub.customer };
    const outcomes = [
      await deliver(t.app, invoicePaid(stranger, future(30))),
      await deliver(t.app, invoicePaid(old, future(30))),
      await deliver(t.app, {
        ...invoicePaid(sub, future(30)),
        type: 'charge.refunded',
      }),
    ].map((r) => [r.statusCode, r.json().outcome]);
    expect(outcomes).toEqual([
      [200, 'ignored'],
      [200, 'ignored'],
      [200, 'ignored'],
    ]);
    expect(await isPro(player)).toBe(false);
  });
});

describe('without Stripe configured', () => {
  it('has no webhook (404) and changes nothing', async () => {
    const demo = await createTestApp({ seed: false });
    try {
      const res = await deliver(
        demo.app,
        invoicePaid({ id: 'sub_x', customer: 'cus_x' }, future(30)),
      );
      expect(res.statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});

describe('with Stripe keys but no signing secret', () => {
  it('answers 503 so the operator sees it, and changes nothing', async () => {
    const misconfigured = await createTestApp({
      seed: false,
      config: {
        stripe: {
          secretKey: 'sk_test_x',
          publishableKey: 'pk_test_x',
          webhookSecret: null,
          priceId: 'price_x',
          apiUrl: 'http://127.0.0.1:9',
        },
      },
    });
    try {
      const res = await deliver(
        misconfigured.app,
        invoicePaid({ id: 'sub_x', customer: 'cus_x' }, future(30)),
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Stripe webhooks are not configured on this server.');
    } finally {
      await misconfigured.close();
    }
  });
});
