import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Passkey } from '../src/core/schemas/passkeys.ts';
import { createTestApp, signUp, type Player, type TestApp } from './app.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** The parts of WebAuthn options the tests read. */
export interface Options {
  challenge: string;
  rp?: { id?: string };
  user?: { id: string };
  rpId?: string;
  allowCredentials?: unknown[];
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}

/**
 * A test app of the file's own (made before its tests, closed after) and the steps the passkey
 * API tests share: adding a passkey, asking to sign in, counting sessions.
 */
export function passkeyTestApp() {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp({ seed: false });
  });
  afterAll(() => made?.close());
  const t = {
    get app() {
      return made!.app;
    },
    get db() {
      return made!.db;
    },
  };
  const CHROME_ON_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

  let address = 0;
  /** Each sign-in from an address of its own, so only the limits a test is about come into play. */
  const nextAddress = () => `198.51.100.${++address % 250}`;

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

  return {
    t,
    CHROME_ON_ANDROID,
    nextAddress,
    registrationOptions,
    list,
    addPasskey,
    signInOptions,
    postSignIn,
    playerWithPasskey,
    sessionCount,
  };
}
