import type { Page } from '@playwright/test';
import { PASSWORD, expect, signUp, type SignedInPlayer } from './fixtures.ts';
import { documentFinds } from './photo-files.ts';

/** Players a spec signs in as again, or makes established. */

/** Signs in through the API (signUp's password by default); the character screen is marked done, as signUp does. */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await page.addInitScript((id: string) => {
    // The app's own document only: a provider's player framed in it may not use storage.
    if (window === window.top) localStorage.setItem(`streetscope:character-created:${id}`, 'e2e');
  }, me.id);
}

/** A spot of this run's own for the documented finds that make players established. */
const FINDS = { latitude: -12.46 - Math.random() * 0.05, longitude: 130.84 + Math.random() * 0.05 };

/** A new player with three documented finds: established on this server (no minimum age). */
export async function signUpEstablished(page: Page): Promise<SignedInPlayer> {
  const player = await signUp(page);
  await documentFinds(page, FINDS, 3);
  return player;
}
