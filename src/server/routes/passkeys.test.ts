import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passkey } from '../../core/schemas/passkeys.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { sessionFrom, whoIs } from '../../../test/sign-in.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { users } from '../db/schema.ts';
import { webauthnChallenges } from '../db/passkeys-schema.ts';
import { hasPasskey } from '../services/passkeys.ts';

/** Passkeys: adding them on the profile, naming and removing them, signing in without a name. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let address = 0;
/** Each sign-in from an address of its own, so only the limits a test is about come into play. */
const nextAddress = () => `198.51.100.${++address % 250}`;

interface Options {
  challenge: string;
  rp?: { id?: string };
  user?: { id: string };
  rpId?: string;
  allowCredentials?: unknown[];
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

async function registrationOptions(player: Player): Promise<Options> {
  const res = await player.request({ method: 'POST', url: '/api/profile/passkeys/options' });
  expect(res.statusCode).toBe(200);
  return res.json<{ options: Options }>().options;
}

const list = async (player: Player) =>
  (await player.request({ url: '/api/profile/passkeys' })).json<Passkey[]>();

async function addPasskey(player: Player, authenticator: SoftwareAuthenticator, name?: string) {
  const response = authenticator.create(await registrationOptions(player));
  const res = await player.request({
    method: 'POST',
    url: '/api/profile/passkeys',
    headers: { 'user-agent': CHROME_ON_ANDROID },
    payload: { response, ...(name === undefined ? {} : { name }) },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Passkey>();
}

async function signInOptions(remoteAddress = nextAddress()): Promise<Options> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/passkeys/sign-in/options',
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ options: Options }>().options;
}

const postSignIn = (payload: InjectOptions['payload'], remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/passkeys/sign-in',
    remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  });

async function playerWithPasskey() {
  const player = await signUp(t.app);
  const authenticator = new SoftwareAuthenticator();
  const passkey = await addPasskey(player, authenticator);
  return { player, authenticator, passkey };
}

