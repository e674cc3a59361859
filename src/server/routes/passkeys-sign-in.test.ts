import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { passkeyTestApp, type Options } from '../../../test/passkey-steps.ts';
import { sessionFrom, whoIs } from '../../../test/sign-in.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { users } from '../db/schema.ts';
import { webauthnChallenges } from '../db/passkeys-schema.ts';

/** Passkeys: signing in without a name, the sign-in page's script, and the sign-in limits. */

const {
  t,
  CHROME_ON_ANDROID,
  nextAddress,
  registrationOptions,
  list,
  signInOptions,
  postSignIn,
  playerWithPasskey,
  sessionCount,
} = passkeyTestApp();

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
    expect(res.cookies.map((c) => c.name).sort()).toEqual([
      'ss_device',
      'ss_session',
      'ss_signed_in',
    ]);
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

  it(
    'of 50 simultaneous answers to one challenge, exactly one signs in',
    { tags: ['concurrency'] },
    async () => {
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
    },
  );

  it(
    'of 50 simultaneous additions with one challenge, exactly one keeps a passkey',
    { tags: ['concurrency'] },
    async () => {
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
    },
  );
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
