import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlaggedAccount, ModerationQueues } from '../../core/schemas/moderation.ts';
import { NO_LIMIT, type Player, type TestApp } from '../../../test/app.ts';
import { act, acted, signUpModerator } from '../../../test/moderation.ts';
import {
  OidcBrowser,
  TEST_PROVIDER_ID,
  appWithProvider,
  callbackUrl,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { PASSWORD, sessionFrom, signInAgain } from '../../../test/sign-in.ts';
import { grantRole } from '../admin/roles.ts';
import { accountFlags } from '../db/moderation-schema.ts';
import { users } from '../db/schema.ts';
import { signInHosts } from '../db/sign-in-schema.ts';

/**
 * A new account made from the host a suspended player signed in from is flagged for staff, not
 * refused (docs/decisions/026).
 */

let provider: TestOidcProvider;
let t: TestApp;
let mod: Player;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await appWithProvider(provider, {
    limits: { oidcPerIp: NO_LIMIT, signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
  mod = await signUpModerator(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let n = 0;
const name = () => `flagged_${process.pid}_${++n}`;

/** A password sign-up from `ip`; it is never refused for where it comes from. */
async function signUpFrom(ip: string): Promise<Player> {
  const username = name();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: ip,
    payload: { username, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return sessionFrom(t.app, { id: row!.id, username }, res);
}

async function flagged(): Promise<FlaggedAccount[]> {
  const res = await mod.request({ url: '/api/moderation/queues' });
  expect(res.statusCode).toBe(200);
  return res.json<ModerationQueues>().accounts;
}
const flagOf = async (player: Pick<Player, 'id'>) =>
  (await flagged()).find((a) => a.userId === player.id);

const suspend = (player: Player, days = 7) =>
  acted(mod, { action: 'suspend', targetId: player.id, days, reason: 'Spam' });

describe('signing up from a suspended player’s host', () => {
  it('flags the new account with the suspended one, by password or provider; other hosts are not', async () => {
    const spammer = await signUpFrom('198.51.100.7');
    // Seen later from an IPv6 host: any address in its /64 is the same host.
    await signInAgain(t.app, spammer, { remoteAddress: '2001:db8:5:6::1' });
    const before = await signUpFrom('198.51.100.7');
    const entry = await suspend(spammer);

    const again = await signUpFrom('198.51.100.7');
    const sameV6 = await signUpFrom('2001:db8:5:6:aaaa::99');
    const b = new OidcBrowser(t.app, provider, '198.51.100.7');
    await b.callback(await b.atProvider(await b.start(TEST_PROVIDER_ID), name()));
    expect((await b.chooseUsername(name())).statusCode).toBe(303);
    const viaProvider = (await b.me())!;
    const otherHost = await signUpFrom('198.51.100.8');
    const otherV6 = await signUpFrom('2001:db8:5:7::1');

    for (const player of [again, sameV6, viaProvider]) {
      expect(await flagOf(player)).toEqual({
        userId: player.id,
        username: player.username,
        createdAt: expect.any(String),
        reason: 'suspended_host',
        related: [
          { id: spammer.id, username: spammer.username, suspendedUntil: entry.details!.until },
        ],
      });
      // Not refused either: the new account plays as any other.
      const post = await (player === viaProvider ? b : (player as Player)).request({
        method: 'POST',
        url: '/api/community/forum',
        payload: { content: 'Hello walls' },
      });
      expect(post.statusCode).toBe(201);
    }
    for (const player of [before, otherHost, otherV6]) expect(await flagOf(player)).toBeUndefined();
  });

  it('flags nothing once the suspension is lifted', async () => {
    const spammer = await signUpFrom('203.0.113.20');
    await suspend(spammer);
    await acted(mod, { action: 'lift_suspension', targetId: spammer.id, reason: 'Appeal' });
    expect(await flagOf(await signUpFrom('203.0.113.20'))).toBeUndefined();
  });

  it('keeps hosts as keyed hashes, never the address', async () => {
    const player = await signUpFrom('192.0.2.77');
    const rows = await t.db.select().from(signInHosts).where(eq(signInHosts.userId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hostKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await t.db.select().from(signInHosts))).not.toContain('192.0.2.77');
  });
});

describe('staff deciding on a flagged account', () => {
  async function flaggedAccount(host: string): Promise<Player> {
    await suspend(await signUpFrom(host));
    const player = await signUpFrom(host);
    expect(await flagOf(player)).toBeDefined();
    return player;
  }

  it('clear its flag once, on the record; a second clear or an unknown account changes nothing', async () => {
    const player = await flaggedAccount('198.51.100.30');
    const entry = await acted(mod, {
      action: 'clear_account_flag',
      targetId: player.id,
      reason: 'A flatmate',
    });
    expect(entry).toMatchObject({
      action: 'clear_account_flag',
      targetType: 'user',
      targetLabel: player.username,
      details: { flagsResolved: 1 },
    });
    expect(await flagOf(player)).toBeUndefined();
    const twice = await act(mod, {
      action: 'clear_account_flag',
      targetId: player.id,
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'That account is not flagged.' });
    const unknown = await act(mod, {
      action: 'clear_account_flag',
      targetId: 'nobody',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('suspending it resolves its flag too', async () => {
    const player = await flaggedAccount('198.51.100.31');
    const entry = await suspend(player, 3);
    expect(entry.details).toMatchObject({ days: 3, flagsResolved: 1 });
    expect(await flagOf(player)).toBeUndefined();
  });

  it('refuses players, a missing reason and clearing one’s own flag, changing nothing', async () => {
    const player = await flaggedAccount('198.51.100.32');
    const clear = { action: 'clear_account_flag', targetId: player.id, reason: 'Fine' };
    expect((await act(player, clear)).statusCode).toBe(403);
    expect((await act(mod, { ...clear, reason: '  ' })).statusCode).toBe(400);
    expect((await act(mod, { ...clear, targetId: 7 })).statusCode).toBe(400);
    // Made staff later, they still cannot clear their own flag.
    await grantRole(t.db, { username: player.username, role: 'moderator', reason: 'test staff' });
    const own = await act(player, clear);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'Another moderator must review your own account.' });
    const open = await t.db.select().from(accountFlags).where(eq(accountFlags.userId, player.id));
    expect(open.map((f) => f.resolvedAt)).toEqual([null]);
  });
});
