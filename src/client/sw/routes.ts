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
