import path from 'node:path';
import type { BasemapFlavor, ImagerySources } from '../../core/schemas/map.ts';

/**
 * The map's sources (docs/decisions/006-map-sources.md, 053-backup-and-map-sources.md). On by
 * default only what a paid game may use without a key or a contract: OpenFreeMap's streets and
 * buildings and AWS's terrain. Esri's imagery and labels (their terms want an ArcGIS account)
 * and EOX's Sentinel-2 cloudless (CC BY-NC-SA, non-commercial) are off until their URL is set;
 * their credits below are then used unless MAP_*_ATTRIBUTION says otherwise.
 */
const ESRI = 'https://server.arcgisonline.com/ArcGIS/rest/services';

export const OPENFREEMAP_STREETS = 'https://tiles.openfreemap.org/planet';
const OPENMAPTILES_CREDIT = '© OpenMapTiles, data © OpenStreetMap contributors';
export const STREETS_ATTRIBUTION =
  '<a href="https://openfreemap.org">OpenFreeMap</a> © OpenMapTiles, data © OpenStreetMap contributors';

/** What each opt-in source is when its variable names the provider's own host. */
export const OPT_IN_SOURCES = {
  satellite: {
    tiles: [`${ESRI}/World_Imagery/MapServer/tile/{z}/{y}/{x}`],
    maxzoom: 19,
    attribution: 'Imagery © Esri, Maxar, Earthstar Geographics, and the GIS User Community',
  },
  standardSatellite: {
    tiles: ['https://tiles.maps.eox.at/wmts/1.0.0/s2cloudless-2021_3857/default/g/{z}/{y}/{x}.jpg'],
    maxzoom: 15,
    attribution:
      'Sentinel-2 cloudless 2021 by EOX IT Services GmbH (contains modified Copernicus Sentinel data 2021)',
  },
  labels: {
    tiles: [
      `${ESRI}/Reference/World_Transportation/MapServer/tile/{z}/{y}/{x}`,
      `${ESRI}/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}`,
    ],
    maxzoom: 19,
    attribution: 'Roads and labels © Esri, HERE, Garmin, © OpenStreetMap contributors',
  },
} as const;

export const DEFAULT_MAP_SOURCES: ImagerySources = {
  satellite: null,
  standardSatellite: null,
  labels: null,
  terrain: {
    tiles: ['https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png'],
    maxzoom: 15,
    encoding: 'terrarium',
    attribution: 'Terrain: Mapzen, AWS Terrain Tiles (SRTM, GMTED2010, ETOPO1)',
  },
  buildings: {
    url: OPENFREEMAP_STREETS,
    sourceLayer: 'building',
    attribution: 'Buildings: OpenFreeMap © OpenMapTiles, data © OpenStreetMap contributors',
  },
  streets: { url: OPENFREEMAP_STREETS, attribution: STREETS_ATTRIBUTION },
};

/** The MAP_* variables as read from the environment (undefined = keep the default). */
export interface MapSourceEnv {
  MAP_SATELLITE_TILES?: string;
  MAP_SATELLITE_ATTRIBUTION?: string;
  MAP_STANDARD_SATELLITE_TILES?: string;
  MAP_STANDARD_SATELLITE_ATTRIBUTION?: string;
  MAP_LABEL_TILES?: string;
  MAP_LABEL_ATTRIBUTION?: string;
  MAP_TERRAIN_TILES?: string;
  MAP_TERRAIN_ATTRIBUTION?: string;
  MAP_BUILDINGS_URL?: string;
  MAP_BUILDINGS_ATTRIBUTION?: string;
  MAP_STREET_TILES?: string;
  MAP_STREET_ATTRIBUTION?: string;
}

/** Space- or comma-separated URL templates; "off" switches the source off. */
function templates(value: string | undefined): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'off') return null;
  return value.split(/[\s,]+/).filter(Boolean);
}

const originOf = (template: string) => new URL(template.replace(/[{}]/g, '')).origin;

/** A default source, replaced or switched off by its variable. */
function withTiles<T extends { tiles: string[]; attribution: string }>(
  base: T | null,
  tiles: string | undefined,
  attribution: string | undefined,
): T | null {
  const list = templates(tiles);
  if (list === null || base === null) return null;
  return { ...base, tiles: list ?? base.tiles, attribution: attribution ?? base.attribution };
}

