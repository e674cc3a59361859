import type { SourceSpecification } from 'maplibre-gl';
import type { BasemapFlavor, BasemapSource } from '../../../../core/schemas/map.ts';
import type { StreetMap } from './street-names.ts';

export function streetsSource(basemap: BasemapSource): SourceSpecification {
  return {
    type: 'vector',
    url: `pmtiles://${new URL(basemap.url, window.location.href).href}`,
    attribution: basemap.attribution,
  };
}

const built = new Map<BasemapFlavor, StreetMap>();

/**
 * Loads the street map's style code (the Protomaps layers and their fonts) and builds its layers.
 * Only a server with a street map archive needs it, so it is a chunk of its own.
 */
export async function loadStreetMap(flavor: BasemapFlavor): Promise<void> {
  if (built.has(flavor)) return;
  const { buildStreetMap } = await import('./street-layers.ts');
  if (!built.has(flavor)) built.set(flavor, buildStreetMap(flavor));
}

/** The street map's layers, once loadStreetMap has loaded them. */
export function streetMap(flavor: BasemapFlavor): StreetMap {
  const loaded = built.get(flavor);
  if (!loaded) throw new Error(`The street map (${flavor}) is not loaded yet.`);
  return loaded;
}
