import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';

/**
 * `/` for a visitor with no session is the page with the landing page already in it
 * (scripts/prerender-landing.mjs); anyone with a session cookie, and every other path, gets the
 * plain page the app fills in.
 */

const LANDING =
  '<!doctype html><div id="root" data-landing="prerendered">Join the Revolution</div>';

let t: TestApp;
let bare: TestApp;
const dirs: string[] = [];

function clientDir(withLanding: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
  dirs.push(dir);
  copyFileSync(new URL('../../client/index.html', import.meta.url), path.join(dir, 'index.html'));
  if (withLanding) writeFileSync(path.join(dir, 'landing.html'), LANDING);
  return dir;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { clientDir: clientDir(true) } });
  bare = await createTestApp({ seed: false, config: { clientDir: clientDir(false) } });
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const isLanding = (body: string) => body.includes('data-landing="prerendered"');

describe('the landing page sent with the page', () => {
  it('is what a visitor with no cookie gets at /, with or without a query, never cached', async () => {
    for (const url of ['/', '/?ref=poster']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Cookie');
      expect(isLanding(res.body)).toBe(true);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('is never sent to a signed-in player, nor to a stale or forged session cookie', async () => {
    const player = await signUp(t.app);
    for (const cookie of [player.cookie, 'ss_session=not-a-session']) {
      const res = await t.app.inject({ url: '/', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Cookie');
      expect(isLanding(res.body), cookie).toBe(false);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('is only at /: other screens get the plain page', async () => {
    for (const url of ['/onboarding', '/profile', '/landing', '/index']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(isLanding(res.body), url).toBe(false);
    }
  });

  it('falls back to the plain page when the build has none', async () => {
    const res = await bare.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(isLanding(res.body)).toBe(false);
    expect(res.body).toContain('<div id="root">');
  });
});
