import type { Coordinates } from '../../../hooks/use-geolocation.ts';
import { CAMERA } from './map-types.ts';
import {
  artworkViewFor,
  fetchBoxFor,
  normaliseBounds,
  type ArtworkView,
  type Bounds,
} from './view-bounds.ts';

/** MapLibre's default field of view (36.87°): the camera sits 1.5 screen heights from the centre. */
const TAN_HALF_FOV = 1 / 3;
/** Rows nearer the horizon than this are left out, as MapLibre's own bounds leave out the sky. */
const MAX_RAY_DEGREES = 85;
/** MapLibre's tile size: the world is 512 × 2^zoom CSS pixels wide. */
const WORLD_TILE = 512;

export interface Camera {
  centre: Coordinates;
  zoom: number;
  /** Tilt in degrees, 0 looking straight down. */
  pitch: number;
  /** The map's size in CSS pixels. */
  width: number;
  height: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const mercatorY = (latitude: number) =>
  Math.log(Math.tan(Math.PI / 4 + toRadians(latitude) / 2)) / (2 * Math.PI);
const latitudeOf = (y: number) =>
  (Math.atan(Math.exp(y * 2 * Math.PI)) * 2 - Math.PI / 2) * (180 / Math.PI);

/**
 * The box a map facing north shows at `camera`, as the map itself reports it (its four corners'
 * extent), computed without the map: the ground each screen edge looks at through MapLibre's
 * perspective.
 */
export function viewBoundsAt({ centre, zoom, pitch, width, height }: Camera): Bounds {
  const world = WORLD_TILE * 2 ** zoom;
  const distance = height / 2 / TAN_HALF_FOV;
  const tilt = toRadians(pitch);
  const cameraHeight = distance * Math.cos(tilt);
  // Ground distance ahead of the centre and half width of the row `offset` pixels above it.
  const row = (offset: number) => {
    const off = Math.atan(offset / distance);
    const ray = Math.min(tilt + off, toRadians(MAX_RAY_DEGREES));
    const ahead = cameraHeight * Math.tan(ray) - distance * Math.sin(tilt);
    const depth = (cameraHeight / Math.cos(ray)) * Math.cos(off);
    return { ahead, halfWidth: ((width / 2) * depth) / distance };
  };
  const top = row(height / 2);
  const bottom = row(-height / 2);
  const halfWidth = Math.max(top.halfWidth, bottom.halfWidth);
  const x = centre.longitude / 360;
  const y = mercatorY(centre.latitude);
  return normaliseBounds(
    (x - halfWidth / world) * 360,
    latitudeOf(y + bottom.ahead / world),
    (x + halfWidth / world) * 360,
    latitudeOf(y + top.ahead / world),
  );
}

/**
 * The walls' and artworks' fetch for the map's first view, known before the map exists: the same
 * boxes the map home asks for once the map reports that view (fetchBoxFor keeps a box that holds
 * the view), so the first view's data is on its way while MapLibre starts.
 */
export function firstFetch(
  centre: Coordinates,
  zoom: number,
  size: { width: number; height: number },
): { fetchBox: Bounds; artworkView: ArtworkView } {
  const view = viewBoundsAt({ centre, zoom, pitch: CAMERA.tilt.initial, ...size });
  return { fetchBox: fetchBoxFor(view, null), artworkView: artworkViewFor(view, zoom, null) };
}
