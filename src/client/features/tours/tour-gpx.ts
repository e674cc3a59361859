import type { TourDetail, TourStop } from '../../../core/schemas/tours.ts';
import { downloadGpx, toGpx, type Waypoint } from '../../lib/gpx.ts';
import { normalise } from '../../lib/search.ts';

/** Where a stop is in the app: an artwork's page, or the map at a wall. */
export function stopHref(stop: Pick<TourStop, 'kind' | 'id' | 'latitude' | 'longitude'>): string {
  return stop.kind === 'artwork'
    ? `/art/${encodeURIComponent(stop.id)}`
    : `/?lat=${stop.latitude}&lng=${stop.longitude}&zoom=17`;
}

/**
 * The tour for a GPS device (GPX 1.1): each stop a waypoint named by its title, then the route
 * through them in walking order.
 */
export function tourGpx(tour: TourDetail, origin: string, at: Date): string {
  const points: Waypoint[] = tour.stops.map((stop, i) => ({
    latitude: stop.latitude,
    longitude: stop.longitude,
    name: stop.title,
    description: [
      `Stop ${i + 1} of ${tour.stops.length}`,
      stop.subtitle && (stop.kind === 'artwork' ? `by ${stop.subtitle}` : stop.subtitle),
      stop.note,
    ]
      .filter(Boolean)
      .join(' · '),
    link: `${origin}${stopHref(stop)}`,
    symbol: stop.kind === 'artwork' ? 'Scenic Area' : 'Flag, Blue',
    type: stop.kind === 'artwork' ? 'Artwork' : 'Legal wall',
  }));
  return toGpx(points, `StreetScope: ${tour.title}`, at, { name: tour.title, points });
}

/** Downloads the tour as streetscope-tour-<title>.gpx. */
export function downloadTourGpx(tour: TourDetail): void {
  const slug = normalise(tour.title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  downloadGpx(
    tourGpx(tour, window.location.origin, new Date()),
    `streetscope-tour-${slug || 'walk'}.gpx`,
  );
}
