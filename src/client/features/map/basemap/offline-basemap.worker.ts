import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh } from 'topojson-client';
// Natural Earth 1:50m countries (public domain), served by our own server as a hashed asset.
import countriesUrl from 'world-atlas/countries-50m.json?url';

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Land and country borders as GeoJSON text, posted back once; or the reason they failed. */
fetch(countriesUrl)
  .then(async (res) => {
    if (!res.ok) throw new Error(`${res.status}: offline basemap`);
    const topology = (await res.json()) as Countries;
    postMessage({
      land: JSON.stringify(feature(topology, topology.objects.land)),
      borders: JSON.stringify(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
    });
  })
  .catch((error: unknown) => postMessage({ error: String(error) }));
