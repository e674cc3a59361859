import { count, eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { type SiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_LIMIT, signUp, type TestApp } from '../../../test/app.ts';
import { link, linked, newAccount, nonceFor, proof, SITE } from '../../../test/wallet-proofs.ts';
import { SIWE_STATEMENT } from '../auth/siwe.ts';
import { siweNonces, walletLinks } from '../db/payments-schema.ts';

/** Sign-In with Ethereum linking, signed by real viem local accounts (secp256k1, EIP-191). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

/** A fixed key for messages written by hand, as another library or wallet would write them. */
const HAND = privateKeyToAccount(`0x${'5eed'.repeat(16)}`);

/** `date` in RFC 3339 at a UTC offset in minutes, to the second: 2025-06-01T14:03:09+02:00. */
function rfc3339At(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${hours}:${String(abs % 60).padStart(2, '0')}`;
}

/** A message for this site written by hand: HAND's address and our statement unless given. */
function handWritten(
  nonce: string,
  fields: { head?: string; address?: string; statement?: string | null; tail: string[] },
) {
  const statement = fields.statement === undefined ? SIWE_STATEMENT : fields.statement;
  return [
    fields.head ?? 'localhost:3000 wants you to sign in with your Ethereum account:',
    fields.address ?? HAND.address,
    '',
    ...(statement === null ? [] : [statement]),
    '',
    `URI: ${SITE}`,
    'Version: 1',
    'Chain ID: 1',
    `Nonce: ${nonce}`,
    ...fields.tail,
  ].join('\n');
}

describe('POST /api/wallet/link', () => {
  it('links the address that signed, shown checksummed', async () => {
    const player = await signUp(t.app);
    const account = newAccount();
    const res = await link(player, await proof(player, account));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: account.address, chainId: 1 });
    expect(await linked(player)).toMatchObject({ address: account.address });
  });

  it('accepts valid messages in the forms other libraries and wallets write', async () => {
    const player = await signUp(t.app);
    const now = new Date();
    const soon = new Date(now.getTime() + 5 * 60_000);
    const forms: Record<string, (nonce: string) => string> = {
      'times to the second in Z and -05:00, no statement': (nonce) =>
        handWritten(nonce, {
          statement: null,
          tail: [`Issued At: ${rfc3339At(now, 0)}`, `Expiration Time: ${rfc3339At(soon, -300)}`],
        }),
      'scheme, +02:00 and +00:00 offsets, every optional field': (nonce) =>
        handWritten(nonce, {
          head: 'http://localhost:3000 wants you to sign in with your Ethereum account:',
          tail: [
            `Issued At: ${rfc3339At(now, 120)}`,
            `Expiration Time: ${rfc3339At(soon, 330)}`,
            `Not Before: ${rfc3339At(new Date(now.getTime() - 60_000), 0).replace('Z', '+00:00')}`,
            'Request ID: link-1',
            'Resources:',
            `- ${SITE}/profile`,
          ],
        }),
      microseconds: (nonce) =>
        handWritten(nonce, { tail: [`Issued At: ${now.toISOString().replace('Z', '456Z')}`] }),
    };
    for (const [form, write] of Object.entries(forms)) {
      const message = write((await nonceFor(player)).nonce);
      const res = await link(player, { message, signature: await HAND.signMessage({ message }) });
      expect(res.statusCode, `${form}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ address: HAND.address, chainId: 1 });
    }
    expect(await linked(player)).toMatchObject({ address: HAND.address });
  });

  it('refuses a signed message that breaks the grammar, linking nothing', async () => {
    const player = await signUp(t.app);
    const issued = `Issued At: ${new Date().toISOString()}`;
    const cases: Record<string, (nonce: string) => string> = {
      'a line after the last field': (nonce) => `${handWritten(nonce, { tail: [issued] })}\n`,
      'CR LF line ends': (nonce) => handWritten(nonce, { tail: [issued] }).replace(/\n/g, '\r\n'),
      'fields out of order': (nonce) =>
        handWritten(nonce, { tail: [issued] }).replace(/(Chain ID: 1)\n(Nonce: \w+)/, '$2\n$1'),
      'a field twice': (nonce) => handWritten(nonce, { tail: [`Nonce: ${nonce}`, issued] }),
      '30 February': (nonce) => handWritten(nonce, { tail: ['Issued At: 2030-02-30T10:00:00Z'] }),
      'a wrong checksum': (nonce) =>
        handWritten(nonce, {
          address: HAND.address.replace(/[a-f]/, (c) => c.toUpperCase()),
          tail: [issued],
        }),
    };
    for (const [why, write] of Object.entries(cases)) {
      const message = write((await nonceFor(player)).nonce);
      const res = await link(player, { message, signature: await HAND.signMessage({ message }) });
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toMatch(
        /^Wallet proof refused: not a( well-formed)? Sign-In with Ethereum message/,
      );
    }
    expect(await linked(player)).toBeNull();
  });

  it('refuses an address not in EIP-55 checksum form, keeping the nonce for a retry', async () => {
    const player = await signUp(t.app);
    const account = newAccount();
    const { nonce } = await nonceFor(player);
    const issued = [`Issued At: ${new Date().toISOString()}`];
    const lower = handWritten(nonce, { address: account.address.toLowerCase(), tail: issued });
    const refused = await link(player, {
      message: lower,
      signature: await account.signMessage({ message: lower }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'Wallet proof refused: not a well-formed Sign-In with Ethereum message (address: not in EIP-55 checksum form).',
    });
    expect(await linked(player)).toBeNull();
    // Refused before the nonce is looked at, as every malformed message is: it still links.
    const message = handWritten(nonce, { address: account.address, tail: issued });
    const res = await link(player, { message, signature: await account.signMessage({ message }) });
    expect(res.statusCode).toBe(200);
    expect(await linked(player)).toMatchObject({ address: account.address });
  });

  it('refuses a replayed signature: the nonce is single use', async () => {
    const player = await signUp(t.app);
    const body = await proof(player, newAccount());
    expect((await link(player, body)).statusCode).toBe(200);
    const replay = await link(player, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/expired or was already used/);
  });

  it('a retry under the same Idempotency-Key gets the first answer, not the spent nonce', async () => {
    const player = await signUp(t.app);
    const payload = await proof(player, newAccount());
    const headers = { 'idempotency-key': 'link-once' };
    const send = () =>
      player.request({ method: 'POST', url: '/api/wallet/link', payload, headers });
    const [first, again] = [await send(), await send()];
    expect([first.statusCode, again.statusCode, again.body]).toEqual([200, 200, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses another site, another URI, another chain, with the nonce left unused', async () => {
    const player = await signUp(t.app);
    const account = newAccount();
    const cases: [Partial<SiweMessage>, RegExp][] = [
      [{ domain: 'streetscope.evil.example' }, /another site/],
      [{ domain: 'localhost:3000', scheme: 'https' }, /another site/],
      [{ uri: 'https://streetscope.evil.example' }, /URI/],
      [{ chainId: 137 }, /chain id 137/],
    ];
    for (const [overrides, why] of cases) {
      const res = await link(player, await proof(player, account, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toMatch(why);
    }
    expect(await linked(player)).toBeNull();
    const [open] = await t.db
      .select({ n: count() })
      .from(siweNonces)
      .where(eq(siweNonces.userId, player.id));
    expect(open?.n).toBe(4);
  });

  it('refuses an expired message, a stale Issued At and an expired nonce', async () => {
    const player = await signUp(t.app);
    const account = newAccount();
    const expired = await link(
      player,
      await proof(player, account, { expirationTime: new Date(Date.now() - 1000) }),
    );
    expect(expired.json().message).toMatch(/expired/);
    const stale = await link(
      player,
      await proof(player, account, { issuedAt: new Date(Date.now() - 60 * 60_000) }),
    );
    expect(stale.json().message).toMatch(/too old/);

    const body = await proof(player, account);
    await t.db
      .update(siweNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(siweNonces.userId, player.id));
    const lapsed = await link(player, body);
    expect([expired.statusCode, stale.statusCode, lapsed.statusCode]).toEqual([400, 400, 400]);
    expect(lapsed.json().message).toMatch(/expired or was already used/);
    expect(await linked(player)).toBeNull();
  });

  it('refuses a signature by another key, a tampered message and another player’s nonce', async () => {
    const player = await signUp(t.app);
    const account = newAccount();
    const forged = await link(player, await proof(player, account, {}, newAccount()));
    expect(forged.json().message).toMatch(/signature does not match/);

    const genuine = await proof(player, account);
    const tampered = await link(player, {
      ...genuine,
      message: `${genuine.message}\nResources:\n- https://evil.example`,
    });
    expect(tampered.statusCode).toBe(400);

    const other = await signUp(t.app);
    const theirs = await proof(other, account);
    const stolen = await link(player, theirs);
    expect(stolen.json().message).toMatch(/already used/);
    expect([forged.statusCode, stolen.statusCode]).toEqual([400, 400]);
    expect(await linked(player)).toBeNull();
    // The other player's nonce is still theirs to use.
    expect((await link(other, theirs)).statusCode).toBe(200);
  });

  it('refuses an address already linked to another account, and changes nothing', async () => {
    const owner = await signUp(t.app);
    const account = newAccount();
    expect((await link(owner, await proof(owner, account))).statusCode).toBe(200);
    const thief = await signUp(t.app);
    const res = await link(thief, await proof(thief, account));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This wallet is already linked to another account.');
    expect(await linked(thief)).toBeNull();
    expect(await linked(owner)).toMatchObject({ address: account.address });
  });

  it('a new proof replaces the player’s previous wallet', async () => {
    const player = await signUp(t.app);
    const first = newAccount();
    const second = newAccount();
    await link(player, await proof(player, first));
    await link(player, await proof(player, second));
    expect(await linked(player)).toMatchObject({ address: second.address });
    const rows = await t.db.select().from(walletLinks).where(eq(walletLinks.userId, player.id));
    expect(rows).toHaveLength(1);
  });

  it('validates the body and needs a session', async () => {
    const player = await signUp(t.app);
    const bad = [
      {},
      { message: 'hello', signature: 'nope' },
      { message: 'x'.repeat(2001), signature: '0x00' },
      { message: 'hello', signature: '0x00' },
    ];
    for (const body of bad) expect((await link(player, body)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/wallet/nonce' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/wallet/:address', () => {
  it('unlinks the player’s own wallet only', async () => {
    const owner = await signUp(t.app);
    const account = newAccount();
    await link(owner, await proof(owner, account));
    const other = await signUp(t.app);
    const url = `/api/wallet/${account.address}`;
    expect((await other.request({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await linked(owner)).not.toBeNull();
    expect((await owner.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await linked(owner)).toBeNull();
    expect((await owner.request({ method: 'DELETE', url: '/api/wallet/0x12' })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/wallet/nonce', () => {
  it('keeps at most five open nonces per player', async () => {
    const player = await signUp(t.app);
    const nonces = [];
    for (let i = 0; i < 7; i++) nonces.push((await nonceFor(player)).nonce);
    const rows = await t.db.select().from(siweNonces).where(eq(siweNonces.userId, player.id));
    expect(rows.map((r) => r.nonce).sort()).toEqual(nonces.slice(2).sort());
  });
});
