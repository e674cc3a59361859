import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type Player, type TestApp } from '../../../test/app.ts';
import {
  link,
  linked,
  newAccount,
  nonceFor,
  proof,
  proofWith,
} from '../../../test/wallet-proofs.ts';
import { siweNonces, walletLinks } from '../db/payments-schema.ts';

/** Wallet linking under 50 simultaneous requests: the once-only rules the database holds. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

describe('under concurrency (50 requests at once)', () => {
  const AT_ONCE = 50;
  const statuses = (results: { statusCode: number }[]) =>
    results.map((r) => r.statusCode).sort((a, b) => a - b);
  const walletsOf = (player: Player) =>
    t.db.select().from(walletLinks).where(eq(walletLinks.userId, player.id));

  it(
    'a proof replayed 50 times links once; the nonce is spent once',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      const body = await proof(player, newAccount());
      const results = await Promise.all(Array.from({ length: AT_ONCE }, () => link(player, body)));
      expect(statuses(results)).toEqual([200, ...Array(AT_ONCE - 1).fill(400)]);
      for (const r of results.filter((r) => r.statusCode === 400))
        expect(r.json().message).toMatch(/expired or was already used/);
      expect(await walletsOf(player)).toHaveLength(1);
    },
  );

  it(
    'one address proven by 50 players at once links to exactly one of them',
    { tags: ['concurrency'] },
    async () => {
      const account = newAccount();
      const players = await Promise.all(Array.from({ length: AT_ONCE }, () => signUp(t.app)));
      const nonces = await Promise.all(players.map(nonceFor));
      const bodies = await Promise.all(nonces.map((n) => proofWith(n, account)));
      const results = await Promise.all(players.map((p, i) => link(p, bodies[i]!)));
      expect(statuses(results)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
      const winner = results.findIndex((r) => r.statusCode === 200);
      const rows = await t.db
        .select()
        .from(walletLinks)
        .where(eq(walletLinks.address, account.address.toLowerCase()));
      expect(rows.map((r) => r.userId)).toEqual([players[winner]!.id]);
      // A refused link spent nothing: the loser's nonce still links a wallet of their own.
      const loser = winner === 0 ? 1 : 0;
      const own = await link(players[loser]!, await proofWith(nonces[loser]!, newAccount()));
      expect(own.statusCode).toBe(200);
    },
  );

  it(
    '50 wallets proven by one player at once leave that player with one wallet',
    { tags: ['concurrency'] },
    async () => {
      const player = await signUp(t.app);
      // Fifty open nonces at once (more than the API hands out) to race fifty links.
      const open = Array.from({ length: AT_ONCE }, () => ({
        nonce: randomBytes(16).toString('hex'),
        expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      }));
      await t.db.insert(siweNonces).values(
        open.map((n) => ({
          nonce: n.nonce,
          userId: player.id,
          expiresAt: new Date(n.expiresAt),
        })),
      );
      const bodies = await Promise.all(open.map((n) => proofWith(n, newAccount())));
      const results = await Promise.all(bodies.map((b) => link(player, b)));
      expect(statuses(results)).toEqual(Array(AT_ONCE).fill(200));
      const rows = await walletsOf(player);
      expect(rows).toHaveLength(1);
      expect((await linked(player))?.address.toLowerCase()).toBe(rows[0]!.address);
    },
  );

  it('50 nonce requests at once leave five open nonces', { tags: ['concurrency'] }, async () => {
    const player = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () => player.request({ url: '/api/wallet/nonce' })),
    );
    expect(statuses(results)).toEqual(Array(AT_ONCE).fill(200));
    const rows = await t.db.select().from(siweNonces).where(eq(siweNonces.userId, player.id));
    expect(rows).toHaveLength(5);
  });
});
