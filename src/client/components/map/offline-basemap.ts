import type { FeatureCollection, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// Natural Earth 1:50m countries (public domain), served by our own server as a hashed asset.
import countriesUrl from 'world-atlas/countries-50m.json?url';

export interface OfflineBasemap {
  land: FeatureCollection;
  borders: MultiLineString;
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Land and country borders for the map's built-in basemap, from our server, not a tile host. */
export async function loadOfflineBasemap(): Promise<OfflineBasemap> {
  const res = await fetch(countriesUrl);
  if (!res.ok) throw new Error(`${res.status}: offline basemap`);
  const topology = (await res.json()) as Countries;
  return {
    land: feature(topology, topology.objects.land),
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}