const sessionCount = async (userId: string) => {
  const rows = await t.db.execute(
    sql`select count(*)::int as n from sessions where user_id = ${userId}`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('adding a passkey', () => {
  it('asks for a discoverable credential, keeps it named after the device, then excludes it', async () => {
    const player = await signUp(t.app);
    const options = await registrationOptions(player);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.rp?.id).toBe('localhost');
    expect(options.excludeCredentials).toEqual([]);

    const authenticator = new SoftwareAuthenticator();
    const res = await player.request({
      method: 'POST',
      url: '/api/profile/passkeys',
      headers: { 'user-agent': CHROME_ON_ANDROID },
      payload: { response: authenticator.create(options) },
    });
    expect(res.statusCode).toBe(201);
    const passkey = res.json<Passkey>();
    expect(passkey).toMatchObject({ name: 'Chrome on Android', lastUsedAt: null, synced: false });
    expect(await list(player)).toEqual([passkey]);
    expect(await hasPasskey(t.db, player.id)).toBe(true);

    const again = await registrationOptions(player);
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id]);
  });

  it('takes a name given with it, trimmed', async () => {
    const player = await signUp(t.app);
    const passkey = await addPasskey(player, new SoftwareAuthenticator(), '  Work laptop ');
    expect(passkey.name).toBe('Work laptop');
  });

  it('refuses a missing, malformed, foreign, expired or replayed answer, and keeps nothing', async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    const authenticator = new SoftwareAuthenticator();
    const add = (payload?: InjectOptions['payload']) =>
      player.request({
        method: 'POST',
        url: '/api/profile/passkeys',
        ...(payload === undefined ? {} : { payload }),
      });
    const fresh = async () => registrationOptions(player);

    expect((await add()).statusCode).toBe(400);
    expect((await add({ response: 'garbage' })).statusCode).toBe(400);
    const good = authenticator.create(await fresh());
    expect(
      (await add({ response: { ...good, response: { ...good.response, clientDataJSON: '!!' } } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await add({ response: { ...good, response: { ...good.response, clientDataJSON: 'e30' } } }))
        .statusCode,
    ).toBe(400);
    expect((await add({ response: good, name: '   ' })).statusCode).toBe(400);
    expect((await add({ response: good, name: 'x'.repeat(61) })).statusCode).toBe(400);

    // A challenge nobody handed out.
    const unknown = await add({ response: authenticator.create({ challenge: 'bm90LWlzc3VlZA' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'This passkey request has expired. Please try again.',
    });
    // Another player's challenge.
    const theirs = await add({ response: authenticator.create(await registrationOptions(other)) });
    expect(theirs.statusCode).toBe(400);
    // Another site's origin, or another relying party.
    const wrongOrigin = await add({
      response: authenticator.create(await fresh(), { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    const wrongRp = await add({
      response: authenticator.create(await fresh(), { rpId: 'evil.example' }),
    });
    expect(wrongRp.statusCode).toBe(400);
    // A challenge past its five minutes.
    const old = await fresh();
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, old.challenge));
    expect((await add({ response: authenticator.create(old) })).statusCode).toBe(400);
    // A refused answer uses up its challenge: the same one cannot be tried again.
    const once = await fresh();
    expect(
      (await add({ response: authenticator.create(once, { origin: 'https://evil.example' }) }))
        .statusCode,
    ).toBe(400);
    expect((await add({ response: authenticator.create(once) })).statusCode).toBe(400);

    expect(await list(player)).toEqual([]);
    expect(await hasPasskey(t.db, player.id)).toBe(false);

    // An answer that was accepted once is not accepted again.
    const accepted = authenticator.create(await fresh());
    expect((await add({ response: accepted })).statusCode).toBe(201);
    const replay = await add({ response: accepted });
    expect(replay.statusCode).toBe(400);
    expect(await list(player)).toHaveLength(1);
  });

  it('is only for signed-in players', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile/passkeys'],
      ['POST', '/api/profile/passkeys/options'],
      ['POST', '/api/profile/passkeys'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});

describe('your data', () => {
  it('carries each passkey as its name and dates, never its key or credential id', async () => {
    const { player, passkey } = await playerWithPasskey();
    const res = await player.request({ url: '/api/profile/export' });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = JSON.parse(new TextDecoder().decode(files[DATA_EXPORT_FILE]));
    expect(json.passkeys).toEqual([
      { name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: null },
    ]);
  });
});

describe('naming and removing passkeys', () => {
  it('renames a passkey; an empty, too long or foreign rename changes nothing', async () => {
    const { player, passkey } = await playerWithPasskey();
    const other = await signUp(t.app);
    const rename = (who: Player, id: string, payload: InjectOptions['payload']) =>
      who.request({ method: 'PATCH', url: `/api/profile/passkeys/${id}`, payload });

    const res = await rename(player, passkey.id, { name: '  Phone  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Passkey>().name).toBe('Phone');

    expect((await rename(player, passkey.id, { name: '' })).statusCode).toBe(400);
    expect((await rename(player, passkey.id, { name: ' \t ' })).statusCode).toBe(400);
    expect((await rename(player, passkey.id, { name: 'p'.repeat(61) })).statusCode).toBe(400);
    expect((await rename(player, passkey.id, { name: 42 })).statusCode).toBe(400);
    expect((await rename(player, passkey.id, {})).statusCode).toBe(400);
    expect((await rename(player, 'not-a-uuid', { name: 'x' })).statusCode).toBe(400);
    const foreign = await rename(other, passkey.id, { name: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Passkey not found' });

    expect((await list(player)).map((p) => p.name)).toEqual(['Phone']);
  });

  it("removes a passkey (another player's answers 404) and it no longer signs in", async () => {
    const { player, authenticator, passkey } = await playerWithPasskey();
    const other = await signUp(t.app);
    const remove = (who: Player, id: string) =>
      who.request({ method: 'DELETE', url: `/api/profile/passkeys/${id}` });

    expect((await remove(other, passkey.id)).statusCode).toBe(404);
    expect(await list(player)).toHaveLength(1);
    expect((await remove(player, 'nope')).statusCode).toBe(400);

    expect((await remove(player, passkey.id)).statusCode).toBe(204);
    expect(await list(player)).toEqual([]);
    expect((await remove(player, passkey.id)).statusCode).toBe(404);

    const res = await postSignIn({ response: authenticator.get(await signInOptions()) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message:
        'That passkey is not linked to any account here: it may have been removed. Sign in with your username and password.',
    });
    expect(res.cookies.find((c) => c.name === 'ss_session')).toBeUndefined();
  });
});

describe('the last way in', () => {
  it('keeps the only passkey of an account with no password or provider', async () => {
    const { player, authenticator, passkey } = await playerWithPasskey();
    const second = await addPasskey(player, new SoftwareAuthenticator());
    // As an account made through a provider and since unlinked from it: passkeys are all it has.
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, player.id));
    const remove = (id: string) =>
      player.request({ method: 'DELETE', url: `/api/profile/passkeys/${id}` });

    expect((await remove(second.id)).statusCode).toBe(204);
    const res = await remove(passkey.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This is your only way to sign in. Add a password or link another provider first.',
    });
    expect((await list(player)).map((p) => p.id)).toEqual([passkey.id]);
    const signIn = await postSignIn({ response: authenticator.get(await signInOptions()) });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a username, like a password sign-in, and goes back where asked', async () => {
    const { player, authenticator } = await playerWithPasskey();
    const options = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.rpId).toBe('localhost');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/sign-in',
      remoteAddress: nextAddress(),
      headers: { 'user-agent': CHROME_ON_ANDROID },
      payload: { response: authenticator.get(options), returnTo: '/profile' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, returnTo: '/profile' });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['ss_device', 'ss_session']);
    const signedIn = sessionFrom(t.app, player, res);
    expect(await whoIs(signedIn)).toBe(player.id);

    const sessions = (await signedIn.request({ url: '/api/profile/sessions' })).json<
      { device: string | null; current: boolean }[]
    >();
    expect(sessions.find((s) => s.current)?.device).toBe('Chrome on Android');
    expect((await list(player))[0]!.lastUsedAt).not.toBeNull();
  });

  it('never sends a player off the site', async () => {
    const { authenticator } = await playerWithPasskey();
    const res = await postSignIn({
      response: authenticator.get(await signInOptions()),
      returnTo: '//evil.example/x',
    });
    expect(res.json()).toEqual({ ok: true, returnTo: '/' });
  });

  it('signs in a suspended player, who can then read but not write, as a password does', async () => {
    const { player, authenticator } = await playerWithPasskey();
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, player.id));
    const res = await postSignIn({ response: authenticator.get(await signInOptions()) });
    expect(res.statusCode).toBe(200);
    const signedIn = sessionFrom(t.app, player, res);
    expect(await whoIs(signedIn)).toBe(player.id);
    const write = await signedIn.request({
      method: 'PUT',
      url: '/api/profile/picture',
      payload: {},
    });
    expect(write.statusCode).toBe(403);
  });

  it('refuses a missing, malformed, unknown, expired or foreign-origin answer, and signs nobody in', async () => {
    const { player, authenticator } = await playerWithPasskey();
    const before = await sessionCount(player.id);

    expect((await postSignIn(undefined)).statusCode).toBe(400);
    expect((await postSignIn({ response: 42 })).statusCode).toBe(400);
    const good = authenticator.get(await signInOptions());
    const garbled = await postSignIn({
      response: { ...good, response: { ...good.response, clientDataJSON: 'bm9wZQ' } },
    });
    expect(garbled.statusCode).toBe(401);

    const unknown = await postSignIn({
      response: authenticator.get({ challenge: 'bm90LWlzc3VlZA' }),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      message: 'This passkey sign-in has expired. Please try again.',
    });

    const old = await signInOptions();
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, old.challenge));
    expect((await postSignIn({ response: authenticator.get(old) })).statusCode).toBe(401);

    const wrongOrigin = await postSignIn({
      response: authenticator.get(await signInOptions(), { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json()).toEqual({
      message: 'Signing in with that passkey failed. Please try again.',
    });

    const wrongRp = await postSignIn({
      response: authenticator.get({ ...(await signInOptions()), rpId: 'evil.example' }),
    });
    expect(wrongRp.statusCode).toBe(401);

    // A sign-in challenge does not add a passkey, nor a registration one sign in.
    const registerChallenge = await registrationOptions(player);
    expect((await postSignIn({ response: authenticator.get(registerChallenge) })).statusCode).toBe(
      401,
    );

    // Someone else's signature on this credential's id.
    const forger = new SoftwareAuthenticator();
    forger.create({ challenge: 'eA', user: { id: authenticator.credentials[0]!.userHandle } });
    const forged = forger.get(await signInOptions());
    const forgedRes = await postSignIn({
      response: {
        ...forged,
        id: authenticator.credentials[0]!.id,
        rawId: authenticator.credentials[0]!.id,
      },
    });
    expect(forgedRes.statusCode).toBe(401);

    expect(await sessionCount(player.id)).toBe(before);
  });

  it('refuses a replayed answer and a counter that went backwards', async () => {
    const { player, authenticator } = await playerWithPasskey();
    const answer = authenticator.get(await signInOptions());
    expect((await postSignIn({ response: answer })).statusCode).toBe(200);
    const replay = await postSignIn({ response: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies.find((c) => c.name === 'ss_session')).toBeUndefined();

    const sessions = await sessionCount(player.id);
    // A copy of the authenticator whose counter is behind the one that signed in.
    const cloned = await postSignIn({
      response: authenticator.get(await signInOptions(), { counter: 0 }),
    });
    expect(cloned.statusCode).toBe(401);
    expect(await sessionCount(player.id)).toBe(sessions);

    expect(
      (await postSignIn({ response: authenticator.get(await signInOptions(), { counter: 5 }) }))
        .statusCode,
    ).toBe(200);
  });

  it('of 50 simultaneous answers to one challenge, exactly one signs in', async () => {
    const { player, authenticator } = await playerWithPasskey();
    const before = await sessionCount(player.id);
    const answer = authenticator.get(await signInOptions());
    const results = await Promise.all(
      Array.from({ length: 50 }, () => postSignIn({ response: answer })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(49);
    expect(await sessionCount(player.id)).toBe(before + 1);
  });

  it('of 50 simultaneous additions with one challenge, exactly one keeps a passkey', async () => {
    const player = await signUp(t.app);
    const response = new SoftwareAuthenticator().create(await registrationOptions(player));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        player.request({ method: 'POST', url: '/api/profile/passkeys', payload: { response } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(49);
    expect(await list(player)).toHaveLength(1);
  });
});

describe('the sign-in page', () => {
  it('offers a passkey by a script its CSP allows by hash, and nothing else', async () => {
    const res = await t.app.inject({ url: '/api/login' });
    const csp = String(res.headers['content-security-policy']);
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}';`);
    expect(csp).toContain("connect-src 'self'");
    expect(res.body).toContain('Sign in with a passkey');
    // Hidden until the script finds WebAuthn in the browser.
    expect(res.body).toMatch(/<div id="passkey-area" hidden>/);

    const signUpPage = await t.app.inject({ url: '/api/login?mode=signup' });
    expect(signUpPage.body).not.toContain('Sign in with a passkey');
  });
});

describe('sign-in limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      seed: false,
      limits: { signInPerIp: { limit: 2, windowSeconds: 900 } },
    });
  });
  afterAll(() => limited.close());

  it('counts refused passkey answers against the address, like wrong passwords', async () => {
    const player = await signUp(limited.app);
    const authenticator = new SoftwareAuthenticator();
    const options = async () =>
      (
        await limited.app.inject({
          method: 'POST',
          url: '/api/passkeys/sign-in/options',
          remoteAddress: '192.0.2.7',
        })
      ).json<{ options: Options }>().options;
    const signIn = (payload: InjectOptions['payload']) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/passkeys/sign-in',
        remoteAddress: '192.0.2.7',
        payload,
      });
    const added = authenticator.create(
      (await player.request({ method: 'POST', url: '/api/profile/passkeys/options' })).json<{
        options: Options;
      }>().options,
    );
    expect(
      (
        await player.request({
          method: 'POST',
          url: '/api/profile/passkeys',
          payload: { response: added },
        })
      ).statusCode,
    ).toBe(201);

    // A success gives its unit back; two refusals use the budget up.
    expect((await signIn({ response: authenticator.get(await options()) })).statusCode).toBe(200);
    expect((await signIn({ response: authenticator.get({ challenge: 'eA' }) })).statusCode).toBe(
      401,
    );
    expect((await signIn({ response: authenticator.get({ challenge: 'eQ' }) })).statusCode).toBe(
      401,
    );
    const refused = await signIn({ response: authenticator.get(await options()) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
  });
});
