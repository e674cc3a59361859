/**
 * Paths the server answers itself, never with the app shell: the API (sign-in and sign-out
 * pages, the API docs), photos, the street map archive, built assets and health checks.
 */
export const NO_SHELL = [
  /^\/api\//,
  /^\/objects\//,
  /^\/basemap\//,
  /^\/assets\//,
  /^\/(healthz|readyz)$/,
];

/**
 * The reads a player sees again offline: who they are, the map's walls, artworks, missions and
 * markers, their own profile, discoveries and collection, and the catalogue screens. Sign-in,
 * sign-out, exports, recovery codes, wallet nonces and payment links are never kept.
 */
export const KEPT_READS =
  /^\/api\/(auth\/user|config|legal-walls(\/.*)?|artworks(\/.*)?|missions|markers|discoveries(\/.*)?|profile|profile\/(achievements|art|collection)|artists|color-chart|community\/.*|leaderboard|subscription)$/;

/** A map tile from an imagery server: …/{z}/{x}/{y} with an image or vector tile extension. */
export const TILE_PATH = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp|pbf|mvt)$/;

/**
 * The header a saved area's download marks its street-map ranges with, and the fragment it marks
 * its imagery tiles with (a header would cost a CORS preflight on another host; a fragment is
 * never sent, yet reaches the worker whatever else the browser does to the request). Those
 * requests go straight to the network: the area keeps them, and the caches of what was seen stay
 * as they are.
 */
export const SAVING_AREA_HEADER = 'x-saving-area';
export const SAVING_AREA_FRAGMENT = '#saving-area';

export const isSavingArea = (request: Request) =>
  request.headers.has(SAVING_AREA_HEADER) || new URL(request.url).hash === SAVING_AREA_FRAGMENT;

/**
 * The Cache API keeps no partial answers, so each byte range the map reads is kept as a whole
 * answer of its own under the archive's URL plus the range, and handed back as the 206 the map
 * asked for. The URL carries the archive's version, so a kept range never goes stale. Saved
 * areas keep their ranges the same way, in their own caches.
 */
export const rangeKey = (url: string, range: string): string =>
  `${url.split('?')[0]}?range=${encodeURIComponent(range)}`;
