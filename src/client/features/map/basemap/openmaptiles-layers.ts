import type {
  ExpressionSpecification,
  FillLayerSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SourceSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import type { StreetTilesSource } from '../../../../core/schemas/map.ts';
import { streetFontFaces } from './street-fonts.ts';
import { STREET_LAYER_PREFIX, STREETS_SOURCE, type StreetMap } from './street-names.ts';

/**
 * The default street map (docs/decisions/053-backup-and-map-sources.md): vector tiles in the
 * OpenMapTiles schema (OpenFreeMap's), drawn in the app's night blue like the Protomaps dark
 * flavour (street-layers.ts). No background: where tiles do not arrive, the offline basemap
 * beneath shows.
 */
export function streetTilesSource(streets: StreetTilesSource): SourceSpecification {
  const template = streets.url.includes('{z}');
  return {
    type: 'vector',
    ...(template ? { tiles: [streets.url], maxzoom: 14 } : { url: streets.url }),
    attribution: streets.attribution,
  };
}

const HALO = '#1b2733';
const NAME: ExpressionSpecification = ['coalesce', ['get', 'name:en'], ['get', 'name']];
const CLASS = (...classes: string[]): ExpressionSpecification => [
  'match',
  ['get', 'class'],
  classes,
  true,
  false,
];

const width = (base: number): ExpressionSpecification => [
  'interpolate',
  ['exponential', 1.6],
  ['zoom'],
  10,
  base * 0.4,
  16,
  base * 4,
  20,
  base * 16,
];

const ROADS: { id: string; classes: string[]; colour: string; width: number }[] = [
  {
    id: 'roads-minor',
    classes: ['minor', 'service', 'track', 'path'],
    colour: '#344556',
    width: 1,
  },
  {
    id: 'roads-major',
    classes: ['tertiary', 'secondary', 'primary'],
    colour: '#3c4e60',
    width: 1.6,
  },
  { id: 'roads-highway', classes: ['trunk', 'motorway'], colour: '#4a5f74', width: 2.2 },
];

type Drawn = FillLayerSpecification | LineLayerSpecification | SymbolLayerSpecification;
type Unplaced<T> = T extends Drawn ? Omit<T, 'id' | 'source'> : never;

const layer = (id: string, spec: Unplaced<Drawn>) =>
  ({ id, source: STREETS_SOURCE, ...spec }) as LayerSpecification;

const roadLines = (opacity: number) =>
  ROADS.map((road) =>
    layer(road.id, {
      type: 'line',
      'source-layer': 'transportation',
      filter: CLASS(...road.classes),
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': road.colour,
        'line-width': width(road.width),
        'line-opacity': opacity,
      },
    }),
  );

const labels = (text: string, halo: string, haloWidth: number): LayerSpecification[] => [
  layer('roads-labels', {
    type: 'symbol',
    'source-layer': 'transportation_name',
    minzoom: 13,
    layout: {
      'symbol-placement': 'line',
      'text-field': NAME,
      'text-font': ['Noto Sans Regular'],
      'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 18, 14],
    },
    paint: { 'text-color': text, 'text-halo-color': halo, 'text-halo-width': haloWidth },
  }),
  layer('places-labels', {
    type: 'symbol',
    'source-layer': 'place',
    layout: {
      'text-field': NAME,
      'text-font': ['Noto Sans Medium'],
      'text-size': ['match', ['get', 'class'], ['city', 'town'], 16, 13],
    },
    paint: { 'text-color': text, 'text-halo-color': halo, 'text-halo-width': haloWidth },
  }),
];

/** Standard: the whole street map. Over imagery: its roads and labels, light on dark halos. */
export const OPENMAPTILES_STREET_MAP: StreetMap = {
  standard: [
    layer('water', {
      type: 'fill',
      'source-layer': 'water',
      paint: { 'fill-color': '#0c1a26' },
    }),
    layer('parks', {
      type: 'fill',
      'source-layer': 'park',
      paint: { 'fill-color': '#1e2d33' },
    }),
    layer('buildings', {
      type: 'fill',
      'source-layer': 'building',
      minzoom: 14,
      paint: { 'fill-color': '#141d26' },
    }),
    layer('boundaries', {
      type: 'line',
      'source-layer': 'boundary',
      filter: ['<=', ['get', 'admin_level'], 4],
      paint: { 'line-color': '#5b7288', 'line-width': 1, 'line-dasharray': [3, 2] },
    }),
    ...roadLines(1),
    ...labels('#c3cfda', HALO, 1.2),
  ].map((l) => ({ ...l, id: `${STREET_LAYER_PREFIX.standard}${l.id}` })),
  overImagery: [...roadLines(0.55), ...labels('#f4f4f6', 'rgba(11, 11, 18, 0.85)', 1.4)].map(
    (l) => ({ ...l, id: `${STREET_LAYER_PREFIX.overImagery}${l.id}` }),
  ),
  fontFaces: streetFontFaces,
};
