import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PMTiles, type Source } from 'pmtiles';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestBasemap, TEST_BASEMAP } from '../../../test/basemap-archive.ts';
import { runCli, runMain } from '../../../test/run-cli.ts';
import { main } from './basemap-command.ts';

/**
 * `npm run basemap` on a small archive made here (the suite's street map around the fallback
 * spot, zooms 10–15), as an operator runs it; the result read back with the pmtiles reader.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'streetscope-basemap-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const planet = path.join(scratch, 'planet.pmtiles');
writeFileSync(planet, buildTestBasemap());

const reader = (bytes: Buffer) => {
  const source: Source = {
    getKey: () => 'memory',
    getBytes: async (offset, length) => ({
      data: new Uint8Array(bytes.subarray(offset, offset + length)).buffer,
    }),
  };
  return new PMTiles(source);
};
const basemap = (args: string[]) => runCli('src/server/basemap/cli.ts', scratch, args);
/** The same command in this process: the first case's spawn proves the process around it. */
const call = (args: string[]) => runMain(main, args, { DATA_DIR: scratch });

const { latitude: lat, longitude: lng } = TEST_BASEMAP.centre;
const tileX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const tileY = (la: number, z: number) => {
  const r = (la * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

describe('npm run basemap', { timeout: 120_000 }, () => {
  it('extracts the tiles of a bounding box into a valid PMTiles archive', async () => {
    const out = path.join(scratch, 'region', 'centre.pmtiles');
    const [west, south, east, north] = [lng - 0.005, lat - 0.005, lng + 0.005, lat + 0.005];
    const run = await basemap([
      '--bbox',
      `${west},${south},${east},${north}`,
      '--source',
      planet,
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Wrote \d+ tiles \(\d+ bytes\) to /);

    const source = reader(readFileSync(planet));
    const extract = reader(readFileSync(out));
    const header = await extract.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 10, maxZoom: 15, tileType: 1 });
    expect([header.minLon, header.minLat, header.maxLon, header.maxLat]).toEqual(
      [west, south, east, north].map((d) => Math.round(d * 1e7) / 1e7),
    );
    expect(await extract.getMetadata()).toEqual(await source.getMetadata());
    // Inside the box, the source's tiles byte for byte; outside, none.
    for (const z of [10, 13, 15]) {
      const x = tileX(lng, z);
      const y = tileY(lat, z);
      const inside = await extract.getZxy(z, x, y);
      expect(Buffer.from(inside!.data)).toEqual(Buffer.from((await source.getZxy(z, x, y))!.data));
    }
    const farX = tileX(lng + 0.025, 15);
    expect(await source.getZxy(15, farX, tileY(lat, 15))).toBeDefined();
    expect(await extract.getZxy(15, farX, tileY(lat, 15))).toBeUndefined();
  });

  it('stops at --maxzoom', async () => {
    const out = path.join(scratch, 'shallow.pmtiles');
    const run = await call([
      '--bbox',
      `${lng - 0.01},${lat - 0.01},${lng + 0.01},${lat + 0.01}`,
      '--source',
      planet,
      '--out',
      out,
      '--maxzoom',
      '12',
    ]);
    expect(run.code).toBe(0);
    const extract = reader(readFileSync(out));
    expect((await extract.getHeader()).maxZoom).toBe(12);
    expect(await extract.getZxy(13, tileX(lng, 13), tileY(lat, 13))).toBeUndefined();
  });

  it('refuses a bad box, zoom or source and a box without tiles, writing nothing', async () => {
    const out = path.join(scratch, 'refused.pmtiles');
    const cases: [string[], number, RegExp][] = [
      [['--bbox', '1,2,3', '--source', planet, '--out', out], 2, /--bbox must be four numbers/],
      [['--bbox', '10,0,5,1', '--source', planet, '--out', out], 2, /west < east/],
      [['--bbox', '0,0,200,1', '--source', planet, '--out', out], 2, /outside -180..180/],
      [
        ['--bbox', '0,0,1,1', '--source', planet, '--out', out, '--maxzoom', 'deep'],
        2,
        /--maxzoom/,
      ],
      [['--bbox', '0,0,1,1', '--out', out], 2, /^usage: npm run basemap/],
      [['--bbox', '0,0,1,1', '--source', planet, '--out', out], 1, /no tiles inside --bbox/],
      [
        ['--bbox', '0,0,1,1', '--source', path.join(scratch, 'missing.pmtiles'), '--out', out],
        1,
        /ENOENT/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const run = await call(args);
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.stderr).toMatch(message);
    }
    const notArchive = path.join(scratch, 'not.pmtiles');
    writeFileSync(notArchive, 'x'.repeat(200));
    const run = await call(['--bbox', '0,0,1,1', '--source', notArchive, '--out', out]);
    expect(run.code).toBe(1);
    expect(existsSync(out)).toBe(false);
  });
});
