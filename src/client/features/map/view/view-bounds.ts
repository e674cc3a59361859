import type { BoundsQuery } from '../../../../core/schemas/map.ts';

export type Bounds = BoundsQuery;

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
const round = (n: number) => Number(n.toFixed(4));

/**
 * The map's visible box as the API takes it: longitudes wrapped into -180..180 (west > east
 * when the view spans the antimeridian), the whole width when the view is wider than the world.
 */
export function normaliseBounds(west: number, south: number, east: number, north: number): Bounds {
  const whole = east - west >= 360;
  return {
    west: whole ? -180 : round(wrap(west)),
    south: round(clampLat(south)),
    east: whole ? 180 : round(wrap(east)),
    north: round(clampLat(north)),
  };
}

/** Grow a box by `factor` of its size on every side (for fetching a margin around the view). */
export function padBounds(b: Bounds, factor: number): Bounds {
  const width = b.west <= b.east ? b.east - b.west : 360 - (b.west - b.east);
  const height = b.north - b.south;
  const dx = width * factor;
  const dy = height * factor;
  return normaliseBounds(
    b.west - dx,
    b.south - dy,
    (b.west <= b.east ? b.east : b.east + 360) + dx,
    b.north + dy,
  );
}

function lngSpan(b: Bounds): [number, number] {
  return b.west <= b.east ? [b.west, b.east] : [b.west, b.east + 360];
}

/** True when the point lies in the box (across the antimeridian when west > east). */
export function inBounds(b: Bounds, latitude: number, longitude: number): boolean {
  if (latitude < b.south || latitude > b.north) return false;
  return b.west <= b.east
    ? longitude >= b.west && longitude <= b.east
    : longitude >= b.west || longitude <= b.east;
}

/** True when `inner` lies wholly inside `outer`. */
export function containsBounds(outer: Bounds, inner: Bounds): boolean {
  if (inner.south < outer.south || inner.north > outer.north) return false;
  const [ow, oe] = lngSpan(outer);
  if (oe - ow >= 360) return true;
  const [iw, ie] = lngSpan(inner);
  return [0, 360, -360].some((shift) => iw + shift >= ow && ie + shift <= oe);
}

/**
 * The box to fetch for a view: the current fetch while the view stays inside it and has not
 * zoomed out past half its size, else the view with a margin, so panning refetches rarely.
 */
export function fetchBoxFor(view: Bounds, current: Bounds | null): Bounds {
  if (current && containsBounds(current, view)) {
    const [cw, ce] = lngSpan(current);
    const [vw, ve] = lngSpan(view);
    const shrunk =
      (ve - vw) * 4 < ce - cw && view.north - view.south < (current.north - current.south) / 4;
    if (!shrunk) return current;
  }
  return padBounds(view, 0.5);
}

/** The artworks' fetch: a box and the whole zoom level the server clusters for. */
export interface ArtworkView {
  box: Bounds;
  zoom: number;
}

/**
 * The artworks' fetch for a view: as fetchBoxFor within one zoom level; a new level asks again
 * for the view with its margin, since the server's clusters are sized for the level and a box
 * kept from further out would hold many times the cells a screen shows.
 */
export function artworkViewFor(
  view: Bounds,
  zoom: number,
  current: ArtworkView | null,
): ArtworkView {
  const level = Math.floor(zoom);
  if (current?.zoom !== level) return { box: padBounds(view, 0.5), zoom: level };
  const box = fetchBoxFor(view, current.box);
  return box === current.box ? current : { box, zoom: level };
}
