import path from 'node:path';
import type { BasemapFlavor, ImagerySources } from '../../core/schemas/map.ts';

/**
 * Public imagery that needs no key (docs/decisions/006-map-sources.md). Each can be replaced
 * or switched off ("off") by an environment variable, e.g. for a paid provider or an own
 * tile server.
 */
const ESRI = 'https://server.arcgisonline.com/ArcGIS/rest/services';

export const DEFAULT_MAP_SOURCES: ImagerySources = {
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
  terrain: {
    tiles: ['https://s3.amazonaws.com/elevation-tiles-prod/terrarium/{z}/{x}/{y}.png'],
    maxzoom: 15,
    encoding: 'terrarium',
    attribution: 'Terrain: Mapzen, AWS Terrain Tiles (SRTM, GMTED2010, ETOPO1)',
  },
  buildings: {
    url: 'https://tiles.openfreemap.org/planet',
    sourceLayer: 'building',
    attribution: 'Buildings: OpenFreeMap © OpenMapTiles, data © OpenStreetMap contributors',
  },
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
}

/** Space- or comma-separated URL templates; "off" switches the source off. */
function templates(value: string | undefined): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'off') return null;
  return value.split(/[\s,]+/).filter(Boolean);
}

function withTiles<T extends { tiles: string[]; attribution: string }>(
  base: T | null,
  tiles: string | undefined,
  attribution: string | undefined,
): T | null {
  const list = templates(tiles);
  if (list === null || base === null) return null;
  return { ...base, tiles: list ?? base.tiles, attribution: attribution ?? base.attribution };
}

export function mapSourcesFromEnv(env: MapSourceEnv): ImagerySources {
  const d = DEFAULT_MAP_SOURCES;
  const buildingsUrl = env.MAP_BUILDINGS_URL?.trim();
  return {
    satellite: withTiles(d.satellite, env.MAP_SATELLITE_TILES, env.MAP_SATELLITE_ATTRIBUTION),
    standardSatellite: withTiles(
      d.standardSatellite,
      env.MAP_STANDARD_SATELLITE_TILES,
      env.MAP_STANDARD_SATELLITE_ATTRIBUTION,
    ),
    labels: withTiles(d.labels, env.MAP_LABEL_TILES, env.MAP_LABEL_ATTRIBUTION),
    terrain: withTiles(d.terrain, env.MAP_TERRAIN_TILES, env.MAP_TERRAIN_ATTRIBUTION),
    buildings:
      buildingsUrl === 'off' || d.buildings === null
        ? null
        : {
            ...d.buildings,
            url: buildingsUrl || d.buildings.url,
            attribution: env.MAP_BUILDINGS_ATTRIBUTION ?? d.buildings.attribution,
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
