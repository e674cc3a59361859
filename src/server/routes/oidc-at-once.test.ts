import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  OidcBrowser,
  TEST_PROVIDER_ID as ID,
  accountCount,
  callbackUrl,
  appWithProvider,
  providerAccount,
} from '../../../test/oidc-browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';
import { sessions } from '../db/sign-in-schema.ts';

/** A sign-in is spent once, whatever arrives at the same moment (real concurrency on Postgres). */

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [callbackUrl()] });
  t = await appWithProvider(provider);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const AT_ONCE = 50;

describe('simultaneous callbacks and usernames', () => {
  it(
    'of 50 callbacks with one state, one waits for a username and one account is made',
    { tags: ['concurrency'] },
    async () => {
      const who = `racer${process.pid}`;
      const b = new OidcBrowser(t.app, provider);
      const path = await b.atProvider(await b.start(ID), who);
      const before = await accountCount(t.db);
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => b.callback(path)));
      const through = answers.filter((r) => r.statusCode === 303);
      expect(through).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(AT_ONCE - 1);

      const names = Array.from({ length: AT_ONCE }, (_, i) => `${who}_${i}`);
      const created = await Promise.all(names.map((name) => b.chooseUsername(name)));
      expect(created.filter((r) => r.statusCode === 303)).toHaveLength(1);
      expect(await accountCount(t.db)).toBe(before + 1);
    },
  );

  it(
    'of 50 callbacks with one state for a known identity, exactly one session starts',
    { tags: ['concurrency'] },
    async () => {
      const who = `returning${process.pid}`;
      const first = new OidcBrowser(t.app, provider);
      await first.callback(await first.atProvider(await first.start(ID), who));
      await first.chooseUsername(`${who}_x`);
      const me = await first.me();

      const b = new OidcBrowser(t.app, provider);
      const path = await b.atProvider(await b.start(ID), who);
      const sessionsOf = async () =>
        (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, me!.id)))[0]?.n;
      const before = await sessionsOf();
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => b.callback(path)));
      expect(answers.filter((r) => r.statusCode === 303)).toHaveLength(1);
      expect(await sessionsOf()).toBe((before ?? 0) + 1);
    },
  );
});

describe('simultaneous first passwords', () => {
  it(
    'of 50 first passwords of a provider-only account, one is kept and it signs in',
    { tags: ['concurrency'] },
    async () => {
      const b = await providerAccount(t.app, provider, `firstpw${process.pid}`);
      const me = await b.me();
      const passwords = Array.from({ length: AT_ONCE }, (_, i) => `fresh-paint-number-${i}`);
      const answers = await Promise.all(
        passwords.map((newPassword) =>
          b.request({ method: 'PUT', url: '/api/profile/password', payload: { newPassword } }),
        ),
      );
      const kept = passwords.filter((_, i) => answers[i]?.statusCode === 200);
      expect(kept).toHaveLength(1);
      // A loser that reads the account before the winner writes hears 409; one that reads it after
      // sees an account with a password, whose change needs the current one: 400.
      const refused = answers.filter((r) => r.statusCode === 409 || r.statusCode === 400);
      expect(refused).toHaveLength(AT_ONCE - 1);
      const signIn = (password: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: me?.username, password },
        });
      expect((await signIn(kept[0])).statusCode).toBe(200);
      expect((await signIn(passwords.find((p) => p !== kept[0]))).statusCode).toBe(401);
    },
  );
});
