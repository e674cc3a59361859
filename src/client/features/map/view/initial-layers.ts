import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapSources } from '../../../../core/schemas/map.ts';
import { drawStreetIcon } from '../basemap/street-icons.ts';
import { drawArtworkImage, showArtworks } from '../layers/artwork-layers.ts';
import { LAYER_STATE_ATTRS, applyLayers } from './map-handle.ts';
import type { LayerOptions } from './map-types.ts';

/** Images are drawn when a layer first asks for them: artwork pins and counts, street icons. */
export function drawImagesOnDemand(map: MapLibreMap) {
  map.setMissingStyleImageResolver(async (id) => {
    if (!map.hasImage(id) && !(await drawArtworkImage(map, id))) drawStreetIcon(map, id);
  });
}

/**
 * The style's layers shown as the page first asks, once the style has loaded; the layer state
 * goes on the container as data attributes.
 */
export function showInitialLayers(
  map: MapLibreMap,
  container: HTMLElement,
  sources: MapSources,
  layers: LayerOptions,
  artworksOn: boolean,
  needOfflineBasemap: () => void,
) {
  showArtworks(map, artworksOn);
  applyLayers(map, sources, layers);
  for (const [key, value] of Object.entries(LAYER_STATE_ATTRS(layers)))
    container.dataset[key] = value;
  // Without any imagery or street map configured, the offline basemap is the map.
  if (!sources.satellite && !sources.standardSatellite && !sources.basemap) {
    needOfflineBasemap();
  }
}
