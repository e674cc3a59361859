import { plain } from './cells.ts';
import { isObject } from './formats/page.ts';

/** One element of Overpass JSON (`[out:json]`), as far as the importers read it. */
export interface OsmElement {
  type: string;
  id: number;
  lat?: unknown;
  lon?: unknown;
  center?: unknown;
  geometry?: unknown;
  nodes?: unknown;
  tags?: Record<string, unknown>;
}

/** Tags that mark a legal painting surface in OpenStreetMap. */
export function isLegalSurface(tags: Record<string, unknown>): boolean {
  return tags.leisure === 'drawing_surface' || tags.graffiti === 'yes';
}

/**
 * The elements that are objects; anything else in the list is reported by its position
 * ('element 3') with why it is refused.
 */
export function osmElements(list: unknown[]): {
  elements: OsmElement[];
  refused: { at: string; problem: string }[];
} {
  const elements: OsmElement[] = [];
  const refused: { at: string; problem: string }[] = [];
  list.forEach((e, i) => {
    if (isObject(e)) elements.push(e as unknown as OsmElement);
    else refused.push({ at: `element ${i + 1}`, problem: 'not an OSM element (an object)' });
  });
  return { elements, refused };
}

/** 'node/123': where an element is, for the report and its OpenStreetMap URL. */
export const osmId = (e: OsmElement) => plain(`${String(e.type)}/${String(e.id)}`);

/** Elements with at least one tag: the records (untagged nodes are the ways' geometry). */
export const tagged = (e: OsmElement): e is OsmElement & { tags: Record<string, unknown> } =>
  isObject(e.tags) && Object.keys(e.tags).length > 0;

const finite = (p: unknown): p is { lat: number; lon: number } =>
  isObject(p) && Number.isFinite(p.lat) && Number.isFinite(p.lon);

/**
 * An element's point: a node's own `lat`/`lon` as given (the caller checks them), a way's
 * `center`, or the centre of its `geometry` or of its nodes found in the same file.
 */
export function osmPoint(
  e: OsmElement,
  nodes: Map<unknown, OsmElement>,
): { lat: unknown; lon: unknown } | null {
  if (e.lat !== undefined && e.lon !== undefined) return { lat: e.lat, lon: e.lon };
  if (isObject(e.center)) return { lat: e.center.lat, lon: e.center.lon };
  const vertices: unknown[] = Array.isArray(e.geometry)
    ? e.geometry
    : (Array.isArray(e.nodes) ? e.nodes : []).map((id) => nodes.get(id));
  const points = vertices.filter(finite);
  return points.length ? centre(points.map((p) => [p.lon, p.lat])) : null;
}

/** The mean of a shape's vertices (a closed ring's repeated last vertex counted once). */
export function centre(coords: number[][]): { lat: number; lon: number } {
  const first = coords[0]!;
  const last = coords.at(-1)!;
  const ring = coords.length > 1 && first[0] === last[0] && first[1] === last[1];
  const pts = ring ? coords.slice(0, -1) : coords;
  const sum = pts.reduce((acc, [lng, lat]) => [acc[0]! + lng!, acc[1]! + lat!], [0, 0]);
  return { lon: sum[0]! / pts.length, lat: sum[1]! / pts.length };
}
