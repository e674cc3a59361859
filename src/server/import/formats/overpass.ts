import { osmPoint, type OsmElement } from '../wall-sources.ts';
import { isObject, type PayloadFormat } from './page.ts';

/**
 * Overpass JSON (`[out:json]`): tagged nodes and ways (with `out center`, `out geom` or their
 * nodes in the file). A row's properties are its tags plus `@id` ('node/123'); untagged nodes
 * are the ways' geometry, not records.
 */
export const overpass: PayloadFormat = {
  name: 'Overpass JSON',
  matches: (json) => isObject(json) && Array.isArray(json.elements),
  page(json) {
    const elements = (json as { elements: OsmElement[] }).elements;
    const nodes = new Map(elements.filter((e) => e.type === 'node').map((e) => [e.id, e]));
    const rows = elements
      .filter((e) => e.tags && Object.keys(e.tags).length > 0)
      .map((e) => ({
        at: `${e.type}/${e.id}`,
        props: { ...e.tags, '@id': `${e.type}/${e.id}` },
        geometry: osmPoint(e, nodes) ?? undefined,
      }));
    return { rows, more: false, next: null };
  },
};
