import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * The installable app's files (docs/decisions/033): the service worker is revalidated on every
 * check so a deploy reaches players, the manifest says what it is, the icons are images, and
 * none of them is ever answered with the app's page.
 */

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-client-'));
  const client = (file: string) => new URL(`../client/${file}`, import.meta.url);
  copyFileSync(client('index.html'), path.join(clientDir, 'index.html'));
  mkdirSync(path.join(clientDir, 'icons'));
  copyFileSync(client('public/icons/icon-192.png'), path.join(clientDir, 'icons/icon-192.png'));
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(
    path.join(clientDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'StreetScope', start_url: '/' }),
  );
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), 'export {};\n');
  t = await createTestApp({ seed: false, config: { clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the installable app files', () => {
  it('serves the worker as JavaScript that the browser always revalidates', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('serves the manifest with its own type, and hashed assets for a year', async () => {
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ name: 'StreetScope' });
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the icons as PNG', async () => {
    const res = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('lets the page load the worker and the manifest from our origin only', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toMatch(/manifest-src(?! 'self')/);
  });

  it('answers a missing icon or worker script with 404, not the app page', async () => {
    const icon = await t.app.inject({ url: '/icons/icon-999.png' });
    expect(icon.statusCode).toBe(404);
    const worker = await t.app.inject({ url: '/service-worker.js' });
    expect(worker.statusCode).toBe(404);
    // A client route still gets the page.
    const page = await t.app.inject({ url: '/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
