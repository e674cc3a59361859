/**
 * Where GET /metrics is served (docs/decisions/052-metrics.md). Off unless the operator asks:
 * request rates and player counts are nobody else's business.
 * - METRICS_PORT: on a port of its own (bound to HOST), for the scraper's network only; the
 *   public port answers 404.
 * - METRICS_TOKEN: on the public port (and the metrics port, when both are set) to a request
 *   with `Authorization: Bearer <token>`; anything else gets 401.
 */
export interface MetricsConfig {
  port: number | null;
  token: string | null;
}

/** Long enough that guessing it over the network is hopeless. */
const MIN_TOKEN_LENGTH = 24;

export function metricsFromEnv(
  env: { METRICS_PORT?: string; METRICS_TOKEN?: string },
  publicPort: number,
): { metrics: MetricsConfig; problems: string[] } {
  const problems: string[] = [];
  const portText = env.METRICS_PORT?.trim() || null;
  const port = portText && /^\d{1,5}$/.test(portText) ? Number(portText) : null;
  if (portText && (port === null || port < 1 || port > 65535)) {
    problems.push('  METRICS_PORT: must be a port number from 1 to 65535');
  } else if (port !== null && port === publicPort) {
    problems.push('  METRICS_PORT: must differ from PORT (set METRICS_TOKEN to serve it there)');
  }
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token && (token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    problems.push(
      `  METRICS_TOKEN: must be at least ${MIN_TOKEN_LENGTH} visible ASCII characters (e.g. openssl rand -hex 24)`,
    );
  }
  return { metrics: { port, token }, problems };
}
