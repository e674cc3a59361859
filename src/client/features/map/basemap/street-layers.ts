import { layers, namedFlavor, type Flavor } from '@protomaps/basemaps';
import type { LayerSpecification } from 'maplibre-gl';
import type { BasemapFlavor } from '../../../../core/schemas/map.ts';
import { STREET_LAYER_PREFIX, STREETS_SOURCE, type StreetMap } from './street-names.ts';
import { streetFontFaces } from './street-fonts.ts';

/** Label language: names in English where the map has them, else as written locally. */
const LANG = 'en';

const HALO = '#1b2733';

/**
 * The dark flavour in the app's night blue (the offline basemap's ocean and land), with roads
 * and labels lifted enough to read on a phone outdoors.
 */
const APP_DARK: Partial<Flavor> = {
  earth: HALO,
  water: '#0c1a26',
  buildings: '#141d26',
  other: '#2c3a48',
  minor_service: '#2c3a48',
  minor_a: '#2c3a48',
  minor_b: '#344556',
  link: '#3c4e60',
  major: '#3c4e60',
  highway: '#4a5f74',
  minor_service_casing: '#141d26',
  minor_casing: '#141d26',
  link_casing: '#141d26',
  major_casing_early: '#141d26',
  major_casing_late: '#141d26',
  highway_casing_early: '#141d26',
  highway_casing_late: '#141d26',
  boundaries: '#5b7288',
  roads_label_minor: '#9fb0c0',
  roads_label_minor_halo: HALO,
  roads_label_major: '#c3cfda',
  roads_label_major_halo: HALO,
  subplace_label: '#8fa1b3',
  subplace_label_halo: HALO,
  city_label: '#d5dee6',
  city_label_halo: HALO,
  address_label: '#7d8fa0',
  address_label_halo: HALO,
  ocean_label: '#5b7288',
};

const flavorOf = (name: BasemapFlavor): Flavor =>
  name === 'dark' ? { ...namedFlavor(name), ...APP_DARK } : namedFlavor(name);

/** Over imagery the land, water and building fills go; lines and labels stay. */
const drawnOverImagery = (layer: LayerSpecification) =>
  layer.type === 'symbol' || /^(roads|boundaries)/.test(layer.id);

/** Light roads, half see-through, and white labels with a dark halo: legible on any imagery. */
function onImagery(layer: LayerSpecification): LayerSpecification {
  if (layer.type === 'line') return { ...layer, paint: { ...layer.paint, 'line-opacity': 0.55 } };
  if (layer.type !== 'symbol') return layer;
  return {
    ...layer,
    paint: {
      ...layer.paint,
      'text-color': '#f4f4f6',
      'text-halo-color': 'rgba(11, 11, 18, 0.85)',
      'text-halo-width': 1.4,
    },
  };
}

/**
 * The Protomaps layers for both uses, and the fonts they ask for. The style's own background is
 * left out, so outside the archive's region the built-in offline basemap still shows.
 */
export function buildStreetMap(flavor: BasemapFlavor): StreetMap {
  const prefixed = (prefix: string) => (layer: LayerSpecification) => ({
    ...layer,
    id: `${prefix}${layer.id}`,
  });
  return {
    standard: layers(STREETS_SOURCE, flavorOf(flavor), { lang: LANG })
      .filter((layer) => layer.type !== 'background')
      .map(prefixed(STREET_LAYER_PREFIX.standard)),
    overImagery: layers(STREETS_SOURCE, namedFlavor('light'), { lang: LANG })
      .filter(drawnOverImagery)
      .map(onImagery)
      .map(prefixed(STREET_LAYER_PREFIX.overImagery)),
    fontFaces: streetFontFaces,
  };
}
