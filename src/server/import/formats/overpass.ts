import { osmElements, osmId, osmPoint, tagged } from '../osm-elements.ts';
import { isObject, type PayloadFormat, type SourceRow } from './page.ts';

/**
 * Overpass JSON (`[out:json]`): tagged nodes and ways (with `out center`, `out geom` or their
 * nodes in the file). A row's properties are its tags plus `@id` ('node/123'); untagged nodes
 * are the ways' geometry, not records. An entry that is not an object is reported by position.
 */
export const overpass: PayloadFormat = {
  name: 'Overpass JSON',
  matches: (json) => isObject(json) && Array.isArray(json.elements),
  page(json) {
    const { elements, refused } = osmElements((json as { elements: unknown[] }).elements);
    const nodes = new Map(elements.filter((e) => e.type === 'node').map((e) => [e.id, e]));
    const rows: SourceRow[] = elements.filter(tagged).map((e) => ({
      at: osmId(e),
      props: { ...e.tags, '@id': osmId(e) },
      geometry: osmPoint(e, nodes) ?? undefined,
    }));
    return {
      rows: [...refused.map((r) => ({ ...r, props: {} })), ...rows],
      more: false,
      next: null,
    };
  },
};
