import { createServer } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * What only a browser enforces, checked in Chromium against the app on an https PUBLIC_URL
 * (Chromium treats http://localhost as a secure origin, so it applies the https rules here).
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let t: TestApp;
let browser: Browser;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  t = await createTestApp({ seed: false, config: { publicUrl: `https://localhost:${port}` } });
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
    chromiumSandbox: false,
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the __Host- session cookie', () => {
  // Browsers keep a __Host- cookie only with Secure and Path=/, and ignore a clearing without.
  it('is set by signing up and gone after signing out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/api/login?mode=signup`);
    await page.getByLabel('Username').fill('HostCookie');
    await page.getByLabel('Password', { exact: true }).fill('a long spray phrase');
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL(`${origin}/`);
    const session = () =>
      context.cookies(origin).then((all) => all.find((c) => c.name === '__Host-ss_session'));
    expect(await session()).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    // Its hint for the page (docs/decisions/041) is kept too, and readable by the page.
    const hint = () =>
      context.cookies(origin).then((all) => all.find((c) => c.name === '__Host-ss_signed_in'));
    expect(await hint()).toMatchObject({ secure: true, httpOnly: false, path: '/' });
    expect(await page.evaluate(() => document.cookie)).toBe('__Host-ss_signed_in=1');
    expect((await page.request.get(`${origin}/api/auth/user`)).status()).toBe(200);

    await page.goto(`${origin}/api/logout`);
    expect(await session()).toBeUndefined();
    expect(await hint()).toBeUndefined();
    expect((await page.request.get(`${origin}/api/auth/user`)).status()).toBe(401);
    await context.close();
  });
});

describe('the API docs page', () => {
  it('works under its own strict CSP, with no console error or warning', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
    });
    const res = await page.goto(`${origin}/api/docs`);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect
      .poll(() => page.getByText('StreetScope API').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    // Areas start folded; opening one shows its operations.
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(15);
    await page.locator('.opblock-tag[data-tag="discoveries"]').click();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(5);
    expect(messages).toEqual([]);
    await context.close();
  });
});
