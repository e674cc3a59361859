import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** The street map's vector source (docs/decisions/017-street-basemap.md). */
export const STREETS_SOURCE = 'streets';

/**
 * Layer ids: the Protomaps style's own ids behind a prefix per use. Standard shows the whole
 * street map; Enhanced Hybrid shows its roads and labels over the imagery.
 */
export const STREET_LAYER_PREFIX = {
  standard: 'streets-',
  overImagery: 'streets-over-imagery-',
} as const;

/** The street map's layers for both uses, and its fonts (read against the page's address). */
export interface StreetMap {
  standard: LayerSpecification[];
  overImagery: LayerSpecification[];
  fontFaces: () => NonNullable<StyleSpecification['font-faces']>;
}
