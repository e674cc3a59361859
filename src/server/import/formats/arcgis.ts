import { entryRows, isObject, numParam, withParams, type PayloadFormat } from './page.ts';

/**
 * ArcGIS FeatureServer `query?f=json`: esri features `{attributes, geometry: {x, y}}` (ask for
 * `outSR=4326` so x, y are longitude, latitude). `exceededTransferLimit: true` means the server
 * cut the answer: the next page starts at `resultOffset` + the features received.
 */
export const arcgis: PayloadFormat = {
  name: 'ArcGIS FeatureServer (f=json)',
  matches: (json) =>
    isObject(json) &&
    Array.isArray(json.features) &&
    json.features.some((f) => isObject(f) && isObject(f.attributes)),
  page(json, url, start) {
    const { features, exceededTransferLimit } = json as {
      features: unknown[];
      exceededTransferLimit?: boolean;
    };
    const rows = entryRows(features, start, (f) => ({
      props: isObject(f.attributes) ? f.attributes : {},
      geometry: f.geometry,
    }));
    return { rows, ...arcgisNext(exceededTransferLimit === true, url, features.length) };
  },
};

/** The next page of an ArcGIS query (f=json or f=geojson) cut by the transfer limit. */
export function arcgisNext(exceeded: boolean, url: URL | null, received: number) {
  const more = exceeded && received > 0;
  const offset = numParam(url, 'resultOffset', 0) + received;
  return { more, next: more && url ? withParams(url, { resultOffset: offset }) : null };
}
