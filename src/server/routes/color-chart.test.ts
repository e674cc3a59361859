import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import type { ColourChart } from '../../core/schemas/colours.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { SERIES_1 } from '../services/colour-chart.ts';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

async function chartOf(player: Player): Promise<ColourChart> {
  const res = await player.request({ url: '/api/color-chart' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return res.json<ColourChart>();
}

async function subscribe(player: Player, status: string, periodEndDays: number) {
  await t.db
    .insert(subscriptions)
    .values({
      userId: player.id,
      status,
      currentPeriodEnd: new Date(Date.now() + periodEndDays * DAY),
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { status, currentPeriodEnd: new Date(Date.now() + periodEndDays * DAY) },
    });
}

describe('the Series 1 chart file', () => {
  it('has 100+ colours, unique codes, names and hexes, and a basic range within it', () => {
    expect(SERIES_1.length).toBeGreaterThanOrEqual(100);
    for (const key of ['code', 'name', 'hex'] as const) {
      const values = SERIES_1.map((c) => c[key].toLowerCase());
      expect(new Set(values).size, key).toBe(values.length);
    }
    const basic = SERIES_1.filter((c) => c.range === 'basic');
    expect(basic.length).toBeGreaterThanOrEqual(30);
    expect(basic.length).toBeLessThan(SERIES_1.length);
    // Every hue family has basic colours, so a free chart is still a whole palette.
    expect(new Set(basic.map((c) => c.group))).toEqual(new Set(SERIES_1.map((c) => c.group)));
  });
});

describe('GET /api/color-chart', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/color-chart' })).statusCode).toBe(401);
  });

  it('gives a free player the basic range only, and says how big the full chart is', async () => {
    const chart = await chartOf(await signUp(t.app));
    expect(chart.range).toBe('basic');
    expect(chart.totalColours).toBe(SERIES_1.length);
    expect(chart.colours).toEqual(SERIES_1.filter((c) => c.range === 'basic'));
  });

  it('gives a Pro player the full chart, in file order', async () => {
    const pro = await signUp(t.app);
    await subscribe(pro, 'active', 30);
    const chart = await chartOf(pro);
    expect(chart.range).toBe('full');
    expect(chart.colours).toEqual(SERIES_1);
  });

  it('goes back to the basic range when Pro lapses or is cancelled', async () => {
    const player = await signUp(t.app);
    await subscribe(player, 'trialing', 7);
    expect((await chartOf(player)).range).toBe('full');
    await subscribe(player, 'active', -1);
    expect((await chartOf(player)).range).toBe('basic');
    await subscribe(player, 'canceled', 30);
    expect((await chartOf(player)).range).toBe('basic');
    await t.db.delete(subscriptions).where(eq(subscriptions.userId, player.id));
    expect((await chartOf(player)).colours).toHaveLength(
      SERIES_1.filter((c) => c.range === 'basic').length,
    );
  });
});
