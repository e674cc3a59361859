import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../../../test/app.ts';
import { TEST_BASEMAP, buildTestBasemap, writeTestBasemap } from '../../../test/basemap-archive.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import type { BasemapConfig } from '../config/map-sources.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-basemap-'));
const file = writeTestBasemap(path.join(dir, 'region.pmtiles'));
const archive = buildTestBasemap();
const withFile: BasemapConfig = {
  archive: { file },
  flavor: 'dark',
  attribution: 'Protomaps © OpenStreetMap contributors',
};

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { basemap: withFile } });
  plain = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
  await plain.close();
  rmSync(dir, { recursive: true, force: true });
});

async function archiveUrl(app = t): Promise<string> {
  const res = await app.app.inject({ url: '/api/config' });
  return res.json().map.basemap.url;
}

/** pmtiles' own reader, fetching through our route: the archive and its serving as a browser sees them. */
function routeSource(url: string): Source {
  return {
    getKey: () => url,
    async getBytes(offset, length) {
      const res = await t.app.inject({
        url,
        headers: { range: `bytes=${offset}-${offset + length - 1}` },
      });
      expect(res.statusCode).toBe(206);
      return { data: new Uint8Array(res.rawPayload).buffer };
    },
  };
}

describe('GET /api/config map.basemap', () => {
  it('names a versioned archive path, the flavour and the credit', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json().map.basemap).toEqual({
      url: expect.stringMatching(/^\/basemap\/[A-Za-z0-9_-]{16}\/streets\.pmtiles$/),
      flavor: 'dark',
      attribution: 'Protomaps © OpenStreetMap contributors',
    });
  });

  it('is null without an archive, so the map keeps its offline basemap', async () => {
    const res = await plain.app.inject({ url: '/api/config' });
    expect(res.json().map.basemap).toBeNull();
  });
});

