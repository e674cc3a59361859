import { AREA_RADII_KM } from './constants.ts';
import { distanceKm } from './geo.ts';

/*
 * Walking tours (docs/decisions/044-walking-tours.md): their limits, and the distance, time and
 * order of a route through their stops. Pure; no I/O.
 */

export const TOUR_STOPS_MIN = 2;
export const TOUR_STOPS_MAX = 30;
export const TOUR_TITLE_MIN = 3;
export const TOUR_TITLE_MAX = 80;
export const TOUR_DESCRIPTION_MAX = 1000;
export const TOUR_CITY_MIN = 2;
export const TOUR_CITY_MAX = 80;
/** A stop further than this from the one before is refused: a tour is a walk, not a drive. */
export const TOUR_LEG_MAX_KM = 5;

/** A sightseeing pace: slower than the 5 km/h of a walk with somewhere to be. */
export const WALK_KMH = 4.5;
/**
 * Streets are not straight lines: a walk between two points in a city grid is typically 20 to
 * 40 % longer than the line between them, so the time counts the line's length and 30 % more.
 */
export const STREET_DETOUR = 1.3;
/** Times are told to the next 5 minutes: "about 20 min", never "17 min". */
const MINUTES_STEP = 5;

export interface Place {
  latitude: number;
  longitude: number;
}

const metresBetween = (a: Place, b: Place) =>
  distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000;

/** Each stop's straight-line distance from the one before, in metres (0 for the first). */
export function legMetres(stops: Place[]): number[] {
  return stops.map((stop, i) => (i === 0 ? 0 : metresBetween(stops[i - 1]!, stop)));
}

/** The line through the stops in order, in whole metres. */
export function routeMetres(stops: Place[]): number {
  return Math.round(legMetres(stops).reduce((sum, leg) => sum + leg, 0));
}

/** Walking time for a route of `metres` along straight lines, to the next 5 minutes. */
export function walkMinutes(metres: number): number {
  if (metres <= 0) return 0;
  const minutes = (metres * STREET_DETOUR) / ((WALK_KMH * 1000) / 60);
  return Math.max(MINUTES_STEP, Math.ceil(minutes / MINUTES_STEP) * MINUTES_STEP);
}

/**
 * A walkable order: from `start`, always the nearest place not yet visited, while the walk from
 * the first place stays within `maxMetres` and at most `maxStops` are taken.
 */
export function nearestNeighbourOrder<T extends Place>(
  start: Place,
  places: T[],
  maxStops: number,
  maxMetres: number,
): T[] {
  const left = [...places];
  const route: T[] = [];
  let walked = 0;
  let here = start;
  while (route.length < maxStops && left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) {
      if (metresBetween(here, left[i]!) < metresBetween(here, left[best]!)) best = i;
    }
    const next = left[best]!;
    const leg = route.length === 0 ? 0 : metresBetween(here, next);
    if (walked + leg > maxMetres) break;
    walked += leg;
    route.push(next);
    left.splice(best, 1);
    here = next;
  }
  return route;
}

/** Room around the outermost stop, so it is not on the saved area's very edge. */
const AREA_MARGIN_KM = 0.2;

/**
 * The saved area that holds every stop (docs/decisions/037): the centre of their box and the
 * smallest radius a saved area offers that reaches each of them; null when even the largest
 * does not.
 */
export function tourArea(stops: Place[]): { centre: Place; radiusKm: number } | null {
  if (stops.length === 0) return null;
  const lats = stops.map((s) => s.latitude);
  const lngs = stops.map((s) => s.longitude);
  const centre = {
    latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
    longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
  const reach = Math.max(...stops.map((s) => metresBetween(centre, s) / 1000)) + AREA_MARGIN_KM;
  const radiusKm = AREA_RADII_KM.find((r) => r >= reach);
  return radiusKm === undefined ? null : { centre, radiusKm };
}
