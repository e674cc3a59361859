/**
 * Landing-page JavaScript budget (issue: < 150 kB gzipped, map/uploader/Stripe in their own
 * chunks). Starts the built server, opens / signed out in Chromium, and reports every script the
 * page loaded: its gzip size, its brotli size as served, and the totals.
 *
 *   npm run build && npm run bench:bundle
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const server = spawn('node', ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-')),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const base = `http://localhost:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 100) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage();
const scripts: { file: string; served: number }[] = [];
page.on('requestfinished', async (request) => {
  if (request.resourceType() !== 'script') return;
  const sizes = await request.sizes();
  scripts.push({ file: new URL(request.url()).pathname, served: sizes.responseBodySize });
});
await page.goto(base, { waitUntil: 'networkidle' });
await browser.close();
server.kill('SIGTERM');

const rows = scripts.map(({ file, served }) => {
  const raw = readFileSync(path.join(root, 'dist/client', file));
  return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, served };
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
for (const r of rows) {
  console.log(
    `${r.file.padEnd(48)} raw ${kb(r.raw).padStart(9)}  gzip ${kb(r.gzip).padStart(8)}  served (br) ${kb(r.served).padStart(8)}`,
  );
}
const total = (key: 'raw' | 'gzip' | 'served') => rows.reduce((s, r) => s + r[key], 0);
console.log(
  `landing JS: ${rows.length} files, raw ${kb(total('raw'))}, gzip ${kb(total('gzip'))}, served ${kb(total('served'))}`,
);
const heavy = rows.filter((r) => /maplibre|uppy|stripe/i.test(r.file));
console.log(
  heavy.length
    ? `heavy chunks on the landing page: ${heavy.map((r) => r.file)}`
    : 'no map, uploader or Stripe code on the landing page',
);
