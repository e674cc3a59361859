import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { OPT_IN_SOURCES } from './map-sources.ts';

/**
 * The map's default sources against the README's table of map sources: a paid game may use,
 * without a key, every source it turns on by itself (docs/decisions/053-backup-and-map-sources.md).
 */
function readmeTable() {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('### Map sources and their terms')[1]!.split('\n## ')[0]!;
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [header, , ...body] = rows;
  const column = (name: string) => header!.indexOf(name);
  return body.map((cells) => ({
    host: cells[column('host')]!.replace(/`/g, ''),
    variable: cells[column('variable')]!.replace(/`/g, ''),
    paidWithoutKey: cells[column('paid app without a key')]!.startsWith('yes'),
  }));
}

const hostOf = (url: string) => new URL(url.replace(/[{}]/g, '')).host;

describe('the map sources on by default', () => {
  const table = readmeTable();
  const defaults = loadConfig({}).mapSources;

  it('are only hosts the README marks as usable by a paid app without a key', () => {
    const allowed = new Set(table.filter((row) => row.paidWithoutKey).map((row) => row.host));
    const urls = [
      ...(defaults.satellite?.tiles ?? []),
      ...(defaults.standardSatellite?.tiles ?? []),
      ...(defaults.labels?.tiles ?? []),
      ...(defaults.terrain?.tiles ?? []),
      ...(defaults.buildings ? [defaults.buildings.url] : []),
      ...(defaults.streets ? [defaults.streets.url] : []),
    ];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(allowed, url).toContain(hostOf(url));
  });

  it('leave off every source the README says needs a key or forbids commercial use', () => {
    const off = table.filter((row) => !row.paidWithoutKey).map((row) => row.variable);
    expect(off.sort()).toEqual(
      ['MAP_LABEL_TILES', 'MAP_SATELLITE_TILES', 'MAP_STANDARD_SATELLITE_TILES'].sort(),
    );
    expect([defaults.satellite, defaults.standardSatellite, defaults.labels]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('switch on by their URL, with the provider credit on its own host and none elsewhere', () => {
    const esri = OPT_IN_SOURCES.satellite.tiles[0];
    const on = loadConfig({
      MAP_SATELLITE_TILES: `${esri}?token=KEY`,
      MAP_STANDARD_SATELLITE_TILES: 'https://imagery.example/{z}/{x}/{y}.jpg',
      MAP_STANDARD_SATELLITE_ATTRIBUTION: 'Imagery © Example',
      MAP_LABEL_TILES: 'https://labels.example/{z}/{x}/{y}.png',
    }).mapSources;
    expect(on.satellite).toEqual({
      tiles: [`${esri}?token=KEY`],
      maxzoom: 19,
      attribution: OPT_IN_SOURCES.satellite.attribution,
    });
    expect(on.standardSatellite?.attribution).toBe('Imagery © Example');
    expect(on.labels?.attribution).toBe('');
  });

  it('take another street tile host (credited to OpenMapTiles), or none, and refuse what is not an http(s) URL', () => {
    const other = loadConfig({ MAP_STREET_TILES: 'http://127.0.0.1:9/omt/{z}/{x}/{y}.pbf' });
    expect(other.mapSources.streets).toEqual({
      url: 'http://127.0.0.1:9/omt/{z}/{x}/{y}.pbf',
      attribution: '© OpenMapTiles, data © OpenStreetMap contributors',
    });
    expect(loadConfig({ MAP_STREET_TILES: 'off' }).mapSources.streets).toBeNull();
    expect(() => loadConfig({ MAP_STREET_TILES: 'javascript:alert(1)' })).toThrow(
      /MAP_STREET_TILES: must be "off", a TileJSON http\(s\) URL/,
    );
    expect(() => loadConfig({ MAP_STREET_ATTRIBUTION: 'x'.repeat(501) })).toThrow(
      /MAP_STREET_ATTRIBUTION/,
    );
  });
});