/**
 * An opt-in source: off unless its variable gives URL templates. On the provider's own host
 * it carries the provider's credit; on another host, MAP_*_ATTRIBUTION (else none).
 */
function optIn(
  preset: { tiles: readonly string[]; maxzoom: number; attribution: string },
  tiles: string | undefined,
  attribution: string | undefined,
) {
  const list = templates(tiles);
  if (!list) return null;
  const own = list.every((t) => preset.tiles.some((p) => originOf(p) === originOf(t)));
  return {
    tiles: list,
    maxzoom: preset.maxzoom,
    attribution: attribution ?? (own ? preset.attribution : ''),
  };
}

export function mapSourcesFromEnv(env: MapSourceEnv): ImagerySources {
  const d = DEFAULT_MAP_SOURCES;
  const o = OPT_IN_SOURCES;
  const buildingsUrl = env.MAP_BUILDINGS_URL?.trim();
  const streetsUrl = env.MAP_STREET_TILES?.trim();
  return {
    satellite: optIn(o.satellite, env.MAP_SATELLITE_TILES, env.MAP_SATELLITE_ATTRIBUTION),
    standardSatellite: optIn(
      o.standardSatellite,
      env.MAP_STANDARD_SATELLITE_TILES,
      env.MAP_STANDARD_SATELLITE_ATTRIBUTION,
    ),
    labels: optIn(o.labels, env.MAP_LABEL_TILES, env.MAP_LABEL_ATTRIBUTION),
    terrain: withTiles(d.terrain, env.MAP_TERRAIN_TILES, env.MAP_TERRAIN_ATTRIBUTION),
    buildings:
      buildingsUrl === 'off' || d.buildings === null
        ? null
        : {
            ...d.buildings,
            url: buildingsUrl || d.buildings.url,
            attribution: env.MAP_BUILDINGS_ATTRIBUTION ?? d.buildings.attribution,
          },
    streets:
      streetsUrl === 'off' || d.streets === null
        ? null
        : {
            url: streetsUrl || d.streets.url,
            // Any OpenMapTiles-schema data is OpenMapTiles' and OpenStreetMap's to credit.
            attribution:
              env.MAP_STREET_ATTRIBUTION ??
              (streetsUrl ? OPENMAPTILES_CREDIT : d.streets.attribution),
          },
  };
}

/**
 * The street map (docs/decisions/017-street-basemap.md): a PMTiles archive file that this server
 * serves, or the URL of one the browser reads directly.
 */
export interface BasemapConfig {
  archive: { file: string } | { url: string };
  flavor: BasemapFlavor;
  attribution: string;
}

export const BASEMAP_ATTRIBUTION = 'Protomaps © OpenStreetMap contributors';

/** MAP_BASEMAP_PMTILES: an http(s) URL, or a path (relative ones under DATA_DIR); unset = none. */
export function basemapFromEnv(
  env: { MAP_BASEMAP_PMTILES?: string; MAP_BASEMAP_ATTRIBUTION?: string },
  flavor: BasemapFlavor,
  dataDir: string,
): BasemapConfig | null {
  const where = env.MAP_BASEMAP_PMTILES?.trim();
  if (!where) return null;
  return {
    archive: /^https?:\/\//.test(where) ? { url: where } : { file: path.resolve(dataDir, where) },
    flavor,
    attribution: env.MAP_BASEMAP_ATTRIBUTION ?? BASEMAP_ATTRIBUTION,
  };
}

/** Origins the browser fetches map data from, for the Content-Security-Policy. */
export function mapOrigins(sources: ImagerySources, basemap: BasemapConfig | null): string[] {
  const urls = [
    ...(sources.satellite?.tiles ?? []),
    ...(sources.standardSatellite?.tiles ?? []),
    ...(sources.labels?.tiles ?? []),
    ...(sources.terrain?.tiles ?? []),
    ...(sources.buildings ? [sources.buildings.url] : []),
    ...(sources.streets ? [sources.streets.url] : []),
    ...(basemap && 'url' in basemap.archive ? [basemap.archive.url] : []),
  ];
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url.replace(/[{}]/g, '')).origin);
    } catch {
      // A relative template is served by this origin, which 'self' already covers.
    }
  }
  return [...origins];
}