describe('GET /basemap/:version/streets.pmtiles', () => {
  it('serves a byte range as 206 with the exact bytes and a year of immutable caching', async () => {
    const url = await archiveUrl();
    const res = await t.app.inject({ url, headers: { range: 'bytes=100-227' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-227/${archive.length}`);
    expect(res.headers['content-length']).toBe('128');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.equals(archive.subarray(100, 228))).toBe(true);
  });

  it('serves a range running past the end up to the end (the first 16 KiB read of a small archive)', async () => {
    const res = await t.app.inject({
      url: await archiveUrl(),
      headers: { range: 'bytes=0-16383' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-${archive.length - 1}/${archive.length}`);
    expect(res.rawPayload.equals(archive)).toBe(true);
  });

  it('serves the whole archive without a Range, and only headers to HEAD', async () => {
    const url = await archiveUrl();
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(archive)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(archive.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 416 with the size for a range past the end or a garbled one', async () => {
    const url = await archiveUrl();
    for (const range of [`bytes=${archive.length}-`, 'bytes=abc', 'bytes=9-2']) {
      const res = await t.app.inject({ url, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${archive.length}`);
      expect(res.json().message, range).toMatch(/past the end/);
    }
  });

  it('ignores a Range of other units or of several parts, as RFC 9110 allows', async () => {
    const url = await archiveUrl();
    for (const range of ['lines=0-10', 'bytes=0-1,5-9']) {
      const res = await t.app.inject({ url, headers: { range } });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length, range).toBe(archive.length);
    }
  });

  it('answers a revalidation with 304, and a stale If-Range with the whole archive', async () => {
    const url = await archiveUrl();
    const first = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await t.app.inject({
      url,
      headers: { range: 'bytes=0-9', 'if-range': '"some-other-archive"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(archive.length);
  });

  it('holds what the test archive was built with, read by the pmtiles reader through the route', async () => {
    const reader = new PMTiles(routeSource(await archiveUrl()));
    const header = await reader.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 10, maxZoom: 15, tileType: 1 });
    const { latitude, longitude } = TEST_BASEMAP.centre;
    const z = 15;
    const x = Math.floor(((longitude + 180) / 360) * 2 ** z);
    const r = (latitude * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
    const tile = await reader.getZxy(z, x, y);
    expect(tile).toBeDefined();
    const layers = new VectorTile(new PbfReader(new Uint8Array(tile!.data))).layers;
    expect(Object.keys(layers)).toEqual(expect.arrayContaining(['earth', 'roads', 'places']));
    const roads = Array.from({ length: layers.roads!.length }, (_, i) => layers.roads!.feature(i));
    expect(roads.map((f) => f.properties.name)).toContain('Laneway Parade');
    expect(roads.find((f) => f.properties.kind === 'major_road')?.properties.kind_detail).toBe(
      'primary',
    );
    expect(await reader.getMetadata()).toMatchObject({ vector_layers: expect.any(Array) });
  });

  it('is a 404 for another version, so a replaced archive never mixes with cached bytes', async () => {
    const before = await archiveUrl();
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const after = await archiveUrl();
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: before })).statusCode).toBe(404);
    expect((await t.app.inject({ url: after, headers: { range: 'bytes=0-6' } })).body).toBe(
      'PMTiles',
    );
  });

  it('refuses a malformed version and never reaches another file', async () => {
    for (const url of [
      '/basemap/short/streets.pmtiles',
      '/basemap/..%2F..%2F..%2Fetc%2Fpasswd/streets.pmtiles',
      `/basemap/${'a'.repeat(17)}/streets.pmtiles`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
    }
    for (const url of ['/basemap/aaaaaaaaaaaaaaaa/region.pmtiles', '/basemap/region.pmtiles']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('is a 404 on a server without an archive', async () => {
    const res = await plain.app.inject({ url: '/basemap/aaaaaaaaaaaaaaaa/streets.pmtiles' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no street map archive/);
  });
});

describe('MAP_BASEMAP_* configuration', () => {
  it('reads a path under DATA_DIR, an absolute path or a URL, and a flavour', () => {
    const relative = loadConfig({ DATA_DIR: dir, MAP_BASEMAP_PMTILES: 'maps/region.pmtiles' });
    expect(relative.basemap).toEqual({
      archive: { file: path.join(dir, 'maps', 'region.pmtiles') },
      flavor: 'dark',
      attribution: 'Protomaps © OpenStreetMap contributors',
    });
    expect(loadConfig({ MAP_BASEMAP_PMTILES: file }).basemap?.archive).toEqual({ file });
    const remote = loadConfig({
      MAP_BASEMAP_PMTILES: 'https://maps.example.org/region.pmtiles',
      MAP_BASEMAP_FLAVOR: 'light',
      MAP_BASEMAP_ATTRIBUTION: 'Our streets',
    });
    expect(remote.basemap).toEqual({
      archive: { url: 'https://maps.example.org/region.pmtiles' },
      flavor: 'light',
      attribution: 'Our streets',
    });
    expect(loadConfig({}).basemap).toBeNull();
  });

  it('refuses an unknown flavour and a URL that is not http(s)', () => {
    expect(() => loadConfig({ MAP_BASEMAP_FLAVOR: 'neon' })).toThrow(/MAP_BASEMAP_FLAVOR/);
    expect(() => loadConfig({ MAP_BASEMAP_PMTILES: 'ftp://maps.example.org/a.pmtiles' })).toThrow(
      /MAP_BASEMAP_PMTILES: must be a \.pmtiles file path/,
    );
    expect(() => loadConfig({ MAP_BASEMAP_PMTILES: ' ' })).toThrow(/MAP_BASEMAP_PMTILES/);
  });

  it('refuses to start on a missing file or one that is not a PMTiles v3 archive', async () => {
    const notAnArchive = path.join(dir, 'notes.txt');
    writeFileSync(notAnArchive, 'just some text, long enough');
    for (const [where, why] of [
      [path.join(dir, 'missing.pmtiles'), /cannot be read/],
      [notAnArchive, /is not a PMTiles v3 archive/],
    ] as const) {
      const database = await openTestDatabase();
      const config = testConfig({ basemap: { ...withFile, archive: { file: where } } });
      try {
        await expect(buildApp(config, database)).rejects.toThrow(why);
      } finally {
        await database.close();
        rmSync(config.dataDir, { recursive: true, force: true });
      }
    }
  });

  it('hands a remote archive to the browser as it is, and lets the browser fetch it', async () => {
    const remote = await createTestApp({
      seed: false,
      config: {
        basemap: { ...withFile, archive: { url: 'https://maps.example.org/region.pmtiles' } },
      },
    });
    try {
      const res = await remote.app.inject({ url: '/api/config' });
      expect(res.json().map.basemap.url).toBe('https://maps.example.org/region.pmtiles');
      expect(String(res.headers['content-security-policy'])).toMatch(
        /connect-src 'self' [^;]*https:\/\/maps\.example\.org/,
      );
      const served = await remote.app.inject({ url: '/basemap/aaaaaaaaaaaaaaaa/streets.pmtiles' });
      expect(served.statusCode).toBe(404);
    } finally {
      await remote.close();
    }
  });
});
