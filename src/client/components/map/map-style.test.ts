import { beforeAll, describe, expect, it } from 'vitest';
import type { MapSources } from '../../../core/schemas/map.ts';
import { imageryLayers, LAYER } from './map-style.ts';
import { missingSourceFor } from './map-types.ts';
import { loadStreetMap, STREET_LAYER_PREFIX } from './street-basemap.ts';

const raster = { tiles: ['https://tiles.example/{z}/{x}/{y}.png'], maxzoom: 19, attribution: 'x' };
const WITHOUT: MapSources = {
  satellite: raster,
  standardSatellite: raster,
  labels: raster,
  terrain: null,
  buildings: null,
  basemap: null,
};
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
