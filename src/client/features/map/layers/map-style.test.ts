import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MapSources } from '../../../../core/schemas/map.ts';
import { ACTIVITY_LAYERS } from './activity-layers.ts';
import { ARTWORK_LAYERS } from './artwork-layers.ts';
import { buildStyle, imageryLayers, LAYER } from './map-style.ts';
import { MAP_TYPE_IDS, missingSourceFor } from '../view/map-types.ts';
import { loadStreetMap } from '../basemap/street-basemap.ts';
import { STREET_LAYER_PREFIX, STREETS_SOURCE } from '../basemap/street-names.ts';

const raster = { tiles: ['https://tiles.example/{z}/{x}/{y}.png'], maxzoom: 19, attribution: 'x' };
const WITHOUT: MapSources = {
  satellite: raster,
  standardSatellite: raster,
  labels: raster,
  terrain: null,
  buildings: null,
  streets: null,
  basemap: null,
};
const OPENFREEMAP = { url: 'https://tiles.openfreemap.org/planet', attribution: 'OpenFreeMap' };
const WITH: MapSources = {
  ...WITHOUT,
  basemap: { url: '/basemap/aaaaaaaaaaaaaaaa/streets.pmtiles', flavor: 'dark', attribution: 'y' },
};

describe('the street basemap in the map types', () => {
  beforeAll(() => loadStreetMap('dark'));

  it('is Standard and the roads and labels of Enhanced Hybrid when configured', () => {
    const layers = imageryLayers(WITH);
    expect(layers.standard.length).toBeGreaterThan(20);
    expect(layers.standard.every((id) => id.startsWith(STREET_LAYER_PREFIX.standard))).toBe(true);
    expect(layers.standard).toContain('streets-roads_minor');
    expect(layers.standard).not.toContain('streets-background');
    expect(layers.labels).toContain('streets-over-imagery-roads_labels_major');
    // Over imagery: no land, water or building fills.
    for (const fill of ['earth', 'water', 'buildings', 'landuse_park']) {
      expect(layers.labels).not.toContain(`${STREET_LAYER_PREFIX.overImagery}${fill}`);
    }
    expect([...layers.standard, ...layers.labels]).not.toContain(LAYER.standard);
    expect(layers.labels.some((id) => id.startsWith('labels-'))).toBe(false);
  });

  it('leaves the imagery and raster labels as they were without one', () => {
    const layers = imageryLayers(WITHOUT);
    expect(layers.standard).toEqual([LAYER.standard]);
    expect(layers.labels).toEqual([LAYER.label(0)]);
  });

  it('lets Standard and Enhanced Hybrid switch on with the basemap alone', () => {
    const streetsOnly = { ...WITH, standardSatellite: null, labels: null };
    expect(missingSourceFor('standard_satellite', streetsOnly)).toBeNull();
    expect(missingSourceFor('enhanced_hybrid', streetsOnly)).toBeNull();
    const none = { ...WITHOUT, standardSatellite: null, labels: null };
    expect(missingSourceFor('standard_satellite', none)).toBe('street map or standard imagery');
    expect(missingSourceFor('enhanced_hybrid', none)).toBe('road and label tiles');
    expect(missingSourceFor('enhanced_hybrid', { ...streetsOnly, satellite: null })).toBe(
      'satellite imagery',
    );
  });
});

describe('the default street tiles (OpenMapTiles schema)', () => {
  const streetsOnly: MapSources = {
    ...WITHOUT,
    satellite: null,
    standardSatellite: null,
    labels: null,
    streets: OPENFREEMAP,
  };
  // The street map's fonts are named by their address on the page's own origin.
  beforeAll(() => vi.stubGlobal('window', { location: { href: 'http://localhost:3000/' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('are Standard, drawn over the offline basemap, and need no imagery', () => {
    const style = buildStyle(streetsOnly, {
      type: 'standard_satellite',
      enhanced: false,
      buildings: false,
    });
    expect(style.sources[STREETS_SOURCE]).toEqual({
      type: 'vector',
      url: OPENFREEMAP.url,
      attribution: OPENFREEMAP.attribution,
    });
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.indexOf('streets-roads-minor')).toBeGreaterThan(ids.indexOf('offline-land'));
    expect(ids).toContain('streets-roads-labels');
    expect(ids).toContain('streets-places-labels');
    expect(missingSourceFor('standard_satellite', streetsOnly)).toBeNull();
  });

  it('give way to a PMTiles archive when one is configured', () => {
    const layers = imageryLayers({ ...WITH, streets: OPENFREEMAP });
    expect(layers.standard).toContain('streets-roads_minor');
    expect(layers.standard).not.toContain('streets-roads-minor');
  });

  it('draw their roads and labels over imagery in Enhanced Hybrid', () => {
    const layers = imageryLayers({ ...streetsOnly, satellite: raster });
    expect(layers.labels).toContain('streets-over-imagery-roads-labels');
    expect(layers.labels).not.toContain('streets-over-imagery-water');
    expect(missingSourceFor('enhanced_hybrid', { ...streetsOnly, satellite: raster })).toBeNull();
  });
});

describe('the style the map starts with', () => {
  beforeAll(async () => {
    // The street map's archive is named by its address on the page's own origin.
    vi.stubGlobal('window', { location: { href: 'http://localhost:3000/' } });
    await loadStreetMap('dark');
  });
  afterAll(() => vi.unstubAllGlobals());

  const terrain = { ...raster, encoding: 'terrarium' as const };
  const buildings = {
    url: 'https://tiles.example/buildings.json',
    sourceLayer: 'b',
    attribution: 'z',
  };
  const NONE: MapSources = { ...WITHOUT, satellite: null, standardSatellite: null, labels: null };

  it('passes the style spec for every kind of server and every layer choice', () => {
    // The map does not check its style on the phone (validateStyle: false): this does.
    for (const sources of [
      NONE,
      WITHOUT,
      WITH,
      { ...WITH, terrain, buildings },
      { ...NONE, streets: OPENFREEMAP },
      { ...WITHOUT, streets: { ...OPENFREEMAP, url: 'https://tiles.example/{z}/{x}/{y}.pbf' } },
    ]) {
      for (const type of MAP_TYPE_IDS) {
        for (const [enhanced, shown] of [
          [false, false],
          [true, true],
        ]) {
          const style = buildStyle(sources, { type, enhanced: !!enhanced, buildings: !!shown });
          expect(validateStyleMin(style), `${type} ${JSON.stringify(sources.basemap)}`).toEqual([]);
        }
      }
    }
  });

  it('has the activity layers, hidden, under the artworks, which draw over everything else', () => {
    const ids = buildStyle(WITH, {
      type: 'standard_satellite',
      enhanced: false,
      buildings: true,
    }).layers.map((layer) => layer.id);
    const top = ids.slice(-7);
    expect(top).toEqual([
      ACTIVITY_LAYERS.heat,
      ACTIVITY_LAYERS.myLogs,
      ARTWORK_LAYERS.clusters,
      ARTWORK_LAYERS.counts,
      ARTWORK_LAYERS.serverClusters,
      ARTWORK_LAYERS.serverCounts,
      ARTWORK_LAYERS.points,
    ]);
    const style = buildStyle(WITHOUT, { type: 'earth_3d', enhanced: false, buildings: false });
    for (const id of Object.values(ACTIVITY_LAYERS)) {
      expect(style.layers.find((layer) => layer.id === id)?.layout).toMatchObject({
        visibility: 'none',
      });
    }
  });
});
