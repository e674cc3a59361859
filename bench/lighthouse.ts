/**
 * Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown, a mid-range phone's screen):
 *  - the map home signed in, against a bare page that loads only MapLibre (the same version,
 *    minified) with the map home's own style and view: the limit the map home is held to;
 *  - the landing page, signed out.
 * Both map pages draw from the same local tile stand-in (e2e/tile-server.ts). The three pages
 * take turns, RUNS times each; the medians are reported, with the spread (lowest–highest).
 * Beside TBT: when each map page marked `map-first-drawn` (the map home: its first idle with its
 * walls and artworks on the map; the bare page: its first idle), as observed in Lighthouse's
 * own unthrottled load, and the largest paint's element (docs/decisions/051-light-map-home.md).
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 5] [--save <folder>] [--dist <folder>]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, waitFor } from './servers.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    save: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
  },
});
const RUNS = Number(values.runs);
/** The machine's load when the runs start: on a shared machine the ratios are read beside it. */
const loadAtStart = os.loadavg()[0]!;
/** A folder to keep every run's full Lighthouse report and trace in, for a closer look. */
const SAVE = values.save;
/**
 * The build to measure: a copy of `dist/` in a folder of its own (with `node_modules` beside it)
 * keeps a build measurable while the shared `dist/` is rebuilt.
 */
const DIST = path.resolve(root, values.dist);

const [port, tilePort, barePort] = [await freePort(), await freePort(), await freePort()];
const tiles = `http://127.0.0.1:${tilePort}`;
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'e2e/tile-server.ts'], {
    cwd: root,
    env: { ...process.env, TILE_PORT: String(tilePort) },
    stdio: 'ignore',
    // Its own process group: npx and tsx each start a child, and all of them stop together.
    detached: true,
  }),
  spawn('node', [path.join(DIST, 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-lighthouse-')),
      LOG_LEVEL: 'warn',
      MAP_SATELLITE_TILES: `${tiles}/sat/{z}/{x}/{y}.png`,
      MAP_STANDARD_SATELLITE_TILES: `${tiles}/standard/{z}/{x}/{y}.png`,
      MAP_LABEL_TILES: `${tiles}/labels/{z}/{x}/{y}.png`,
      MAP_TERRAIN_TILES: `${tiles}/terrain/{z}/{x}/{y}.png`,
      MAP_BUILDINGS_URL: `${tiles}/buildings.json`,
    },
    stdio: 'inherit',
  }),
];
const stop = () =>
  children.forEach((c) => {
    try {
      if (c.spawnargs[0] === 'npx' && c.pid) process.kill(-c.pid, 'SIGTERM');
      else c.kill('SIGTERM');
    } catch {
      // already gone
    }
  });
process.on('exit', stop);
// The session cookie belongs to localhost; the landing page is read from 127.0.0.1, signed out.
const home = `http://localhost:${port}/`;
const landing = `http://127.0.0.1:${port}/`;
await Promise.all([waitFor(`${home}readyz`), waitFor(`${tiles}/buildings.json`)]);

const signup = await fetch(`${home}api/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench_lighthouse', password: 'bright colours on grey walls' }),
});
if (!signup.ok) throw new Error(`sign-up: ${signup.status}`);
const cookies = signup.headers.getSetCookie().map((c) => {
  const [name = '', ...value] = c.split(';')[0]!.split('=');
  return { name, value: value.join('='), domain: 'localhost', path: '/' };
});
const me = (await (
  await fetch(`${home}api/auth/user`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  })
).json()) as { id: string };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const page = await browser.newPage();
await page.setCookie(...cookies);
// Past character creation, as a returning player is (Lighthouse keeps cookies and localStorage).
await page.goto(`${home}404`);
await page.evaluate((id) => {
  localStorage.setItem(`streetscope:character-created:${id}`, 'bench');
}, me.id);

// The map home's own style and camera once it has drawn, with its data layers left empty.
await page.goto(home);
await page.waitForSelector('[data-testid="map"][data-ready="true"]', { timeout: 120_000 });
const view = (await page.evaluate(`(() => {
  const m = document.querySelector('[data-testid="map"]').maplibre;
  const c = m.getCenter();
  const style = m.getStyle();
  for (const source of Object.values(style.sources))
    if (source.type === 'geojson') source.data = { type: 'FeatureCollection', features: [] };
  return { style, center: [c.lng, c.lat], zoom: m.getZoom(), pitch: m.getPitch(), bearing: m.getBearing() };
})()`)) as object;

const BARE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MapLibre alone</title>
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%;background:#0c1a26}</style>
</head><body><div id="map"></div>
<script type="module">
import { Map, setWorkerUrl } from '/maplibre/maplibre-gl.mjs';
setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
const view = ${JSON.stringify(view)};
const map = new Map({ container: 'map', ...view, maxZoom: 22, maxPitch: 85 });
map.once('idle', () => performance.mark('map-first-drawn'));
</script></body></html>`;
const dist = path.join(root, 'node_modules/maplibre-gl/dist');
// Compressed as our server serves its own assets, so both pages pay the same per byte.
const bareFiles = new Map<string, { type: string; body: Buffer }>([
  ['/', { type: 'text/html', body: brotliCompressSync(BARE_HTML) }],
  ...['maplibre-gl.mjs', 'maplibre-gl-worker.mjs', 'maplibre-gl.css'].map(
    (file) =>
      [
        `/maplibre/${file}`,
        {
          type: file.endsWith('.css') ? 'text/css' : 'text/javascript',
          body: brotliCompressSync(readFileSync(path.join(dist, file))),
        },
      ] as const,
  ),
]);
const bareServer = createServer((req, res) => {
  const file = bareFiles.get(req.url ?? '/');
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file.type, 'content-encoding': 'br' }).end(file.body);
}).listen(barePort, '127.0.0.1');
const bare = `http://127.0.0.1:${barePort}/`;

