import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Passkey } from '../../core/schemas/passkeys.ts';
import { DATA_EXPORT_FILE } from '../../core/your-data.ts';
import { signUp, type Player } from '../../../test/app.ts';
import { passkeyTestApp } from '../../../test/passkey-steps.ts';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.ts';
import { users } from '../db/schema.ts';
import { webauthnChallenges } from '../db/passkeys-schema.ts';
import { hasPasskey } from '../services/passkeys.ts';

/** Passkeys: adding them on the profile, naming and removing them, the last way in. */

const {
  t,
  CHROME_ON_ANDROID,
  registrationOptions,
  list,
  addPasskey,
  signInOptions,
  postSignIn,
  playerWithPasskey,
} = passkeyTestApp();

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
