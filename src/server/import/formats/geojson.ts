import { arcgisNext } from './arcgis.ts';
import { entryRows, isObject, listIn, type PayloadFormat } from './page.ts';

/**
 * A GeoJSON FeatureCollection: Opendatasoft and Socrata exports, CKAN resources, ArcGIS
 * `f=geojson` (which says `exceededTransferLimit` in its top-level `properties` when cut).
 * The feature's own `id` stands in when its properties carry none.
 */
export const geojson: PayloadFormat = {
  name: 'GeoJSON',
  matches: (json) =>
    isObject(json) && (json.type === 'FeatureCollection' || json.type === 'Feature'),
  page(json, url, start) {
    const root = json as {
      type: string;
      features?: unknown;
      properties?: { exceededTransferLimit?: boolean };
      exceededTransferLimit?: boolean;
    };
    const features = root.type === 'Feature' ? [json] : listIn(root.features, '"features"');
    const rows = entryRows(features, start, (f) => ({
      props: {
        ...(f.id !== undefined ? { '@id': f.id } : {}),
        ...(isObject(f.properties) ? f.properties : {}),
      },
      geometry: f.geometry,
    }));
    const exceeded = root.exceededTransferLimit ?? root.properties?.exceededTransferLimit ?? false;
    return { rows, ...arcgisNext(exceeded, url, features.length) };
  },
};