interface Figures {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  js: number;
  /** ms from navigation to the `map-first-drawn` mark; NaN where the page made none. */
  drawn: number;
  /** The largest paint's element, as Lighthouse names it. */
  lcpElement: string;
}

/** Lighthouse's own trace sometimes misses the navigation on a busy machine: that run is taken again. */
const RETRIES = 2;

async function measure(url: string, name: string, attempt = 0): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    undefined,
    page,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < RETRIES) {
      console.log(`${name}: ${lhr.runtimeError.code}, measuring again`);
      return measure(url, name, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    const file = path.join(SAVE, `${name.replace(/ /g, '-')}-${Date.now()}`);
    writeFileSync(`${file}.json`, JSON.stringify(lhr));
    // The run's trace, for DevTools' Performance panel: which task Lighthouse counted, and why.
    writeFileSync(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const marks = lhr.audits['user-timings']?.details as
    { items: { name: string; startTime: number }[] } | undefined;
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as
    { items: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const summary = lhr.audits['resource-summary']?.details as
    { items: { resourceType: string; transferSize: number }[] } | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: audit('total-blocking-time'),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    js: summary?.items.find((i) => i.resourceType === 'script')?.transferSize ?? NaN,
    drawn: marks?.items.find((m) => m.name === 'map-first-drawn')?.startTime ?? NaN,
    lcpElement: lcpElement?.items[0]?.items?.[0]?.node?.snippet?.replace(/\s+/g, ' ') ?? '(none)',
  };
}

const pages = { 'map home': home, 'bare MapLibre': bare, landing } as const;
const results: Record<keyof typeof pages, Figures[]> = {
  'map home': [],
  'bare MapLibre': [],
  landing: [],
};
const show = (f: Figures) =>
  `score ${String(f.score).padStart(3)}  TBT ${f.tbt.toFixed(0).padStart(5)} ms  ` +
  `LCP ${f.lcp.toFixed(0).padStart(5)} ms  FCP ${f.fcp.toFixed(0).padStart(5)} ms  ` +
  `JS ${(f.js / 1024).toFixed(0).padStart(4)} kB  drawn ${f.drawn.toFixed(0).padStart(5)} ms`;

for (let run = 1; run <= RUNS; run++) {
  for (const [name, url] of Object.entries(pages) as [keyof typeof pages, string][]) {
    const figures = await measure(url, name);
    results[name].push(figures);
    console.log(`run ${run}  ${name.padEnd(13)}  ${show(figures)}`);
    console.log(`${' '.repeat(22)}LCP element ${figures.lcpElement.slice(0, 100)}`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const medians = Object.fromEntries(
  Object.entries(results).map(([name, runs]) => [
    name,
    Object.fromEntries(
      (['score', 'tbt', 'lcp', 'fcp', 'js', 'drawn'] as const).map((k) => [
        k,
        median(runs.map((r) => r[k])),
      ]),
    ) as unknown as Figures,
  ]),
) as Record<keyof typeof pages, Figures>;
console.log(`\nmedians of ${RUNS} runs (Lighthouse mobile preset)`);
for (const [name, f] of Object.entries(medians)) console.log(`${name.padEnd(13)}  ${show(f)}`);
const spread = (name: keyof typeof pages, k: 'tbt' | 'drawn') => {
  const xs = results[name].map((r) => r[k]).filter((x) => !Number.isNaN(x));
  if (xs.length === 0) return 'none';
  return `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms`;
};
console.log('\nspread (lowest–highest)');
for (const name of ['map home', 'bare MapLibre'] as const) {
  console.log(
    `${name.padEnd(13)}  TBT ${spread(name, 'tbt')}  map-first-drawn ${spread(name, 'drawn')}`,
  );
}
const lcpElements = (name: keyof typeof pages) => [
  ...new Set(results[name].map((r) => r.lcpElement)),
];
console.log(
  `TBT ratio per run: ${results['map home']
    .map((f, i) => (f.tbt / Math.max(results['bare MapLibre'][i]!.tbt, 1)).toFixed(2))
    .join(' ')}`,
);
console.log(`map home LCP element: ${lcpElements('map home').join(' | ')}`);
const ratio = medians['map home'].tbt / Math.max(medians['bare MapLibre'].tbt, 1);
const drawnRatio = medians['map home'].drawn / medians['bare MapLibre'].drawn;
console.log(
  `\nmap home TBT / bare MapLibre TBT: ${ratio.toFixed(2)}x (target <= 1.2x); ` +
    `map-first-drawn ${medians['map home'].drawn.toFixed(0)} ms against ` +
    `${medians['bare MapLibre'].drawn.toFixed(0)} ms (${drawnRatio.toFixed(2)}x, observed); ` +
    `map home LCP ${(medians['map home'].lcp / 1000).toFixed(2)} s (target < 2.5 s); ` +
    `landing score ${medians.landing.score} (target >= 95)`,
);
console.log(
  `machine load average (1 min): ${loadAtStart.toFixed(1)} at the start, ` +
    `${os.loadavg()[0]!.toFixed(1)} at the end (${os.cpus().length} cores)`,
);

await browser.disconnect();
await chrome.kill();
bareServer.close();
stop();
